import Foundation
import Testing

/// Points of issue 23 fixed before, met the way a user meets them, in tmux at a wide split (120×40) and a
/// narrow stack (60×24): a urls file's `"~Title"` and `"!"` (point 3), one feed beside a `query:` line
/// (point 5), `A` then `R` with the default settings (point 10), `confirm-exit` and an undated article's
/// place among dated ones (point 11).
@Suite("Fixed points in tmux", .serialized)
struct FixedPointsEndToEndTests {
  static let sizes = [(120, 40), (60, 24)]

  /// A run folder with feeds `www/<name>` (titles; see `RunFolder.writeFeed`), the urls file `urls`
  /// (`FEED:name` stands for the feed's file:// address) and the config `config`.
  static func folder(feeds: [String: (title: String, items: [String])], urls: String, config: String = "") throws -> RunFolder {
    let folder = try RunFolder("splitfeed-points")
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("www"), withIntermediateDirectories: true)
    var lines = urls
    for (name, feed) in feeds {
      try folder.writeFeed(name, title: feed.title, items: feed.items)
      lines = lines.replacingOccurrences(of: "FEED:\(name)", with: folder.root.appendingPathComponent("www/\(name)").absoluteString)
    }
    try Data(lines.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    return folder
  }

  /// The reader over the urls file, in the stack below 100 columns, once its start-up reload reported
  /// (when it makes one: feeds fetched before are not).
  static func launch(_ folder: RunFolder, _ size: (Int, Int), reloaded: Bool = true) throws -> TmuxHarness {
    let tmux = try TmuxHarness(
      arguments: (size.0 < 100 ? ["--layout", "stack"] : []) + ["--config-dir", folder.configDir, "--cache", folder.cacheFile],
      cols: size.0, rows: size.1, environment: ["TZ": "UTC"])
    if reloaded { try tmux.waitFor(text: "Reloaded") }
    return tmux
  }

  /// Waits until `text` shows above the status line.
  @discardableResult
  static func waitAbove(_ tmux: TmuxHarness, _ text: String) throws -> [String] {
    try tmux.waitUntil("'\(text)' above the status line") { $0.dropLast().contains { $0.contains(text) } }
  }

  @Test("point 3: \"~Title\" renames a feed, \"!\" hides it from the feed list only; neither is a tag or a folder",
    arguments: sizes)
  func renamedAndHiddenFeeds(cols: Int, rows: Int) throws {
    let folder = try Self.folder(
      feeds: ["a.xml": ("Alpha", ["Alpha first"]), "b.xml": ("Beta", ["Beta secret story"]), "c.xml": ("Gamma", ["Gamma one"])],
      urls: "FEED:a.xml \"~Renamed Alpha\"\nFEED:b.xml \"!\"\nFEED:c.xml\n")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, (cols, rows))
    defer { tmux.close() }
    let list = try tmux.settledScreen().dropLast().joined(separator: "\n")
    #expect(list.contains("Renamed Alpha") && list.contains("Gamma"), "\(list)")
    #expect(!list.contains("Beta") && !list.contains("Alpha first"), "\(list)")
    #expect(!list.contains("/ ") && !list.contains("~") && !list.contains("!"), "a tag row or a marker: \(list)")

    // Unread (the first row) lists the hidden feed's article; so does a search.
    try tmux.send(keys: "g")
    try tmux.send(keys: "Enter")
    try Self.waitAbove(tmux, "Beta secret story")
    try tmux.send(keys: "Escape")
    try tmux.send(keys: "/")
    try tmux.waitFor(text: "Search:")
    try tmux.type("secret")
    try tmux.send(keys: "Enter")
    try Self.waitAbove(tmux, "Beta secret story")

    let export = try DumpCommandTests.run(["export", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains("Renamed Alpha"), "\(export.stdout)")
    #expect(!export.stdout.contains("text=\"!\"") && !export.stdout.contains("text=\"~"), "a folder of the words: \(export.stdout)")
  }

  @Test("point 5: one feed and a query line: the reader opens on the feed list, the feed one Enter away",
    arguments: sizes)
  func oneFeedAndAQueryOpenOnTheFeedList(cols: Int, rows: Int) throws {
    let folder = try Self.folder(
      feeds: ["a.xml": ("Alpha", ["Rust compiler news", "Garden tips"])],
      urls: "FEED:a.xml\n\"query:Rusty:title =~ \\\"Rust\\\"\"\n")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, (cols, rows))
    defer { tmux.close() }
    let list = try tmux.settledScreen().dropLast()
    for row in ["Unread", "Starred", "Rusty", "Alpha"] {
      #expect(list.contains { $0.contains(row) }, "no \(row) row:\n\(list.joined(separator: "\n"))")
    }
    // The query feed opens its article; Back returns to the list; the feed opens all of its own.
    try tmux.send(keys: "G")
    try tmux.send(keys: "Up")
    try tmux.send(keys: "Enter")
    let rusty = try Self.waitAbove(tmux, "Rust compiler news")
    #expect(!rusty.dropLast().contains { $0.contains("Garden tips") })
    try tmux.send(keys: "Escape")
    try Self.waitAbove(tmux, "Starred")
    try tmux.send(keys: "G")
    try tmux.send(keys: "Enter")
    try Self.waitAbove(tmux, "Garden tips")
  }

  @Test("point 10: A then R with the default settings deletes no article", arguments: sizes)
  func markReadThenReloadKeepsEveryArticle(cols: Int, rows: Int) throws {
    let folder = try Self.folder(
      feeds: ["a.xml": ("Alpha", ["One", "Two", "Three"]), "b.xml": ("Beta", ["Four"])],
      urls: "FEED:a.xml\nFEED:b.xml\n")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, (cols, rows))
    defer { tmux.close() }
    try Self.waitAbove(tmux, "Alpha")
    try tmux.send(keys: "A")
    try tmux.waitUntil("Alpha's counts at 0/3") { $0.contains { $0.contains("Alpha") && $0.contains("0/3") } }
    try tmux.waitUntil("the first reload's summary gone") { !($0.last ?? "").contains("Reloaded") }
    try tmux.send(keys: "R")
    try tmux.waitUntil("a second reload") { ($0.last ?? "").contains("Reloaded 2 feeds") }
    let screen = try tmux.settledScreen()
    #expect(screen.contains { $0.contains("Alpha") && $0.contains("0/3") }, "\(screen.joined(separator: "\n"))")
    #expect(!(screen.last ?? "").contains("Removed"), "\(screen.last ?? "")")
    try tmux.send(keys: "Enter")
    let articles = try Self.waitAbove(tmux, "Three").dropLast().joined(separator: "\n")
    #expect(["One", "Two", "Three"].allSatisfy(articles.contains), "\(articles)")
    let count = try Command.run("sqlite3", [folder.cacheFile, "SELECT count(*) FROM items"])
    #expect(count.stdout == "4\n", "\(count.stdout)\(count.stderr)")
  }

  @Test("point 11: with confirm-exit, q at the root asks; n stays, y quits", arguments: sizes)
  func confirmExitAsks(cols: Int, rows: Int) throws {
    let folder = try Self.folder(
      feeds: ["a.xml": ("Alpha", ["One"]), "b.xml": ("Beta", ["Two"])], urls: "FEED:a.xml\nFEED:b.xml\n",
      config: "confirm-exit yes\n")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, (cols, rows))
    defer { tmux.close() }
    try Self.waitAbove(tmux, "Alpha")
    try tmux.send(keys: "q")
    try tmux.waitFor(text: "Quit splitfeed? (y/n)")
    try tmux.send(keys: "n")
    try tmux.waitUntil("the question gone") { !$0.joined().contains("Quit splitfeed?") }
    #expect(!(try tmux.screen().joined().contains("SPLITFEED-EXIT")), "n quit the reader")
    try Self.waitAbove(tmux, "Alpha")
    try tmux.send(keys: "q")
    try tmux.waitFor(text: "Quit splitfeed? (y/n)")
    try tmux.send(keys: "y")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test("point 11: an undated article sorts by when it arrived: below a newer day's, above older ones", arguments: sizes)
  func undatedArticleSortsByArrival(cols: Int, rows: Int) throws {
    let folder = try Self.folder(feeds: [:], urls: "")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let www = folder.root.appendingPathComponent("www")
    let feed = www.appendingPathComponent("a.xml")
    func write(_ items: [(String, Date?)]) throws {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
      let entries = items.map { title, date in
        "<item><title>\(title)</title><guid>\(title)</guid>" + (date.map { "<pubDate>\(formatter.string(from: $0))</pubDate>" } ?? "") + "</item>"
      }
      try Data("<rss version=\"2.0\"><channel><title>Alpha</title>\(entries.joined())</channel></rss>".utf8).write(to: feed)
    }
    // Day one: a dated article from yesterday and an undated one, fetched by `splitfeed reload`.
    try write([("Yesterday story", Date().addingTimeInterval(-86_400)), ("Undated story", nil)])
    try Data("\(feed.absoluteString)\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let reload = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 0, "\(reload.stderr)")
    // Later: the feed gains an article dated after the undated one was first seen.
    Thread.sleep(forTimeInterval: 1.1)
    try write([("Newer story", Date()), ("Yesterday story", Date().addingTimeInterval(-86_400)), ("Undated story", nil)])
    // The reader opens on what the cache holds; R fetches the newer article.
    let tmux = try Self.launch(folder, (cols, rows), reloaded: false)
    defer { tmux.close() }
    try Self.waitAbove(tmux, "Undated story")
    try tmux.send(keys: "R")
    let screen = try Self.waitAbove(tmux, "Newer story").dropLast()
    let order = ["Newer story", "Undated story", "Yesterday story"].map { title in screen.firstIndex { $0.contains(title) } }
    #expect(order.allSatisfy { $0 != nil } && order == order.sorted { ($0 ?? 0) < ($1 ?? 0) },
      "newest first, the undated one where it arrived:\n\(screen.joined(separator: "\n"))")
  }

  @Test("point 11: keys wait behind \"Terminal too small\": C y, A and N typed there mark nothing", arguments: sizes)
  func keysWaitBehindTheTooSmallNotice(cols: Int, rows: Int) throws {
    let folder = try Self.folder(
      feeds: ["a.xml": ("Alpha", ["One", "Two"]), "b.xml": ("Beta", ["Three"])], urls: "FEED:a.xml\nFEED:b.xml\n")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, (cols, rows))
    defer { tmux.close() }
    try tmux.waitUntil("Alpha at 2/2") { $0.contains { $0.contains("Alpha") && $0.contains("2/2") } }
    try tmux.resize(cols: 15, rows: 4)
    try tmux.waitFor(text: "Too small")
    for key in ["C", "y", "A", "N", "Enter", "u"] { try tmux.send(keys: key) }
    try tmux.resize(cols: cols, rows: rows)
    let screen = try tmux.waitUntil("the list back") { $0.contains { $0.contains("Alpha") } }
    #expect(!screen.joined().contains("Mark every"), "a question asked behind the notice: \(screen.joined(separator: "\n"))")
    let settled = try tmux.settledScreen()
    #expect(settled.contains { $0.contains("Alpha") && $0.contains("2/2") }, "\(settled.joined(separator: "\n"))")
    #expect(settled.contains { $0.contains("Beta") && $0.contains("1/1") }, "\(settled.joined(separator: "\n"))")
    let unread = try Command.run("sqlite3", [folder.cacheFile, "SELECT count(*) FROM items WHERE read = 0"])
    #expect(unread.stdout == "3\n", "\(unread.stdout)\(unread.stderr)")
  }
}
