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
}
