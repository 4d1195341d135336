import Glibc
import Testing
@testable import TextLayout

@testable import Reader

@Suite struct DisplayWidthTests {
  /// Columns tmux 3.3a and xterm 379 both draw for each cluster as it is sent (`Grapheme.cells`, without
  /// its zero-width joiners; printed followed by a marker, the cursor's column read back; see
  /// docs/DECISIONS.md): the widths the surface must reserve.
  @Test(arguments: [
    ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("e\u{301}\u{323}", 1), ("中", 2), ("한", 2),
    ("\u{1112}\u{1161}\u{11AB}", 2), ("あ", 2), ("Ａ", 2), ("ｱ", 1), ("😀", 2), ("🎉", 2), ("🤔", 2),
    ("👩‍💻", 4), ("👨‍👩‍👧", 6), ("👨‍👩‍👧‍👦", 8), ("👍", 2), ("👍🏽", 4), ("👩🏽‍💻", 6), ("🇯🇵", 2),
    ("🇫🇷", 2), ("☺", 1), ("☺\u{FE0E}", 1), ("☺\u{FE0F}", 1), ("❤️", 1), ("❤", 1), ("1\u{FE0F}\u{20E3}", 1),
    ("🏳️‍🌈", 3), ("✈\u{FE0F}", 1), ("⌚", 2), ("กำ", 2), ("日\u{301}", 2),
    ("\u{200B}", 0), ("\u{0301}", 0), ("\u{00A0}", 1), ("─", 1), ("…", 1), ("\u{FFFD}", 1), ("\u{AD}", 1),
  ] as [(Character, Int)])
  func clusterWidthsAreWhatTmuxAndXtermDraw(_ character: Character, _ width: Int) {
    #expect(DisplayWidth.of(character) == width)
    #expect(Grapheme.cells(of: character).reduce(0) { $0 + $1.width } == width)
  }

  /// A cluster falls into the cells both terminals make of it, and no scalar but the joiner is lost.
  @Test(arguments: [
    ("👩‍💻", [2, 2]), ("👍🏽", [2, 2]), ("🇯🇵", [1, 1]), ("e\u{301}", [1]), ("1\u{FE0F}\u{20E3}", [1]),
    ("👩🏽‍💻", [2, 2, 2]), ("क\u{94D}\u{200D}ष", [1, 1]), ("\u{1112}\u{1161}\u{11AB}", [2]), ("กำ", [1, 1]),
  ] as [(Character, [Int])])
  func clustersSplitIntoTerminalCells(_ character: Character, _ widths: [Int]) {
    let cells = Grapheme.cells(of: character)
    #expect(cells.map(\.width) == widths)
    #expect(cells.flatMap(\.scalars) == character.unicodeScalars.filter { $0 != Grapheme.joiner })
  }

  /// What is drawn is what was measured: controls take the one column of their replacement.
  @Test(arguments: ["\u{1B}[31mred", "tab\there", "a\u{202E}b", "x\u{9B}1m", "nul\u{0}", "line\r\nbreak"])
  func controlsMeasureAsTheyAreDrawn(_ text: String) {
    let shown = String(text.compactMap(Grapheme.neutralized))
    #expect(DisplayWidth.of(text) == DisplayWidth.of(shown))
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  /// Every scalar the system's Unicode knows gets the width its `wcwidth` gives (what ncurses and tmux
  /// ask), controls aside (they are drawn as a replacement character).
  @Test func scalarWidthsAgreeWithTheSystemWcwidth() throws {
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
    let previous = uselocale(utf8)
    defer {
      uselocale(previous)
      freelocale(utf8)
    }
    var differences: [String] = []
    for v in UInt32(0x20)...0x3FFFF {
      guard let scalar = Unicode.Scalar(v), !(0x7F...0x9F).contains(v) else { continue }
      let system = Int(Self.systemWcwidth(wchar_t(bitPattern: v)))
      guard system >= 0, scalar.properties.generalCategory != .privateUse else { continue }  // unknown to it
      if DisplayWidth.of(scalar) != system && !Self.newerThanTheSystem.contains(v) {
        differences.append(String(v, radix: 16) + ": \(DisplayWidth.of(scalar)) vs \(system)")
      }
    }
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(20))")
  }

  @_silgen_name("wcwidth") private static func systemWcwidth(_ c: wchar_t) -> Int32

  /// Scalars whose category changed after the system's Unicode version (Ahom medial ra became a mark).
  static let newerThanTheSystem: Set<UInt32> = [0x1171E]

  @Test(arguments: [("", 0), ("hello", 5), ("中a😀", 5), ("e\u{301}te\u{301}", 3), ("日本語", 6), ("a👍🏽b", 6), ("क्ष", 2)] as [(String, Int)])
  func stringWidths(_ text: String, _ width: Int) {
    #expect(DisplayWidth.of(text) == width)
    #expect(DisplayWidth.of(text[...]) == width)
  }

  @Test func stringWidthIsTheSumOfCharacterWidths() {
    let text = "Mixed 中文 text with 😀 and é and ｶﾅ 👩‍💻 🇯🇵"
    #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
  }
}
