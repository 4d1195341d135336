import Foundation
import TestSupport
import Testing

/// The article view and moving through articles, driven in tmux with the binary at a wide split (120×40)
/// and a narrow stack (60×24 with `--layout stack`: at 60×24 the landscape rule makes a split whose list
/// is 24 columns, too narrow for dates): the compact date column and the header's author and date, `o` on a list,
/// enclosures with `e` and the `player` setting, the reading place kept by text through resizes and `t`,
/// `f` as a toggle, `J`/`K` across feeds, and which pane has the focus.
@Suite(.serialized)
struct ArticleViewEndToEndTests {
  static let sizes = [(120, 40), (60, 24)]

  /// Two feeds on disk, a page server, logging browser and player scripts and a config naming them.
  final class Setup {
    let folder: RunFolder
    let server: TestHTTPServer
    let now = Date()
    var browserLog: String { folder.root.appendingPathComponent("browser.log").path }
    var playerLog: String { folder.root.appendingPathComponent("player.log").path }
    var base: String { "http://127.0.0.1:\(server.port)" }

    init() throws {
      folder = try RunFolder("splitfeed-view")
      let pages = folder.root.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
      try NewsPage.article()
        .write(to: pages.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
      server = try TestHTTPServer(serving: pages)
      for (name, log) in [("browser.sh", browserLog), ("player.sh", playerLog)] {
        let script = folder.root.appendingPathComponent(name).path
        try TemporaryDirectory.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log)'\n", atPath: script)
      }
      try "browser \(folder.root.path)/browser.sh\nplayer \(folder.root.path)/player.sh\n"
        .write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)
      // Paragraphs of unique words (p7w3: paragraph 7, word 3), so a line's first word says where it is.
      let body = (1...80).map { p in "<p>" + (1...24).map { "p\(p)w\($0)" }.joined(separator: " ") + "</p>" }.joined()
      let alpha = FeedXML.rss(title: "Alpha", items: [
        Self.item(
          "Morning news", date: now.addingTimeInterval(-60), link: base + "/page.html", author: "Ada Lovelace",
          body: body,
          extra: "<enclosure url=\"http://media.example/episode.mp3\" type=\"audio/mpeg\" length=\"24300000\"/>"
            + "<itunes:duration>1:02:03</itunes:duration>"),
        Self.item(
          "Midweek", date: now.addingTimeInterval(-3 * 86_400), link: base + "/midweek", body: "<p>Midweek body.</p>",
          extra: "<enclosure url=\"http://media.example/one.mp3\" type=\"audio/mpeg\"/>"
            + "<enclosure url=\"http://media.example/two.mp4\" type=\"video/mp4\"/>"),
        Self.item("Old story", date: Self.utc("2024-03-02 09:15"), link: base + "/old", body: "<p>Old body.</p>"),
      ])
      let beta = FeedXML.rss(title: "Beta", items: [
        Self.item("Beta first", date: Self.utc("2024-01-01 08:00"), link: base + "/beta", body: "<p>Beta body.</p>")
      ])
      try alpha.write(toFile: folder.root.appendingPathComponent("alpha.xml").path, atomically: true, encoding: .utf8)
      try beta.write(toFile: folder.root.appendingPathComponent("beta.xml").path, atomically: true, encoding: .utf8)
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: folder.root)
    }

    func start(_ size: (Int, Int)) throws -> TmuxHarness {
      let tmux = try folder.launchReader(feeds: ["alpha.xml", "beta.xml"], size: size)
      try tmux.waitFor(text: "Alpha")
      return tmux
    }

    static func utc(_ text: String) -> Date {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      return formatter.date(from: text)!
    }

    static func format(_ date: Date, _ pattern: String) -> String {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.dateFormat = pattern
      return formatter.string(from: date)
    }

    static func item(_ title: String, date: Date, link: String, author: String? = nil, body: String, extra: String = "")
      -> FeedXML.Item
    {
      FeedXML.Item(
        title: title, link: link, guid: link, pubDate: FeedXML.date(date), author: author,
        description: "<![CDATA[\(body)]]>", extra: extra)
    }

    func log(_ path: String) -> [String] {
      ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
  }

  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  /// The article body's first line: right of the separator in the split, the whole row in the stack.
  func topBodyLine(_ lines: [String]) -> String {
    let row = lines.count > 2 ? lines[2] : ""
    let pane = row.components(separatedBy: "│").last ?? row
    return pane.trimmingCharacters(in: .whitespaces)
  }

  @Test("dates in lists and the header, o on a list, enclosures with e", arguments: sizes)
  func datesLinksAndEnclosures(size: (Int, Int)) throws {
    let setup = try Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    let list = text(try tmux.waitFor(text: "2 Mar 2024"))
    #expect(list.contains(Setup.format(setup.now.addingTimeInterval(-60), "HH:mm")), "\(list)")
    #expect(list.contains(Setup.format(setup.now.addingTimeInterval(-3 * 86_400), "EEE HH:mm")), "\(list)")
    #expect(!list.contains("2024-03-02"))

    try tmux.send(keys: "j")
    try tmux.send(keys: "o")
    try tmux.waitUntil("the browser got the highlighted row's link") { _ in setup.log(setup.browserLog).count == 1 }
    #expect(setup.log(setup.browserLog) == [setup.base + "/midweek"])

    try tmux.send(keys: "k")
    try tmux.send(keys: "Enter")
    let article = text(try tmux.waitFor(text: "By Ada Lovelace"))
    #expect(article.contains("By Ada Lovelace · " + Setup.format(setup.now.addingTimeInterval(-60), "EEE, dd MMM yyyy HH:mm")))
    #expect(article.contains("▶ audio/mpeg · 24.3 MB · 1:02:03 · episode.mp3"), "\(article)")
    try tmux.send(keys: "o")
    try tmux.waitUntil("the article's link") { _ in setup.log(setup.browserLog).count == 2 }
    #expect(setup.log(setup.browserLog).last == setup.base + "/page.html")

    try tmux.send(keys: "e")
    try tmux.waitUntil("the player got the enclosure") { _ in setup.log(setup.playerLog).count == 1 }
    #expect(setup.log(setup.playerLog) == ["http://media.example/episode.mp3"])

    // Several enclosures: a chooser; 2 plays the second.
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Midweek body.")
    try tmux.send(keys: "e")
    try tmux.waitFor(text: "Play which?")
    try tmux.send(keys: "2")
    try tmux.waitUntil("the second enclosure played") { _ in setup.log(setup.playerLog).count == 2 }
    #expect(setup.log(setup.playerLog).last == "http://media.example/two.mp4")
    #expect(!text(try tmux.settledScreen()).contains("Play which?"))
  }

  @Test("the reading place is kept by text through resizes and t; f toggles the page", arguments: sizes)
  func readingPlaceAndFullPage(size: (Int, Int)) throws {
    let setup = try Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Morning news")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "p1w1")
    for _ in 0..<5 { try tmux.send(keys: "Space") }
    var before = topBodyLine(try tmux.settledScreen())
    if before.isEmpty {  // a paragraph gap at the top: one line on
      try tmux.send(keys: "j")
      before = topBodyLine(try tmux.waitUntil("a line on") { !topBodyLine($0).isEmpty })
    }
    let word = try #require(before.split(separator: " ").first.map(String.init))
    #expect(word.hasPrefix("p"), "\(before)")

    // Wider, then back: the word that began the top line is still on it.
    let wider = size.0 == 120 ? (200, 40) : (90, 24)
    try tmux.resize(cols: wider.0, rows: wider.1)
    // Settled at a width: the toolbar's right item ends the row at that width.
    func settled(at cols: Int) throws -> [String] {
      try tmux.waitUntil("drawn at \(cols) columns") { lines in
        lines.contains { $0.hasSuffix("[Publish Date]") && (cols - 2...cols).contains($0.count) }
      }
    }
    let afterWider = try settled(at: wider.0)
    #expect(topBodyLine(afterWider).split(separator: " ").contains(Substring(word)), "\(word) in \(topBodyLine(afterWider))")
    try tmux.resize(cols: size.0, rows: size.1)
    let back = try settled(at: size.0)
    #expect(topBodyLine(back).hasPrefix(word))

    // G then t (the list hidden or shown): the end of the article stays in view, not mid-article.
    try tmux.send(keys: "G")
    try tmux.waitFor(text: "p80w24")
    try tmux.send(keys: "t")
    if size.0 == 60 {
      try tmux.waitFor(text: "Old story")
      try tmux.send(keys: "t")
    }
    try tmux.waitUntil("the end still shows") { text($0).contains("p80w24") && (size.0 == 60 || text($0).contains("[Articles]")) }

    // f: the page, then the feed's text again, at the top each time.
    try tmux.send(keys: "f")
    try tmux.waitFor(text: "story1word one")
    try tmux.send(keys: "f")
    try tmux.waitFor(text: "p1w1")
    #expect(!text(try tmux.settledScreen()).contains("story1word"))
    try tmux.send(keys: "f")
    try tmux.waitFor(text: "story1word one")  // kept: no second fetch needed
  }

  @Test("J and K read on across feeds, marking read; the focused pane is drawn bright", arguments: sizes)
  func nextPreviousAndFocus(size: (Int, Int)) throws {
    let setup = try Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.waitFor(text: "3/3")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Morning news")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "p1w1")
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Midweek body.")
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Old body.")
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Beta body.")
    try tmux.send(keys: "K")
    try tmux.waitFor(text: "Old body.")
    try tmux.send(keys: "K")
    try tmux.waitFor(text: "Midweek body.")
    // Back to the feed list: every Alpha article was read on the way, Beta's one too.
    try tmux.send(keys: "h")
    if size.0 == 60 { try tmux.send(keys: "h") }
    try tmux.send(keys: "h")
    try tmux.waitFor(text: "0/3")
    #expect(text(try tmux.settledScreen()).contains("0/1"))

    guard size.0 == 120 else { return }
    // Split: the focused pane's title is bold and its selection bright; the other is dim.
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Morning news")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "p1w1")
    let articleFocused = try tmux.settledScreen(styled: true)
    #expect(articleFocused[0].contains("{attr2=1}Alpha"), "\(articleFocused[0])")
    #expect(articleFocused[0].contains("{attr1=1}Morning news"), "\(articleFocused[0])")
    #expect(articleFocused[2].hasPrefix("{attr2=1,attr7=1} Morning news"), "the list's selection is dim: \(articleFocused[2])")
    try tmux.send(keys: "h")
    let listFocused = try tmux.waitUntil(styled: true, "the list focused") { $0[0].contains("{attr1=1}Alpha") }
    #expect(listFocused[0].contains("{attr2=1}Morning news"), "\(listFocused[0])")
    #expect(listFocused[2].hasPrefix("{attr7=1} Morning news"), "the list's selection is bright: \(listFocused[2])")
  }
}
