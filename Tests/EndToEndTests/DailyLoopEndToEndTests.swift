import Foundation
import Testing

/// The daily loop on the real binary in tmux (DESIGN §5): triaging through Unread or a search's results
/// with `J`/`K`/`n` stays in that list, in its order, and says so at its end; Back then lands on the list
/// read from. Also what the status line says: a search's count, `]` walking matches near the end of an
/// article, article keys pressed in a list, a long search kept in view; and the help at 70 columns. At a
/// wide split (140×40) and a collapsed stack (70×30) where the layout matters.
@Suite("The daily loop in tmux", .serialized)
struct DailyLoopEndToEndTests {
  static let sizes = [(140, 40), (70, 30)]

  /// Alpha and Beta, their articles a day apart and interleaved by date, so Unread (newest first) reads
  /// Apple story, Berry story, Apple news, Banana news, Avocado story. Avocado story ends with three
  /// paragraphs holding "zebra" after seventy without.
  final class Setup {
    let folder: RunFolder

    init() throws {
      folder = try RunFolder("splitfeed-daily")
      let filler = (1...70).map { "<p>Filler paragraph \($0) of the long story.</p>" }.joined()
      let zebras = ["first", "second", "third"].map { "<p>The \($0) zebra crosses.</p>" }.joined()
      try Self.write("alpha.xml", title: "Alpha", items: [
        ("Apple story", 10, "<p>Body of Apple story.</p>"), ("Apple news", 8, "<p>Body of Apple news.</p>"),
        ("Avocado story", 6, "<p>Body of Avocado story.</p>" + filler + zebras),
      ], in: folder)
      try Self.write("beta.xml", title: "Beta", items: [
        ("Berry story", 9, "<p>Body of Berry story.</p>"), ("Banana news", 7, "<p>Body of Banana news.</p>"),
      ], in: folder)
    }

    deinit { try? FileManager.default.removeItem(at: folder.root) }

    static func write(_ name: String, title: String, items: [(String, Int, String)], in folder: RunFolder) throws {
      let entries = items.map { title, day, body in
        "<item><title>\(title)</title><guid>\(name)-\(day)</guid><link>https://example.com/\(day)</link>"
          + "<pubDate>\(day < 10 ? "0" : "")\(day) Sep 2014 12:00:00 GMT</pubDate>"
          + "<description><![CDATA[\(body)]]></description></item>"
      }
      let xml = "<rss version=\"2.0\"><channel><title>\(title)</title>\(entries.joined())</channel></rss>"
      try Data(xml.utf8).write(to: folder.root.appendingPathComponent(name))
    }

    func start(_ size: (Int, Int)) throws -> TmuxHarness {
      let tmux = try folder.launchReader(feeds: ["alpha.xml", "beta.xml"], size: size)
      try tmux.waitFor(text: "Beta")
      return tmux
    }
  }

  /// The status line (the last row), trimmed.
  func status(_ tmux: TmuxHarness) throws -> String {
    (try tmux.screen().last ?? "").trimmingCharacters(in: .whitespaces)
  }

  func waitForStatus(_ tmux: TmuxHarness, _ text: String) throws {
    try tmux.waitUntil("status '\(text)'") { ($0.last ?? "").contains(text) }
  }

  /// Whether the bar with Back names `title`: the list Back leads to is still the one read from.
  func backBarNames(_ title: String, _ screen: [String]) -> Bool {
    screen.contains { $0.contains("Back") && $0.contains(title) }
  }

  @Test("J, K and P move through Unread in its order, stop at its end, and Back lands on Unread", arguments: sizes)
  func jAndKStayInUnread(size: (Int, Int)) throws {
    try run(size) { tmux in
      try tmux.send(keys: "k", "k", "Enter")
      try tmux.waitFor(text: "Berry story")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Body of Apple story.")
      // Unread's next is Beta's article, not Alpha's next one.
      try tmux.send(keys: "J")
      try tmux.waitFor(text: "Body of Berry story.")
      try tmux.send(keys: "J")
      try tmux.waitFor(text: "Body of Apple news.")
      try tmux.send(keys: "K")
      try tmux.waitFor(text: "Body of Berry story.")
      try tmux.send(keys: "J", "J", "J")
      try tmux.waitFor(text: "Body of Avocado story.")
      try tmux.send(keys: "J")
      try waitForStatus(tmux, "This is the last article of Unread.")
      #expect(text(try tmux.screen()).contains("Body of Avocado story."), "the last article stays open")
      // P: back to the nearest unread article above, in Unread's order.
      try tmux.send(keys: "K", "N", "J")
      try tmux.waitFor(text: "Body of Avocado story.")
      try tmux.send(keys: "P")
      try tmux.waitFor(text: "Body of Banana news.")
      try tmux.send(keys: "h")
      // Waited for, not a settled screen: a loaded reader can take longer than a settle to draw the key.
      try tmux.waitUntil("Back lands on Unread") { backBarNames("Unread", $0) }
    }
  }

  @Test("n goes through a search's results, not the article's feed; Enter says how many matched", arguments: sizes)
  func nStaysInSearchResults(size: (Int, Int)) throws {
    try run(size) { tmux in
      try openSearch(tmux)
      try tmux.type("story")
      try waitAbove(tmux, "Avocado story")
      // The count comes after the rows: the field counts the results.
      try tmux.waitUntil("the field counts the results") { ($0.last ?? "").hasSuffix("(3 articles)") }
      try tmux.send(keys: "Enter")
      try tmux.waitUntil("the field closed") { !($0.last ?? "").contains("Search:") }
      #expect(try status(tmux) == "3 articles match “story”.")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Body of Apple story.")
      try tmux.send(keys: "n")
      try tmux.waitFor(text: "Body of Berry story.")
      try tmux.send(keys: "n")
      try tmux.waitFor(text: "Body of Avocado story.")
      try tmux.send(keys: "n")
      try waitForStatus(tmux, "No more unread articles in Search: story.")
      try tmux.send(keys: "h")
      try tmux.waitUntil("the results again") { backBarNames("Search: story", $0) }
    }
  }

  @Test("] near the end of an article walks the matches still below the top line")
  func bracketsWalkMatchesNearTheEnd() throws {
    try run((140, 40)) { tmux in
      try openSearch(tmux)
      try tmux.type("zebra")
      try waitAbove(tmux, "Avocado story")
      try tmux.waitUntil("the field counts the result") { ($0.last ?? "").hasSuffix("(1 article)") }
      try tmux.send(keys: "Enter")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Body of Avocado story.")
      // The first ] scrolls as far as the text goes; the next ones walk the matches on screen below the
      // top line, and only past the last is there none below.
      for n in 1...3 {
        try tmux.send(keys: "]")
        // Waited for: a settled screen could still be the one before the key.
        let screen = try tmux.waitUntil("] \(n): Match \(n) of 3.") { ($0.last ?? "").contains("Match \(n) of 3.") }
        #expect(screen.last?.contains("No more matches below.") == false, "] \(n) with matches below")
        #expect(text(screen).contains("The \(["first", "second", "third"][n - 1]) zebra crosses."), "the match is in view")
      }
      try tmux.send(keys: "]")
      try waitForStatus(tmux, "No more matches below.")
      try tmux.send(keys: "[")
      try waitForStatus(tmux, "Match 2 of 3.")
    }
  }

  @Test("an article's keys pressed in a list say why nothing happened", arguments: sizes)
  func articleKeysInAListExplainThemselves(size: (Int, Int)) throws {
    try run(size) { tmux in
      for (key, summary) in [("K", "previous article"), ("f", "the web page"), ("e", "play the enclosure"), ("J", "next article")] {
        try tmux.send(keys: key)
        try waitForStatus(tmux, "\(key) works in an open article: \(summary)")
      }
    }
  }

  @Test("a long search keeps what is typed last in view")
  func aLongSearchScrollsToTheCursor() throws {
    try run((70, 30)) { tmux in
      try openSearch(tmux)
      try tmux.paste(Array(String(repeating: "x", count: 150).utf8), bracketed: true)
      try tmux.type("Q")
      try waitForStatus(tmux, "xQ")
      #expect(try status(tmux).hasPrefix("Search: …x"))
    }
  }

  @Test("the help at 70 columns keeps its summary column and cuts nothing")
  func helpAtSeventyColumns() throws {
    try run((70, 30)) { tmux in
      try tmux.send(keys: "?")
      let first = try tmux.waitFor(text: "next article")
      func column(_ text: String, _ screen: [String]) -> Int? {
        screen.lazy.compactMap { line in line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }.first
      }
      let summaries = column("next article", first)
      #expect(summaries != nil && column("the web page", first) == summaries, "f's summary in the column:\n\(text(first))")
      #expect(column("once)", first) == summaries, "its second line under it")
      try tmux.send(keys: "G")  // the end, however many keys the map has grown to
      let last = try tmux.waitFor(text: "closes this help")
      #expect(column("search this list", last) == summaries)
      #expect(column("feed)", last) == summaries, "the summary wraps whole:\n\(text(last))")
      #expect(!text(last).contains("…"))
    }
  }

  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  /// The reader over the two feeds at `size`, for `body`; closed after.
  func run(_ size: (Int, Int), _ body: (TmuxHarness) throws -> Void) throws {
    let setup = try Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try body(tmux)
  }

  /// `/`, once the field is open.
  func openSearch(_ tmux: TmuxHarness) throws {
    try tmux.send(keys: "/")
    try tmux.waitFor(text: "Search:")
  }

  /// Waits until `text` shows above the status line (which echoes what is typed).
  @discardableResult
  func waitAbove(_ tmux: TmuxHarness, _ text: String) throws -> [String] {
    try tmux.waitUntil("'\(text)' above the status line") { $0.dropLast().contains { $0.contains(text) } }
  }
}
