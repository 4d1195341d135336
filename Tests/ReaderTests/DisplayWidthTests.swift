import Testing
@testable import TextLayout

@testable import Reader

@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("a", 1), ("~", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("한", 2), ("あ", 2), ("Ａ", 2), ("ｱ", 1),
    ("😀", 2), ("🎉", 2), ("❤️", 2), ("❤", 1), ("🇫🇷", 2), ("👨‍👩‍👧", 2), ("👍🏽", 2), ("\u{200B}", 0),
    ("\u{0301}", 0), ("\t", 0), ("\u{1B}", 0), ("\u{00A0}", 1), ("─", 1), ("…", 1),
  ] as [(Character, Int)])
  func characterWidths(_ character: Character, _ width: Int) {
    #expect(DisplayWidth.of(character) == width)
  }

  @Test(arguments: [("", 0), ("hello", 5), ("中a😀", 5), ("e\u{301}te\u{301}", 3), ("日本語", 6)] as [(String, Int)])
  func stringWidths(_ text: String, _ width: Int) {
    #expect(DisplayWidth.of(text) == width)
    #expect(DisplayWidth.of(text[...]) == width)
  }

  @Test func stringWidthIsTheSumOfCharacterWidths() {
    let text = "Mixed 中文 text with 😀 and é and ｶﾅ"
    #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
  }
}
