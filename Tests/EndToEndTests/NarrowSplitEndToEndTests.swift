import Foundation
import Testing

/// The split on a narrow landscape terminal (DESIGN §2/§3): at 70×30 the landscape rule still makes a
/// split, whose list is 24 columns; at 100×30 it is 35. Names keep their room (counts shrink first), the
/// tab bar's labels stay whole, and from 100 columns the article list has a date column, in a short form.
@Suite("Narrow split", .serialized)
struct NarrowSplitEndToEndTests {
  /// Two feeds, one with 120 articles (counts `120/120`), dated in 2014.
  static func folder() throws -> RunFolder {
    let folder = try RunFolder("splitfeed-narrow")
    let www = folder.root.appendingPathComponent("www")
    try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
    for (name, title, count) in [("rust.xml", "Rust / Blog", 120), ("swift.xml", "Swift", 3)] {
      let items = (0..<count).map { n in
        "<item><title>\(title) post \(n)</title><guid>\(name)-\(n)</guid>"
          + "<pubDate>Thu, 04 Sep 2014 0\(n / 60):\(String(format: "%02d", n % 60)):00 GMT</pubDate></item>"
      }
      try Data("<rss version=\"2.0\"><channel><title>\(title)</title>\(items.joined())</channel></rss>".utf8)
        .write(to: www.appendingPathComponent(name))
    }
    return folder
  }

  /// The reader in auto layout (a split from 60 columns at these shapes) at `cols`×`rows`, or in `layout`.
  static func launch(_ folder: RunFolder, cols: Int, rows: Int = 30, layout: String = "auto") throws -> TmuxHarness {
    let tmux = try TmuxHarness(
      arguments: ["--layout", layout, "--config-dir", folder.configDir, "--cache", folder.cacheFile]
        + ["www/rust.xml", "www/swift.xml"].map { folder.root.appendingPathComponent($0).path },
      cols: cols, rows: rows, environment: ["TZ": "UTC"])
    try tmux.waitFor(text: "Reloaded")
    return tmux
  }

  /// The list pane's part of a row (left of the divider), or nil for a row without it.
  static func list(_ row: String) -> String? {
    guard let divider = row.firstIndex(of: "│") else { return nil }
    return String(row[..<divider])
  }

  @Test("70×30: the feed's name whole beside its unread count, the tab bar's labels whole")
  func seventyColumnsKeepNamesAndTabs() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, cols: 70)
    defer { tmux.close() }
    let screen = try tmux.settledScreen()
    let shown = screen.joined(separator: "\n")
    let rows = screen.compactMap(Self.list)
    #expect(rows.first.map(\.count) == 24, "the list is 24 columns\n\(shown)")
    let rust = try #require(rows.first { $0.contains("Rust") }, "\(shown)")
    #expect(rust.contains("Rust / Blog"), "the name is cut: \(rust)\n\(shown)")
    #expect(rust.hasSuffix(" 120 "), "the unread count alone: \(rust)\n\(shown)")
    #expect(!shown.contains("120/120"), "\(shown)")
    let bar = try #require(screen.first { $0.contains("Recent") }, "\(shown)")
    #expect(bar.hasPrefix(" 1 Feeds (123)  2 Recent│"), "the tab bar: \(bar)")
  }

  @Test("100×30: unread/total counts, and the article list's dates in their short form")
  func hundredColumnsShowCountsAndShortDates() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, cols: 100)
    defer { tmux.close() }
    let screen = try tmux.settledScreen()
    let shown = screen.joined(separator: "\n")
    let rows = screen.compactMap(Self.list)
    #expect(rows.first.map(\.count) == 35, "the list is 35 columns\n\(shown)")
    #expect(rows.contains { $0.contains("Rust / Blog") && $0.hasSuffix(" 120/120 ") }, "\(shown)")
    #expect(screen.contains { $0.contains(" 1 Feeds (123) ") && $0.contains(" 2 Recent ") }, "\(shown)")

    try Self.expectShortDate(tmux, openingRustFrom: rows)
  }

  /// Opens Rust / Blog's list from the feed list whose rows (left of the divider) are `rows`, and
  /// expects its newest article's row (`post 119`, its title wrapped in a narrow list) to end with the
  /// one-fact date, `2014`.
  static func expectShortDate(_ tmux: TmuxHarness, openingRustFrom rows: [String]) throws {
    let unread = try #require(rows.firstIndex { $0.contains("Unread") })
    let rust = try #require(rows.firstIndex { $0.contains("Rust / Blog") })
    try tmux.send(keys: "g")
    for _ in unread..<rust { try tmux.send(keys: "Down") }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "119")
    let articles = try tmux.settledScreen().compactMap(Self.list)
    let first = try #require(articles.first { $0.contains("Blog post") })
    #expect(articles.contains { $0.contains("119") })
    #expect(first.hasSuffix(" 2014 ") && !first.contains("Sep"), "a short date: \(first)\n\(articles.joined(separator: "\n"))")
  }

  @Test("80×24: the split stays, and its 28-column article list keeps the dates in their short form")
  func eightyByTwentyFourKeepsShortDates() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, cols: 80, rows: 24)
    defer { tmux.close() }
    let screen = try tmux.settledScreen()
    let rows = screen.compactMap(Self.list)
    #expect(rows.first.map(\.count) == 28, "a split, its list 28 columns\n\(screen.joined(separator: "\n"))")
    try Self.expectShortDate(tmux, openingRustFrom: rows)
  }

  @Test("70×30 in the stack: the list has the whole width, whole counts and whole dates")
  func seventyColumnsStacked() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let tmux = try Self.launch(folder, cols: 70, layout: "stack")
    defer { tmux.close() }
    let shown = try tmux.settledScreen().joined(separator: "\n")
    #expect(shown.contains(" 1 Feeds (123)   2 Recent") && shown.contains("120/120"), "\(shown)")
    try tmux.send(keys: "G")
    try tmux.send(keys: "Up")
    try tmux.send(keys: "Enter")
    let articles = try tmux.waitFor(text: "post 119")
    #expect(articles.contains { $0.contains("post 119") && $0.hasSuffix(" 4 Sep 2014") }, "\(articles.joined(separator: "\n"))")
  }
}
