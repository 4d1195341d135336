import Foundation
import TestSupport
import Testing

/// The triple-column split on the real binary in tmux (DESIGN §3a): three columns at 200×50, collapsing
/// one column at a time on resizes and back with the same feed, list, article and focus; `t`, `Tab`, a
/// click in each column, `J`; `text-width` keeping the article's lines to the measure.
@Suite("Three columns in tmux", .serialized)
struct ThreeColumnEndToEndTests {
  let folder: RunFolder
  init() throws { folder = try RunFolder("splitfeed-three") }

  /// Alpha (three stories whose bodies are one long paragraph) and Beta, as files.
  func writeFeeds() throws {
    let body = String(repeating: "A long sentence of the body that goes on and on across the column. ", count: 12)
    let items = ["First story", "Second story", "Third story"].enumerated().map { n, title in
      FeedXML.Item(
        title: title, link: "https://example.com/a/\(n)", guid: "a-\(n)",
        pubDate: "Thu, 0\(4 - n) Sep 2014 17:09:00 GMT", description: body)
    }
    try folder.temporary.write(FeedXML.rss(title: "Alpha", items: items), to: "www/a.xml")
    try folder.writeFeed("b.xml", title: "Beta", items: ["Beta story"])
  }

  /// The columns' separators of a screen line (their x, in cells).
  func separators(_ line: String) -> [Int] {
    line.enumerated().compactMap { $0.element == "│" || $0.element == "┼" ? $0.offset : nil }
  }

  /// The feed list in the left column (its Beta row) and `middle` as a row of the middle column.
  func threeColumns(_ lines: [String], middle: String) -> Bool {
    lines.contains { $0.hasPrefix(" Beta ") } && lines.contains { $0.contains("│ " + middle) }
  }

  /// A mouse press and release at the 0-based cell (x, y), in the X10 encoding tmux-256color's `kmous`
  /// names (button and 1-based coordinates plus 32, one byte each: x and y under 223).
  func click(_ tmux: TmuxHarness, _ x: Int, _ y: Int) throws {
    let at = [UInt8(33 + x), UInt8(33 + y)]
    try tmux.send(bytes: [0x1B, 0x5B, 0x4D, 32] + at + [0x1B, 0x5B, 0x4D, 35] + at)
  }

  @Test func journeyAcrossThreeTwoAndOneColumns() throws {
    defer { try? FileManager.default.removeItem(at: folder.root) }
    try writeFeeds()
    let tmux = try folder.launchReader(feeds: ["www/a.xml", "www/b.xml"], size: (200, 50))
    defer { tmux.close() }
    try tmux.waitFor(text: "No list chosen")
    // Alpha (the first feed, selected first) fills the middle column; the feed list stays.
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("Alpha's list in the middle column") { lines in
      threeColumns(lines, middle: "First story") && !lines.joined().contains("‹ Back")
    }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Hide lists]")
    try tmux.send(keys: "p")
    try tmux.waitFor(text: "Publish Date:")

    try tmux.resize(cols: 130, rows: 40)
    try tmux.waitUntil("two columns, the same article and popover") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("Hide list]") && text.contains("Publish Date:") && text.contains("‹ Back")
        && text.contains("First story") && !text.contains("Beta story")
    }
    try tmux.resize(cols: 50, rows: 30)
    try tmux.waitUntil("the stack, the article on top") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("‹ Back") && !text.contains("Hide list") && text.contains("A long sentence")
    }
    try tmux.resize(cols: 200, rows: 50)
    try tmux.waitUntil("three columns again: the feed list, Alpha's list, the article") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("Hide lists]") && text.contains("Publish Date:") && !text.contains("‹ Back")
        && threeColumns(lines, middle: "First story")
    }
    try tmux.send(keys: "Escape")
    try tmux.waitUntil("popover closed") { !$0.joined(separator: "\n").contains("Publish Date:") }

    // The focus came back on the article: `J` reads on to Alpha's second story, the middle list staying.
    try tmux.send(keys: "J")
    try tmux.waitUntil("the second story open") { lines in
      lines.first?.contains("Second story") == true && threeColumns(lines, middle: "Third story")
    }

    // `t` hides both list columns, `t` brings them back.
    try tmux.send(keys: "t")
    try tmux.waitUntil("the article alone") { lines in
      lines.joined(separator: "\n").contains("[Articles]") && !lines.contains { $0.contains("Beta") }
    }
    try tmux.send(keys: "t")
    try tmux.waitFor(text: "Hide lists]")

    // Tab from the article: the feed list, then the middle list (Enter there opens its selected row).
    try tmux.send(keys: "Tab", "Tab", "k", "Enter")
    try tmux.waitUntil("the first story again, from the middle list") { $0.first?.contains("First story") == true }

    // A click in each column: the feed list's Beta row fills the middle column with Beta's list; a click on
    // its row opens Beta's story.
    let lines = try tmux.screen()
    let seps = separators(lines[5])
    #expect(seps.count == 2, "two separators: \(lines[5])")
    let betaRow = try #require(lines.firstIndex { $0.hasPrefix(" Beta ") })
    try click(tmux, 2, betaRow)
    try tmux.waitUntil("Beta's list in the middle") { $0.contains { $0.contains("│ Beta story") } }
    let storyRow = try #require(try tmux.screen().firstIndex { $0.contains("│ Beta story") })
    try click(tmux, (seps.first ?? 30) + 3, storyRow)
    try tmux.waitUntil("Beta's story open") { $0.first?.contains("Beta story") == true }
  }

  @Test func textWidthKeepsArticleLinesToTheMeasure() throws {
    defer { try? FileManager.default.removeItem(at: folder.root) }
    try writeFeeds()
    try Data("text-width 80\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let tmux = try folder.launchReader(feeds: ["www/a.xml", "www/b.xml"], size: (200, 50))
    defer { tmux.close() }
    try tmux.send(keys: "Enter", "Enter")  // Alpha, the first feed, is selected first
    try tmux.waitFor(text: "Hide lists]")
    let lines = try tmux.waitFor(text: "A long sentence")
    // The article column's lines below its title bar, without the toolbar and the status line.
    let texts = lines.dropFirst(2).filter { !$0.contains("Publish Date]") && !$0.contains("Reloaded") }.map { line in
      String(line.dropFirst((separators(line).last ?? -1) + 1)).trimmingCharacters(in: .whitespaces)
    }
    #expect(texts.filter { $0.count >= 60 }.count > 3, "the paragraph wraps near the measure: \(texts)")
    for text in texts { #expect(text.count <= 80, "\(text.count) columns: \(text)") }
  }

  /// Whether the separator in cell column `column` is drawn whole in cell rows `rows` of `shot` (6 × 13
  /// cells): one pixel column of the cell is lit in every pixel row, so no character was drawn over it.
  static func separatorIntact(_ shot: XwdImage, column: Int, rows: Range<Int>) -> Bool {
    let (w, h) = (PicturesXtermEndToEndTests.cellWidth, PicturesXtermEndToEndTests.cellHeight)
    return (0..<w).contains { dx in
      rows.allSatisfy { row in (0..<h).allSatisfy { dy in shot[column * w + dx, row * h + dy] != 0 } }
    }
  }

  @Test(
    "xterm: three columns drawn at 200×50, no character past a separator",
    .enabled(if: XvfbScreen.isAvailable, "Xvfb, xterm or xwd is not installed (scripts/test installs xvfb xterm x11-apps xfonts-base)"))
  func xtermDrawsThreeColumns() throws {
    try writeFeeds()
    let feeds = ["www/a.xml", "www/b.xml"].map { folder.root.appendingPathComponent($0).path }
    let run = try PicturesXtermEndToEndTests.Run(folder: folder, server: nil, cols: 200, rows: 50, readerArguments: feeds)
    // The frames of `TripleColumnLayoutTests.framesPerMode` at 200 columns: separators in columns 32 and 93.
    let separators = [32, 93]
    let body = 2..<48
    _ = try run.waitFor("three columns") { shot in
      separators.allSatisfy { Self.separatorIntact(shot, column: $0, rows: body) }
    }
    try run.type("\r")
    try run.type("\r")
    let h = PicturesXtermEndToEndTests.cellHeight
    let articleX = (separators[1] + 2) * PicturesXtermEndToEndTests.cellWidth
    let shot = try run.waitFor("the article open in the right column") { shot in
      (articleX..<(shot.width - 20 * PicturesXtermEndToEndTests.cellWidth)).contains { x in
        (5 * h..<9 * h).contains { shot[x, $0] != 0 }
      }
    }
    for column in separators {
      #expect(Self.separatorIntact(shot, column: column, rows: body), "the separator in column \(column)")
    }
  }
}
