import Foundation
import Reader
import TestSupport
import Testing

/// Finding on the real binary in tmux, as a user does it: `/` typed letter by letter with the results
/// following, the words marked, Enter, Back, ↑ for the history, a malformed query; the tag level and `T`,
/// a `query:` line of the urls file, an `ignore-article` line of the config, `F` and `S`; at a wide split
/// (120×40) and a narrow stack (50×30).
@Suite("Finding in tmux", .serialized)
struct FindingEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }

  init() throws {
    folder = try RunFolder("splitfeed-finding")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
  }

  /// Alpha and Gamma tagged `tech`, Beta `home`; a query feed of the Rust titles; a killfile line for
  /// sponsored articles.
  func serve() throws -> TestHTTPServer {
    try folder.writeFeed("a.xml", title: "Alpha", items: ["Rust compiler news", "Garden tips", "Rust async story"])
    try folder.writeFeed("b.xml", title: "Beta", items: ["Cooking pasta", "Sponsored: buy now"])
    try folder.writeFeed("c.xml", title: "Gamma", items: ["Rust release notes"])
    let server = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let urls = """
      \(server.url("a.xml")) tech
      \(server.url("b.xml")) home
      \(server.url("c.xml")) tech
      "query:Rusty:title =~ \\"Rust\\""

      """
    try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let config = #"ignore-article * "title =~ \"Sponsored\"""# + "\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    return server
  }

  func launch(_ cols: Int, _ rows: Int) throws -> TmuxHarness {
    try TmuxHarness(arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile], cols: cols, rows: rows)
  }

  /// Serves the feeds, starts the reader at `cols`×`rows`, waits for its first reload, runs `body`, and
  /// cleans up.
  func run(_ cols: Int, _ rows: Int, _ body: (TmuxHarness) throws -> Void) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serve()
    defer { server.stop() }
    let tmux = try launch(cols, rows)
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 3 feeds")
    try body(tmux)
  }

  /// Waits until `text` shows above the status line (which echoes what is typed).
  @discardableResult
  func waitAbove(_ tmux: TmuxHarness, _ text: String) throws -> [String] {
    try tmux.waitUntil("'\(text)' above the status line") { $0.dropLast().contains { $0.contains(text) } }
  }

  @Test(arguments: [(120, 40), (50, 30)])
  func searchAsYouTypeBackHistoryAndABadQuery(cols: Int, rows: Int) throws {
    try run(cols, rows) { tmux in
      // Typed letter by letter: the results follow after a short pause.
      try tmux.send(keys: "/")
      try tmux.waitFor(text: "Search:")
      for letter in ["r", "u", "s", "t"] { try tmux.type(letter) }
      let results = try waitAbove(tmux, "Search: rust")
      #expect(["Rust compiler news", "Rust async story", "Rust release notes"].allSatisfy { title in
        results.contains { $0.contains(title) }
      })
      #expect(!results.contains { $0.contains("Garden tips") || $0.contains("Cooking pasta") })
      // The matched word is marked (underlined) in the titles.
      let styled = try tmux.settledScreen(styled: true)
      #expect(styled.contains { $0.range(of: "attr4=1[^}]*\\}Rust", options: .regularExpression) != nil })

      // Enter keeps the results; Enter again opens one; Back twice returns to where the search began.
      try tmux.send(keys: "Enter")
      try tmux.waitUntil("the field closed") { !($0.last ?? "").contains("Search:") }
      // The results keep their place across a resize to the other layout and back.
      try tmux.send(keys: "Down", "Down")
      let other = cols > 60 ? (50, 30) : (120, 40)
      try tmux.resize(cols: other.0, rows: other.1)
      try tmux.waitUntil("the results at \(other)") { $0.count == other.1 && $0.contains { $0.contains("Search: rust") } }
      try tmux.resize(cols: cols, rows: rows)
      try tmux.waitUntil("the results again") { $0.count == rows && $0.contains { $0.contains("Search: rust") } }
      try tmux.send(keys: "Enter")
      let opened = try tmux.waitFor(text: "Body of Rust")
      #expect(opened.contains { $0.contains("Body of Rust async story") }, "the third row (the oldest) stayed selected")
      // The opened article marks the word too.
      let article = try tmux.settledScreen(styled: true)
      #expect(article.contains { $0.range(of: "Body of \\{[^}]*attr4=1[^}]*\\}Rust", options: .regularExpression) != nil })
      try tmux.send(keys: "Escape")
      try tmux.send(keys: "Escape")
      try tmux.waitUntil("the feed list again") { screen in
        screen.contains { $0.contains("Rusty") } && !screen.contains { $0.contains("Search: rust") }
      }

      // ↑ walks the history kept in the cache.
      try tmux.send(keys: "/")
      try tmux.waitFor(text: "Search:")
      try tmux.send(keys: "Up")
      try tmux.waitUntil("the last search") { ($0.last ?? "").contains("Search: rust") }
      try tmux.send(keys: "Escape")

      // A malformed query says why on the status line and keeps the text.
      try tmux.send(keys: "/")
      try tmux.type("\"unclosed")
      try tmux.waitUntil("the problem") { ($0.last ?? "").contains("Search: \"unclosed  ←") }
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Search: \"unclosed")
      try tmux.send(keys: "Escape")
      try tmux.waitUntil("the field closed") { !($0.last ?? "").contains("Search:") }
    }
  }

  @Test(arguments: [(120, 40), (50, 30)])
  func tagsQueryFeedsIgnoreFilterAndSort(cols: Int, rows: Int) throws {
    try run(cols, rows) { tmux in
      // The root: smart rows, the query feed, the tags; every feed has a tag, so no feed is at the root.
      let top = try tmux.waitFor(text: "tech/")
      let order = ["Unread", "Starred", "Rusty", "home/", "tech/"].map { title in top.firstIndex { $0.contains(title) } ?? -1 }
      #expect(order == order.sorted() && !order.contains(-1))
      #expect(!top.contains { $0.contains("Alpha") })
      // The killfile line hides the sponsored article from the counts: 5 unread, not 6.
      #expect(top.contains { $0.contains("1 Feeds (5)") })

      // The query feed lists what its expression selects.
      try tmux.send(keys: "Enter")
      try waitAbove(tmux, "Rust release notes")
      #expect(!(try tmux.screen()).contains { $0.contains("Garden tips") })
      try tmux.send(keys: "Escape")

      // A tag opens its feeds, with their tags; T on it lists all their articles by date.
      try tmux.send(keys: "Down", "Enter")
      try tmux.waitFor(text: "Beta [home]")
      #expect(!(try tmux.screen()).contains { $0.contains("Sponsored") })
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Cooking pasta")
      #expect(!(try tmux.screen()).contains { $0.contains("Sponsored") }, "ignore-article hides it from the list")
      try tmux.send(keys: "Escape", "Escape")
      try tmux.send(keys: "Down", "T")
      try tmux.waitFor(text: "Garden tips")
      try tmux.waitFor(text: "Rust release notes")
      #expect(!(try tmux.screen()).contains { $0.contains("Cooking pasta") })

      // S cycles the sort, shown in the title bar; F limits the list, and an empty F shows all again.
      try tmux.send(keys: "S")
      try tmux.waitFor(text: "[sort:date-asc]")
      try tmux.send(keys: "S")
      try tmux.waitFor(text: "[sort:title]")
      let byTitle = try tmux.screen()
      let garden = byTitle.firstIndex { $0.contains("Garden tips") } ?? -1
      let async = byTitle.firstIndex { $0.contains("Rust async story") } ?? -1
      #expect(garden >= 0 && garden < async, "by title: Garden before Rust")
      try tmux.send(keys: "F")
      try tmux.waitFor(text: "Filter:")
      try tmux.type("title =~ \"Garden\"")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Filter: 1 article matches")
      #expect(!(try tmux.screen()).contains { $0.contains("Rust async story") })
      try tmux.send(keys: "F", "C-u", "Enter")
      try tmux.waitFor(text: "Rust async story")
    }
  }
}
