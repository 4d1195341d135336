import Foundation
import Reader
import TestSupport
import Testing

/// A cache that does not grow forever, the new-article notification, and no dead ends, through the real
/// binary: `splitfeed reload` prints what pruning removed and runs `notify-program`; the reader in tmux
/// (a wide split and a narrow stack) explains an empty feed, a hidden list, an unbound key and a failed
/// reload, and `E` lists every failed feed with its error.
@Suite("Hygiene through the binary", .serialized)
struct HygieneEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var configDir: String { folder.configDir }
  var cacheFile: String { folder.cacheFile }

  init() throws { folder = try RunFolder("splitfeed-hygiene") }

  /// An RSS file of `count` items (`<name> story 0` newest, a day apart), written under the run folder.
  @discardableResult
  func writeFeed(_ name: String, title: String, items count: Int) throws -> String {
    let now = Date().timeIntervalSince1970
    let items = (0..<count).map { n in
      FeedXML.Item(
        title: "\(name) story \(n)", guid: "\(name)-\(n)", pubDate: FeedXML.date(Date(timeIntervalSince1970: now - Double(n) * 86_400)))
    }
    return try folder.temporary.write(FeedXML.rss(title: title, items: items), to: name + ".xml")
  }

  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: configDir + "/" + name))
  }

  func launch(cols: Int, rows: Int) throws -> TmuxHarness {
    try TmuxHarness(arguments: ["--config-dir", configDir, "--cache", cacheFile], cols: cols, rows: rows)
  }

  func reload() throws -> (status: Int32, stdout: String, stderr: String) {
    try DumpCommandTests.run(["reload", "--config-dir", configDir, "--cache", cacheFile])
  }

  /// A script that appends its arguments, one a line, to `log` (run through /bin/sh: no exec of a file
  /// another test may still hold open).
  func notifyScript(_ log: URL) throws -> String {
    let script = root.appendingPathComponent("notify.sh")
    try Data("for a in \"$@\"; do printf '%s\\n' \"$a\" >> \(TmuxHarness.shellQuote(log.path)); done\n".utf8).write(to: script)
    return "/bin/sh \(script.path)"
  }

  @Test func reloadPrunesReadArticlesAndSaysSoKeepingUnreadStarredAndRecent() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let path = try writeFeed("big", title: "Big Feed", items: 10)
    try write(path + "\n", to: "urls")
    try write("max-articles-per-feed 3\n", to: "config")
    let first = try reload()
    #expect(first.stdout == "Reloaded 1 feed: 1 updated (10 new articles), 0 unchanged, 0 failed.\n", "\(first.stderr)")

    // Read everything but story 9, star story 8, open story 7 (Recent).
    do {
      let cache = try Cache(path: cacheFile)
      let feed = try #require(try cache.feeds().first)
      try cache.markFeedRead(feed.id)
      let ids = Dictionary(uniqueKeysWithValues: try cache.items(feedID: feed.id).map { ($0.title, $0.id) })
      try cache.setRead(false, itemIDs: [ids["big story 9"]!])
      try cache.setStarred(true, itemIDs: [ids["big story 8"]!])
      try cache.recordOpened(itemID: ids["big story 7"]!)
    }
    let second = try reload()
    #expect(second.status == 0)
    #expect(
      second.stdout == """
        Reloaded 1 feed: 1 updated (0 new articles), 0 unchanged, 0 failed.
        Removed 4 old articles (kept unread, starred and Recent).

        """, "\(second.stderr)")
    let cache = try Cache(path: cacheFile)
    let feed = try #require(try cache.feeds().first)
    #expect(
      Set(try cache.items(feedID: feed.id).map(\.title))
        == ["big story 0", "big story 1", "big story 2", "big story 7", "big story 8", "big story 9"])
    // The pruned stories are still in the file: the next reload does not bring them back.
    let third = try reload()
    #expect(third.stdout.hasPrefix("Reloaded 1 feed: 1 updated (0 new articles)"), "\(third.stdout)")
    #expect(!third.stdout.contains("Removed"))
    #expect(try cache.feed(id: feed.id)?.totalCount == 6)
  }

  @Test func reloadRunsTheNotifyProgramWithTheCountAndTitlesOnlyWhenThereIsSomethingNew() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let log = root.appendingPathComponent("notified")
    let a = try writeFeed("a", title: "Alpha $(touch pwned); x", items: 2)
    let b = try writeFeed("b", title: "Beta", items: 3)
    try write("\(a)\n\(b)\n", to: "urls")
    try write("notify-program \"\(try notifyScript(log))\"\n", to: "config")
    #expect(try reload().status == 0)
    #expect(try String(contentsOf: log, encoding: .utf8) == "--\n5\nAlpha $(touch pwned); x\nBeta\n")
    #expect(!FileManager.default.fileExists(atPath: configDir + "/pwned"))
    try FileManager.default.removeItem(at: log)
    #expect(try reload().status == 0)
    #expect(!FileManager.default.fileExists(atPath: log.path), "nothing new: no notification")

    try write("notify-program /nonexistent/notifier\n", to: "config")
    try writeFeed("b", title: "Beta", items: 4)
    let failing = try reload()
    #expect(failing.status == 0, "a notification that cannot run does not fail the reload")
    #expect(failing.stderr == "splitfeed: notify-program: Could not start /nonexistent/notifier: No such file or directory.\n")
  }

  /// The reader: the start-up reload brings articles, so the program runs; a program that fails is one
  /// status line.
  @Test func theReaderNotifiesAfterAReloadWithNewArticles() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let log = root.appendingPathComponent("notified")
    let path = try writeFeed("a", title: "Alpha", items: 2)
    try write(path + "\n", to: "urls")
    try write("notify-program \"\(try notifyScript(log))\"\n", to: "config")
    let tmux = try launch(cols: 120, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "a story 1")
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: log.path), Date() < deadline { usleep(50_000) }
    #expect((try? String(contentsOf: log, encoding: .utf8)) == "--\n2\nAlpha\n")
    #expect(!(try tmux.screen()).joined().contains("notify-program"), "the program's output never reaches the screen")
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)

    try write("notify-program false\n", to: "config")
    try writeFeed("a", title: "Alpha", items: 3)
    let again = try launch(cols: 60, rows: 24)
    defer { again.close() }
    try again.waitFor(text: "a story 0")
    try again.send(keys: "r")
    let screen = try again.waitFor(text: "notify-program: false exited with status 1.")
    #expect(screen.last?.contains("notify-program: false exited with status 1.") == true)
  }

  /// A wide split, a narrow split and a narrow stack.
  @Test(arguments: [(120, 40), (60, 24), (60, 40)])
  func emptyFeedUnboundKeyAndFailuresAreNoDeadEnds(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let empty = try writeFeed("quiet", title: "Quiet Feed", items: 0)
    let dead = "http://127.0.0.1:\(ReaderEndToEndTests.closedPort())/gone.xml"
    try write("\(empty)\n\(dead)\n", to: "urls")
    let tmux = try launch(cols: cols, rows: rows)
    defer { tmux.close() }
    // The reason of the failure comes first on the status line, whatever the width.
    let loaded = try tmux.waitFor(text: "Failed: Could not connect to 127.0.0.1", timeout: 20)
    #expect(loaded.last?.contains("Failed: Could not connect to 127.0.0.1") == true, "\(loaded.last ?? "")")
    if cols >= 120 { #expect(loaded.last?.contains("connection was refused. (E lists it) Reloaded 2 feeds") == true) }

    try tmux.send(keys: "x")
    let unbound = try tmux.waitFor(text: "x: not bound")
    #expect(unbound.last?.contains("x: not bound — ? for help") == true)

    try tmux.send(keys: "E")
    let list = try tmux.waitFor(text: "Problems")
    let text = list.joined(separator: "\n")
    #expect(text.contains("1 feed failed to load:"))
    #expect(text.contains("127.0.0.1"))
    #expect(text.contains("Could not connect to 127.0.0.1"), "\(text)")
    try tmux.send(keys: "Escape")
    try tmux.waitUntil("the list closed") { !$0.joined().contains("Problems") }

    try tmux.send(keys: "Enter")  // the empty feed (first in the list)
    let emptyScreen = try tmux.waitFor(text: "No articles in this")  // wrapped to the pane
    #expect(emptyScreen.joined(separator: "\n").contains("r reloads"))
    try tmux.send(keys: "q", "q", "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func aListHiddenFromTheStartSaysHowToShowIt() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let path = try writeFeed("a", title: "Alpha", items: 2)
    try write(path + "\n", to: "urls")
    try write("display-mode primaryHidden\n", to: "config")
    let wide = try launch(cols: 120, rows: 40)
    defer { wide.close() }
    try wide.waitFor(text: "t shows the list")
    #expect(!(try wide.screen()).joined().contains("a story 0"))
    try wide.send(keys: "t")
    let shown = try wide.waitFor(text: "a story 0")
    #expect(!shown.joined().contains("t shows the list"))
    // 60x24 is still a split (landscape): the same hint. A stack (60x40) always shows the list.
    let narrow = try launch(cols: 60, rows: 24)
    defer { narrow.close() }
    try narrow.waitFor(text: "t shows the list")
    let tall = try launch(cols: 60, rows: 40)
    defer { tall.close() }
    let stack = try tall.waitFor(text: "a story 0")
    #expect(!stack.joined().contains("t shows the list"))
  }
}
