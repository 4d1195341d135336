import Testing
@testable import TextLayout

@testable import Reader


@Suite struct WrapTests {
  /// Words mixing everything the width rules care about.
  static let words = [
    "a", "word", "wrapping", "supercalifragilisticexpialidocious", "中文", "日本語の文章", "한국어",
    "😀", "👨‍👩‍👧", "🇫🇷", "e\u{301}te\u{301}", "ｶﾀｶﾅ", "ＡＢＣ", "x,", "(y)", "，", "。", "—", "\u{00A0}",
    "https://example.com/a/very/long/path/that/never/fits/anywhere",
  ]

  static func randomText(_ rng: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...40, using: &rng)).map { _ in words.randomElement(using: &rng)! }
      .joined(separator: Bool.random(using: &rng) ? " " : "")
  }

  static func randomHTML(_ rng: inout SplitMix64) -> String {
    let open = [
      "<p>", "<ul><li>", "<ol><li>", "<blockquote>", "<pre>", "<h2>", "<b>", "<a href='/x'>", "<dl><dd>",
      "<table><tr><td>", "<li>", "<br>", "<hr>", "<code>", "<i>",
    ]
    var html = ""
    for _ in 0..<Int.random(in: 1...25, using: &rng) {
      html += open.randomElement(using: &rng)! + randomText(&rng)
      if Bool.random(using: &rng) { html += "\n\t" + randomText(&rng) }
    }
    return html
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func renderedLinesNeverExceedTheWidth(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<40 {
      let text = StyledText(html: Self.randomHTML(&rng))
      for width in [1, 2, 3, 5, 8, 13, 21, 40, 80] + [Int.random(in: 1...120, using: &rng)] {
        for line in text.wrap(width: width) {
          #expect(line.width <= width, "\(line.text) at \(width)")
        }
      }
    }
  }

  @Test(arguments: [4, 5] as [UInt64])
  func flowWrappingKeepsEveryCharacter(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<100 {
      let input = Self.randomText(&rng)
      let block = StyledBlock(runs: [StyledRun(input, .bold)])
      // From the widest cluster of `randomText` (👨‍👩‍👧, six columns): a narrower line shows it as "…".
      let width = Int.random(in: 6...50, using: &rng)
      let lines = StyledText(blocks: [block]).wrap(width: width)
      #expect(lines.allSatisfy { $0.width <= width })
      let kept = lines.map(\.text).joined().filter { $0 != " " }
      #expect(kept == input.filter { $0 != " " }, "width \(width)")
    }
  }

  @Test func verbatimLinesAreSoftBrokenNotReflowed() {
    let code = "let x = 1\n\nfunc veryLongFunctionName(argument: Int) -> Int { argument }"
    let lines = StyledText(blocks: [StyledBlock(kind: .verbatim, runs: [StyledRun(code, .code)])])
      .wrap(width: 20).map(\.text)
    #expect(lines == ["let x = 1", "", "func veryLongFunctio", "nName(argument: Int)", " -> Int { argument }"])
  }

  @Test(arguments: [
    (width: 4, text: "中文中文", lines: ["中文", "中文"]),
    (width: 3, text: "中文中", lines: ["中", "文", "中"]),
    (width: 1, text: "中a", lines: ["…", "a"]),
    (width: 5, text: "abcdefghijk", lines: ["abcde", "fghij", "k"]),
    (width: 6, text: "ab cdefghijk", lines: ["ab", "cdefgh", "ijk"]),
    (width: 6, text: "Hello, world", lines: ["Hello,", "world"]),
    (width: 3, text: "e\u{301}e\u{301}e\u{301}e\u{301}", lines: ["e\u{301}e\u{301}e\u{301}", "e\u{301}"]),
    (width: 5, text: "😀😀😀", lines: ["😀😀", "😀"]),
    (width: 8, text: "a\u{00A0}b\u{00A0}c d", lines: ["a\u{00A0}b\u{00A0}c d"]),
    (width: 4, text: "a\nb c d", lines: ["a", "b c", "d"]),
  ])
  func flowBreaks(width: Int, text: String, lines: [String]) {
    let wrapped = StyledText(blocks: [StyledBlock(runs: [StyledRun(text)])]).wrap(width: width)
    #expect(wrapped.map(\.text) == lines)
  }

  @Test func stylesSurviveAWordSplitAcrossRuns() {
    let block = StyledBlock(runs: [StyledRun("ab", .bold), StyledRun("cd ef", .italic)])
    let lines = StyledText(blocks: [block]).wrap(width: 4)
    #expect(lines.map(\.runs) == [[StyledRun("ab", .bold), StyledRun("cd", .italic)], [StyledRun("ef", .italic)]])
  }

  @Test func prefixesNeverTakeMoreThanHalfTheWidth() {
    let block = StyledBlock(
      runs: [StyledRun("text here")], firstPrefix: [StyledRun("│ │ │ │ ", .quote)],
      restPrefix: [StyledRun("│ │ │ │ ", .quote)])
    let lines = StyledText(blocks: [block]).wrap(width: 6)
    #expect(lines.map(\.text) == ["│ │tex", "│ │t", "│ │her", "│ │e"])
  }

  @Test func zeroAndNegativeWidthsWrapAsOne() {
    let text = StyledText(blocks: [StyledBlock(runs: [StyledRun("ab")])])
    #expect(text.wrap(width: 0).map(\.text) == ["a", "b"])
    #expect(text.wrap(width: -5).map(\.text) == ["a", "b"])
  }
}

/// Plain strings (list titles, bars) on the one wrapper: at most `maxLines` lines by display width.
@Suite struct PlainWrapTests {
  @Test(arguments: [
    ("Understanding Self Sizing Cells and Dynamic Type in iOS 8", 36, 3,
     ["Understanding Self Sizing Cells and", "Dynamic Type in iOS 8"]),
    ("short", 10, 3, ["short"]),
    ("", 10, 3, []),
    ("one two three four five six", 9, 2, ["one two", "three…"]),
    ("Supercalifragilistic", 8, 3, ["Supercal", "ifragili", "stic"]),
    ("Supercalifragilisticexpialidocious", 8, 2, ["Supercal", "ifragil…"]),
    ("日本語のタイトルです", 8, 3, ["日本語の", "タイトル", "です"]),
    ("日本語のタイトルです", 7, 2, ["日本語", "のタイ…"]),
    ("アダプティブ", 8, 3, ["アダプ", "ティブ"]),  // a small ィ never starts a line
    ("emoji 😀😀 ok", 8, 3, ["emoji 😀", "😀 ok"]),
    ("tab\tand  spaces", 20, 3, ["tab and spaces"]),
    ("a\nb", 20, 3, ["a\nb"]),  // a newline in a title is a character: the surface shows U+FFFD
    ("👩‍💻👩‍💻👩‍💻", 9, 3, ["👩‍💻👩‍💻", "👩‍💻"]),
    ("👍🏽👍🏽", 6, 3, ["👍🏽", "👍🏽"]),
    ("👍🏽x", 3, 3, ["…x"]),  // wider than the line: shown as an ellipsis, never cut
    ("🇯🇵🇯🇵🇯🇵", 5, 3, ["🇯🇵🇯🇵", "🇯🇵"]),
    ("cafe\u{301}cafe\u{301}", 5, 3, ["cafe\u{301}c", "afe\u{301}"]),
    ("a b", 0, 3, []),
  ] as [(String, Int, Int, [String])])
  func wrap(text: String, width: Int, maxLines: Int, expected: [String]) {
    #expect(TextWrapper.lines(text, width: width, maxLines: maxLines) == expected)
  }

  @Test(arguments: [
    ("Publish Date", 20, "Publish Date"), ("Publish Date", 8, "Publish…"), ("日本語", 5, "日本…"),
    ("ab👩‍💻cd", 3, "ab…"), ("ab👩‍💻cd", 7, "ab👩‍💻…"), ("👍🏽👍🏽", 5, "👍🏽…"), ("🇯🇵🇯🇵", 3, "🇯🇵…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"), ("1\u{FE0F}\u{20E3}23", 2, "1\u{FE0F}\u{20E3}…"),
  ] as [(String, Int, String)])
  func truncate(text: String, width: Int, expected: String) {
    #expect(TextWrapper.truncate(text, width: width) == expected)
  }

  /// List titles and articles break lines by the same rules: a title wraps as a paragraph would.
  @Test(arguments: [6, 7] as [UInt64])
  func titlesWrapLikeParagraphs(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let text = WrapTests.randomText(&rng)
      let width = Int.random(in: 1...40, using: &rng)
      let paragraph = StyledText(blocks: [StyledBlock(runs: [StyledRun(text)])]).wrap(width: width).map(\.text)
      #expect(TextWrapper.lines(text, width: width) == paragraph, "width \(width): \(text)")
    }
  }

  /// Wrapping never cuts inside a cluster: every line is made of the input's clusters, whole.
  @Test func clustersAreNeverSplit() {
    let clusters: [Character] = ["👩‍💻", "👍🏽", "🇯🇵", "e\u{301}", "\u{1112}\u{1161}\u{11AB}", "☺\u{FE0F}", "1\u{FE0F}\u{20E3}", "日"]
    let text = String((0..<60).map { clusters[$0 * 7 % clusters.count] })
    for width in 4...30 {
      let lines = TextWrapper.lines(text, width: width)
      #expect(lines.joined() == text, "width \(width)")
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= width && $0.allSatisfy(clusters.contains) })
    }
  }
}

/// Each wrapped line knows where it starts in the text, so a reader keeps its place at any width.
struct WrapPositionTests {
  static let text = StyledText(blocks: [
    StyledBlock(runs: [StyledRun("alpha beta gamma delta epsilon zeta eta theta")]),
    StyledBlock(kind: .verbatim, runs: [StyledRun("line one\nline two")], gapBefore: true),
    StyledBlock(runs: [StyledRun("iota kappa")], gapBefore: true),
  ])

  @Test func linesCarryTheirBlockAndCharacterOffset() {
    let lines = Self.text.wrap(width: 12)
    #expect(lines.map(\.text) == ["alpha beta", "gamma delta", "epsilon zeta", "eta theta", "", "line one", "line two", "", "iota kappa"])
    #expect(lines.map(\.source) == [
      TextPosition(block: 0, offset: 0), TextPosition(block: 0, offset: 11), TextPosition(block: 0, offset: 23),
      TextPosition(block: 0, offset: 36), TextPosition(block: 1, offset: -1), TextPosition(block: 1, offset: 0),
      TextPosition(block: 1, offset: 9), TextPosition(block: 2, offset: -1), TextPosition(block: 2, offset: 0),
    ])
  }

  @Test(arguments: [5, 9, 20, 80])
  func eachLineStartsAtItsOffset(width: Int) {
    let source = "alpha beta gamma delta epsilon zeta eta theta"
    for line in Self.text.wrap(width: width) where line.source.block == 0 {
      let start = source.index(source.startIndex, offsetBy: line.source.offset)
      #expect(source[start...].hasPrefix(line.text.trimmingCharacters(in: .whitespaces)), "\(line.text) at \(line.source.offset)")
    }
  }

  @Test func aWordBrokenBetweenCharactersContinuesItsOffset() {
    let lines = StyledText(blocks: [StyledBlock(runs: [StyledRun("abcdefghij")])]).wrap(width: 4)
    #expect(lines.map(\.source.offset) == [0, 4, 8])
  }
}
