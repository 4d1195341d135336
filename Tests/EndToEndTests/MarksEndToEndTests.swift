import Foundation
import Reader
import TestSupport
import Testing

/// Marks by hand on the real binary in tmux, as a user makes them: `N`, `A`, `C` with `y` and `n`, `u`
/// after each, `s` and the Starred entry, `U` with its title-bar marker; at a wide split and a narrow
/// stack. Marks survive quit and relaunch, and `kill -9` once their write has landed.
@Suite("Marks in tmux", .serialized)
struct MarksEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }

  init() throws {
    folder = try RunFolder("splitfeed-marks")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
  }

  /// Two feeds served locally: Alpha (3 articles) and Beta (1).
  func serve() throws -> TestHTTPServer {
    try folder.writeFeed("a.xml", title: "Alpha", items: ["Alpha first story", "Alpha second story", "Alpha third story"])
    try folder.writeFeed("b.xml", title: "Beta", items: ["Beta only story"])
    let server = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let urls = [server.url("a.xml"), server.url("b.xml")].joined(separator: "\n") + "\n"
    try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    return server
  }

  func launch(_ cols: Int, _ rows: Int) throws -> TmuxHarness {
    try TmuxHarness(arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile], cols: cols, rows: rows)
  }

  /// Waits for a feed-list row with `title` and `counts` (`unread/total`; the unread count alone where
  /// the list is narrow, as the 24-column list of a 60-column split is: DESIGN §1).
  func waitForRow(_ tmux: TmuxHarness, _ title: String, _ counts: String) throws {
    try tmux.waitUntil("\(title) at \(counts)") { screen in
      screen.contains { row in
        row.contains(title) && (row.contains(" \(counts) ") || row.contains(" \(counts.prefix { $0 != "/" }) │"))
      }
    }
  }

  /// Waits until the cache file says `condition` (the background write has landed).
  func waitForCache(_ what: String, _ condition: (Cache) throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let cache = try? Cache(path: folder.cacheFile, readOnly: true), (try? condition(cache)) == true { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxHarness.Failure(description: "the cache never showed \(what)")
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func everyMarkCountsFollowUndoAndRelaunch(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serve()
    defer { server.stop() }
    let tmux = try launch(cols, rows)
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 2 feeds")
    try tmux.waitFor(text: "1 Feeds (4)")

    // N on a row, then u.
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Alpha third")
    try tmux.send(keys: "N")
    try tmux.waitFor(text: "1 Feeds (3)")
    try tmux.send(keys: "u")
    try tmux.waitFor(text: "1 Feeds (4)")
    // A on the list, then u.
    try tmux.send(keys: "A")
    try tmux.waitFor(text: "Marked 3 articles read")
    try tmux.waitFor(text: "1 Feeds (1)")
    try tmux.send(keys: "u")
    try tmux.waitFor(text: "1 Feeds (4)")
    // s: the row is starred.
    try tmux.send(keys: "s")
    try tmux.waitFor(text: "★Alpha first")

    // C + n cancels, C + y marks everything, u undoes it.
    try tmux.send(keys: "h")
    try waitForRow(tmux, "Alpha", "3/3")
    try tmux.send(keys: "C")
    try tmux.waitFor(text: "Mark every article of every feed read? (y/n)")
    try tmux.send(keys: "n")
    try tmux.waitFor(text: "Cancelled.")
    try waitForRow(tmux, "Alpha", "3/3")
    try tmux.send(keys: "C")
    try tmux.waitFor(text: "(y/n)")
    try tmux.send(keys: "y")
    try waitForRow(tmux, "Alpha", "0/3")
    try waitForRow(tmux, "Beta", "0/1")
    try tmux.waitFor(text: "1 Feeds (0)")
    try tmux.send(keys: "u")
    try waitForRow(tmux, "Beta", "1/1")
    try tmux.waitFor(text: "1 Feeds (4)")

    // The Starred entry (above the first feed) lists the starred article.
    try waitForRow(tmux, "Starred", "1")
    try tmux.send(keys: "k", "Enter")
    let starred = try tmux.waitFor(text: "★Alpha first")
    #expect(!starred.contains { $0.contains("Alpha second") })
    try tmux.send(keys: "h")

    // U: Beta, marked read, is hidden; the title bar says so; U again shows it.
    try tmux.send(keys: "j", "j")
    try tmux.send(keys: "A")
    try waitForRow(tmux, "Beta", "0/1")
    try tmux.send(keys: "U")
    try tmux.waitFor(text: "[unread")
    // The screen once it stops changing: a capture can land between two parts of one frame's output
    // (the title already redrawn, the rows not yet).
    let hidden = try tmux.settledScreen()
    #expect(!hidden.contains { $0.contains("Beta") }, "\(hidden.joined(separator: "\n"))")
    try tmux.send(keys: "U")
    try tmux.waitFor(text: "Beta")
    #expect(!(try tmux.settledScreen()).contains { $0.contains("[unread") })
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)

    // Relaunch: Beta read, Alpha unread, the star kept.
    let again = try launch(cols, rows)
    defer { again.close() }
    try waitForRow(again, "Beta", "0/1")
    try waitForRow(again, "Alpha", "3/3")
    try waitForRow(again, "Starred", "1")
    try again.send(keys: "Enter")
    try again.waitFor(text: "★Alpha first")
    try again.send(keys: "q", "q")
    #expect(try again.waitForExit().status == 0)
  }

  @Test func aMarkSurvivesKillNineOnceWritten() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serve()
    defer { server.stop() }
    let tmux = try launch(120, 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 2 feeds")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Alpha third")
    try tmux.send(keys: "N", "s")
    try tmux.waitFor(text: "★Alpha first")
    try waitForCache("the first article read and starred") { cache in
      let feed = try #require(try cache.feeds().first { $0.title == "Alpha" })
      let first = try #require(try cache.items(feedID: feed.id).first)
      return first.isRead && first.isStarred
    }
    let pid = try #require(try tmux.programPID())
    kill(pid, SIGKILL)
    _ = try? tmux.waitForExit()

    let again = try launch(120, 40)
    defer { again.close() }
    try waitForRow(again, "Alpha", "2/3")
    try waitForRow(again, "Starred", "1")
    try again.send(keys: "q")
    #expect(try again.waitForExit().status == 0)
  }
}
