import Testing

import TextLayout
@testable import ScreenKit
@testable import ReaderUI
@testable import splitfeed

/// Nothing drawn from a feed may reach the terminal as a control sequence (Surface's invariant).
@Suite struct TerminalTextTests {
  @Test("control characters and escape sequences are neutralized", arguments: [
    ("\u{1B}]52;c;aGVsbG8=\u{07}title", "\u{FFFD}]52;c;aGVsbG8=\u{FFFD}title"),
    ("a\u{1B}[2Jb", "a\u{FFFD}[2Jb"),
    ("x\u{9B}31my", "x\u{FFFD}31my"),
    ("tab\there", "tab here"),
    ("nul\u{0}byte", "nul\u{FFFD}byte"),
    ("bidi\u{202E}txet", "biditxet"),
    ("isolate\u{2066}x\u{2069}", "isolatex"),
    ("plain café 日本", "plain café 日本"),
  ])
  func sanitizes(input: String, expected: String) {
    #expect(TerminalText.sanitized(input) == expected)
  }

  @Test func surfaceNeverStoresControls() {
    var surface = Surface(size: Size(width: 20, height: 1))
    surface.put("\u{1B}[31mred", at: .zero)
    #expect(surface.lines == ["\u{FFFD}[31mred"])
    for x in 0..<20 {
      #expect(!surface[x, 0].grapheme.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
  }

  @Test func wideGraphemesAreClippedWhole() {
    var surface = Surface(size: Size(width: 8, height: 1))
    surface.put("日本語abc", at: .zero)
    #expect(surface.lines == ["日本語ab"])
    var narrow = Surface(size: Size(width: 5, height: 1))
    narrow.put("日本語", at: .zero)
    #expect(narrow.lines == ["日本"])
    #expect(narrow[4, 0] == .blank)
  }

  /// A cluster is stored whole in one cell, followed by as many continuation cells as it is wide.
  @Test(arguments: [
    ("\u{1F469}\u{200D}\u{1F4BB}", 4), ("\u{1F44D}\u{1F3FD}", 4), ("\u{1F1EF}\u{1F1F5}", 2), ("e\u{301}", 1),
    ("\u{1112}\u{1161}\u{11AB}", 2), ("\u{263A}\u{FE0F}", 1), ("1\u{FE0F}\u{20E3}", 1),
  ] as [(String, Int)])
  func clustersTakeOneCellAndTheirContinuations(cluster: String, width: Int) {
    var surface = Surface(size: Size(width: 8, height: 1))
    #expect(surface.put(cluster + "|", at: Point(x: 1, y: 0)) == width + 1)
    #expect(surface[1, 0].grapheme == cluster && !surface[1, 0].isContinuation)
    for x in 2..<(1 + width) { #expect(surface[x, 0].isContinuation, "column \(x)") }
    #expect(surface[1 + width, 0].grapheme == "|")
  }

  @Test func overwritingPartOfAClusterBlanksItWhole() {
    var surface = Surface(size: Size(width: 8, height: 1))
    surface.put("a\u{1F44D}\u{1F3FD}b", at: .zero)
    surface.put("x", at: Point(x: 3, y: 0))  // the third of 👍🏽's four columns
    #expect(surface.lines == ["a  x b"])
    #expect((0..<8).allSatisfy { !surface[$0, 0].isContinuation })
    surface.put("\u{1F44D}\u{1F3FD}", at: Point(x: 4, y: 0))
    surface.put("\u{1F469}\u{200D}\u{1F4BB}", at: Point(x: 3, y: 0))  // covers 👍🏽's head
    #expect(surface.lines == ["a  \u{1F469}\u{200D}\u{1F4BB}"])
  }

  /// Printable ASCII takes the byte-per-cell path; the same text with a clipped-away "é" after it takes
  /// the grapheme path. Both must store, clip on both sides and return alike.
  @Test(arguments: ["plain title 09:15 and on", "Mon 09:15 - 2 Mar 2024", "~!@#$%^&*()_+{}|<>?/.,"])
  func asciiPathMatchesTheGraphemePath(text: String) {
    let clip = Rect(x: 1, y: 0, width: 9, height: 1)
    var fast = Surface(size: Size(width: 12, height: 1))
    let fastWidth = fast.put(text, at: Point(x: -2, y: 0), clip: clip)
    var slow = Surface(size: Size(width: 12, height: 1))
    let slowWidth = slow.put(text + "\u{E9}", at: Point(x: -2, y: 0), clip: clip)
    #expect(fast == slow)
    #expect(fastWidth == slowWidth && fastWidth == 12)
    var shown = " " + String(text.dropFirst(3).prefix(9))
    while shown.last == " " { shown.removeLast() }
    #expect(fast.lines == [shown])
  }
}
