import Foundation
import Testing

/// Grapheme clusters drawn by the real binary in tmux 3.3: a ZWJ sequence (👩‍💻, sent without its joiner,
/// as xterm draws it too: XtermEndToEndTests), a skin tone (👍🏽), a flag (🇯🇵), e + U+0301 and CJK reach
/// the pane whole, and every row holding them keeps the split view's border in its column, in the list and
/// in the article.
@Suite("Grapheme clusters in tmux", .serialized)
struct GraphemeEndToEndTests {
  static let feed = TerminalEndToEndTests.fixtures.appendingPathComponent("graphemes.xml").path

  /// Columns tmux 3.3a draws for the characters on this screen, as measured (docs/DECISIONS.md, 2026-11-23
  /// and 2026-11-26),
  /// independent of the app's `DisplayWidth`: a width the app gets wrong moves the border here.
  static func tmuxColumns(_ c: Character) -> Int? {
    let scalars = Array(c.unicodeScalars)
    switch scalars.map(\.value) {
    case [0x1F1EF, 0x1F1F5]: return 2
    case [0x1F44D, 0x1F3FD]: return 4
    case [0x65, 0x301]: return 1
    case let values where values.count == 1:
      let v = values[0]
      if v >= 0x20 && v < 0x7F { return 1 }
      if (0x3040...0x30FF).contains(v) || (0x4E00...0x9FFF).contains(v) { return 2 }
      if v == 0x1F469 || v == 0x1F4BB { return 2 }
      return "│─┼┌┐└┘…—‹◧▲▼•·".unicodeScalars.contains(scalars[0]) ? 1 : nil
    default: return nil
    }
  }

  /// The column where `marker` starts in `row` by tmux's widths, or nil when the row lacks it.
  static func column(of marker: Character, in row: String) throws -> Int? {
    var x = 0
    for c in row {
      if c == marker { return x }
      guard let w = tmuxColumns(c) else { throw TmuxHarness.Failure(description: "no tmux width for \(c.unicodeScalars.map { String($0.value, radix: 16) })") }
      x += w
    }
    return nil
  }

  static func holds(_ row: String, _ needle: String) -> Bool {
    let hay = Array(row.unicodeScalars)
    let n = Array(needle.unicodeScalars)
    guard hay.count >= n.count else { return false }
    return (0...(hay.count - n.count)).contains { Array(hay[$0..<($0 + n.count)]) == n }
  }

  static let clusters = ["\u{1F469}\u{1F4BB}", "\u{1F44D}\u{1F3FD}", "\u{1F1EF}\u{1F1F5}", "e\u{301}", "日本語"]

  /// Every row with the border has it at `border`, every row fits the pane, and the rows holding the
  /// clusters (at least `minimum` of them) hold each one whole.
  func expectBorderKept(_ screen: [String], border: Int, cols: Int, minimum: Int) throws {
    var rowsWithClusters = 0
    for (y, row) in screen.enumerated() {
      let width = try row.reduce(0) { total, c in
        guard let w = Self.tmuxColumns(c) else { throw TmuxHarness.Failure(description: "row \(y): no tmux width for \(c)") }
        return total + w
      }
      #expect(width <= cols, "row \(y) is \(width) columns wide: \(row)")
      if let x = try Self.column(of: "│", in: row) { #expect(x == border, "row \(y): border at \(x), not \(border): \(row)") }
      if Self.clusters.allSatisfy({ Self.holds(row, $0) }) { rowsWithClusters += 1 }
    }
    let shown = screen.joined(separator: "\n")
    #expect(rowsWithClusters >= minimum, "rows holding every cluster whole: \(rowsWithClusters)\n\(shown)")
  }

  @Test func clustersKeepTheBorderInTheListAndTheArticle() throws {
    let tmux = try TmuxHarness(arguments: [Self.feed], cols: 120, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "No article selected")
    let list = try tmux.settledScreen()
    // The rule under the list's title bar holds only box drawing: where its border is, every row's is.
    let rule = try #require(list.first { $0.hasPrefix("─") })
    let border = try #require(try Self.column(of: "│", in: rule))
    try expectBorderKept(list, border: border, cols: 120, minimum: 1)

    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Hide list]")
    let article = try tmux.settledScreen()
    // The title bar, the list row and the article's own lines: at least the paragraph's rows hold them all.
    try expectBorderKept(article, border: border, cols: 120, minimum: 3)
    #expect(article.contains { Self.holds($0, "end") }, "the article's last words are on screen")
  }
}
