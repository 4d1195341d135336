import Foundation
import TestSupport
import Testing
@testable import TextLayout

@testable import Reader

/// Renders `html` at `width` and returns the plain lines.
func renderLines(_ html: String, width: Int = 40, base: String? = "https://example.com/blog/post") -> [String] {
  StyledText(html: html, baseURL: base.flatMap(URL.init(string:))).wrap(width: width).map(\.text)
}

/// Reads a fixture under `Fixtures/<folder>/`.
func fixture(_ folder: String, _ name: String, filePath: String = #filePath) throws -> Data {
  let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures").appendingPathComponent(folder).appendingPathComponent(name)
  return try Data(contentsOf: url)
}

@Suite struct HTMLTextTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var html: String
    var width = 40
    var lines: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "paragraphs and collapsed whitespace",
      html: "<p>Hello <b>bold</b>  and\n\t<i>it</i> .</p>\n\n<p>  Second   para\n with  spaces </p>",
      lines: ["Hello bold and it .", "", "Second para with spaces"]),
    Case(
      name: "paragraphs wrap at the width",
      html: "<p>The quick brown fox jumps over the lazy dog again and again.</p>", width: 20,
      lines: ["The quick brown fox", "jumps over the lazy", "dog again and again."]),
    Case(
      name: "headings are separated blocks",
      html: "<h1>Title</h1>text<h2>Sub</h2><p>more</p>",
      lines: ["Title", "", "text", "", "Sub", "", "more"]),
    Case(
      name: "links are numbered with a list at the end",
      html: "<p>See <a href='/x'>this link</a>, <a href='http://e.com/'>that</a> and <a href='/x'>again</a>.</p>",
      lines: [
        "See this link[1], that[2] and again[1].", "", "Links", "[1] https://example.com/x",
        "[2] http://e.com/",
      ]),
    Case(
      name: "anchors, scripts and empty links get no number",
      html: "<a href='#top'>top</a> <a href='javascript:void(0)'>js</a> <a href='/e'></a> <a name=x>n</a>",
      lines: ["top js n"]),
    Case(
      name: "relative links resolve against the base URL",
      html: "<a href='other'>o</a> <a href='//cdn.example.org/f'>c</a> <a href='../up?q=1'>u</a>",
      lines: [
        "o[1] c[2] u[3]", "", "Links", "[1] https://example.com/blog/other",
        "[2] https://cdn.example.org/f", "[3] https://example.com/up?q=1",
      ]),
    Case(
      name: "unordered lists nest with hanging indents",
      html: "<ul><li>one</li><li>two<ul><li>nested item long enough to wrap</li></ul></li></ul><p>after</p>",
      width: 24,
      lines: ["• one", "• two", "  ◦ nested item long", "    enough to wrap", "", "after"]),
    Case(
      name: "ordered lists align their numbers and honour start and value",
      html: "<ol start='9'><li>nine</li><li>ten</li></ol><ol><li value='5'>five</li><li>six</li></ol>",
      lines: [" 9. nine", "10. ten", "", "5. five", "6. six"]),
    Case(
      name: "list item with paragraphs keeps the hanging indent",
      html: "<ol><li><p>first para</p><p>second para</p></li></ol>",
      lines: ["1. first para", "", "   second para"]),
    Case(
      name: "block quotes get a bar on every line",
      html: "<p>before</p><blockquote><p>quoted text long enough to wrap</p><p>second</p></blockquote>",
      width: 20,
      lines: ["before", "", "│ quoted text long", "│ enough to wrap", "│", "│ second"]),
    Case(
      name: "nested quote and list",
      html: "<blockquote><ul><li>a</li><li>b</li></ul><blockquote>deep</blockquote></blockquote>",
      lines: ["│ • a", "│ • b", "│", "│ │ deep"]),
    Case(
      name: "pre is verbatim, tabs expand, long lines soft-break",
      html: "<pre>\nline1\n\tindented\n  two  spaces\nabcdefghijklmnopqrstuvwxyz</pre>", width: 10,
      lines: ["line1", "        in", "dented", "  two  spa", "ces", "abcdefghij", "klmnopqrst", "uvwxyz"]),
    Case(
      name: "pre keeps blank lines inside and drops trailing ones",
      html: "<pre>a\n\n  b\n\n\n</pre><p>after</p>",
      lines: ["a", "", "  b", "", "after"]),
    Case(
      name: "line breaks",
      html: "a<br>b<br/><br>  c<br>",
      lines: ["a", "b", "", "c"]),
    Case(
      name: "images are blocks of their own, tracking pixels are dropped",
      html: "<p>x <img src='p.png' alt='A  cat'> <img src='q.png'> <img src='t.gif' width='1' height='1'> y</p>",
      lines: ["x", "[image: A cat]", "[image]", "y"]),
    Case(
      name: "an image without an http address, in a table cell or in pre stays a word",
      html: "<p>a <img src='data:image/png;base64,AAAA' alt='d'> b</p><table><tr><th>h</th><th>i</th></tr><tr><td><img src='c.png' alt='c'></td><td>2</td></tr></table>",
      lines: ["a [image: d] b", "", "h          │ i", "───────────┼──", "[image: c] │ 2"]),
    Case(
      name: "linked image",
      html: "<a href='/big.png'><img src='small.png' alt='pic'></a>",
      lines: ["[image: pic][1]", "", "Links", "[1] https://example.com/big.png"]),
    // Issue 34 point 6.
    Case(
      name: "adjacent links to one address read as one link",
      html: "<p>The <a href='/dm'>D</a><a href='/dm'>ata</a> <a href='/dm'>M</a><a href='/dm'>odel</a>, and <a href='/x'>x</a> then <a href='/x'>x</a>.</p>",
      width: 60, lines: ["The Data Model[1], and x[2] then x[2].", "", "Links", "[1] https://example.com/dm", "[2] https://example.com/x"]),
    Case(
      name: "a figure's caption, not its alt text, and alt text without markup",
      html: "<figure><img src='a.png' alt='A lake'><figcaption>The lake at dawn</figcaption></figure><p><img src='b.png' alt='Boats&lt;br&gt;&lt;small&gt;Photo: Cy&lt;/small&gt;'></p>",
      lines: ["[image]", "The lake at dawn", "", "[image: Boats Photo: Cy]"]),
    Case(
      name: "data tables become rows of cells",
      html: "<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>apple</td><td><p>3</p></td></tr></tbody></table>",
      lines: ["Name  │ Qty", "──────┼────", "apple │ 3"]),
    // Issue 34 point 5: the columns align (wrapping inside cells) when they fit, else one block per row.
    Case(
      name: "table columns align and cells wrap inside them",
      html: Self.planets, width: 36,
      lines: [
        "Planet  │ Moons │ Notes", "────────┼───────┼───────────────────",
        "Mercury │ 0     │ closest to the Sun", "Jupiter │ 95    │ the largest, a gas", "        │       │ giant",
        "Neptune │ 16    │ windy",
      ]),
    Case(
      name: "cells written outside any row are a row",
      html: "<table><tr><td>a</td><td>b</td></tr><td>c</td><td>d</td></table>",
      lines: ["a │ b", "c │ d"]),
    Case(
      name: "a table too narrow for its words is one block per row",
      html: Self.planets, width: 16,
      lines: [
        "Planet: Mercury", "Moons: 0", "Notes: closest", "to the Sun", "", "Planet: Jupiter", "Moons: 95",
        "Notes: the", "largest, a gas", "giant", "", "Planet: Neptune", "Moons: 16", "Notes: windy",
      ]),
    Case(
      name: "layout tables read as blocks",
      html: "<table><tr><td><p>one</p><p>two</p></td></tr></table><table><tr><td>solo</td></tr></table>",
      lines: ["one", "", "two", "", "solo"]),
    Case(
      name: "script, style, head and hidden content are dropped",
      html: "<html><head><title>T</title><style>p{}</style></head><body><script>x()</script><p>shown</p><p hidden>no</p><div style='display: none'>no</div></body></html>",
      lines: ["shown"]),
    Case(
      name: "entities are decoded",
      html: "<p>a &amp; b &lt;c&gt; &eacute; &#8230; &#x1F600; &nbsp;x</p>",
      lines: ["a & b <c> é … 😀 \u{00A0}x"]),
    Case(
      name: "inline quotes",
      html: "<p>He said <q>hi</q>.</p>",
      lines: ["He said \u{201C}hi\u{201D}."]),
    Case(
      name: "horizontal rule spans the width",
      html: "<p>x</p><hr><p>y</p>", width: 5,
      lines: ["x", "", "─────", "", "y"]),
    Case(
      name: "definition lists",
      html: "<dl><dt>term</dt><dd>definition</dd></dl>",
      lines: ["term", "    definition"]),
    Case(
      name: "media become placeholders with links",
      html: "<iframe src='https://video.example/v/1'></iframe><video><source src='/v.mp4'>fallback</video>",
      lines: ["[embedded][1][video][2]", "", "Links", "[1] https://video.example/v/1", "[2] https://example.com/v.mp4"]),
    Case(
      name: "CJK wraps between characters, not before closing punctuation",
      html: "中文文本需要换行，因为它很长。", width: 16,
      lines: ["中文文本需要换", "行，因为它很长。"]),
    Case(
      name: "control characters are removed",
      html: "<p>a\u{1B}[31mb\u{07}c</p>",
      lines: ["a[31mbc"]),
    Case(
      name: "control characters in attributes are removed",
      html: "<img alt='x\u{1B}]52;y'>",
      lines: ["[image: x]52;y]"]),
    Case(
      name: "malformed markup is recovered",
      html: "<p>unclosed <b>bold <i>both</p><p>next</b> para",
      lines: ["unclosed bold both", "", "next para"]),
    Case(name: "empty input", html: "", lines: []),
    Case(name: "only whitespace", html: " \n\t <p> </p> ", lines: []),
  ]

  static let planets = PlanetsTable.html

  @Test(arguments: cases)
  func renders(_ c: Case) {
    #expect(renderLines(c.html, width: c.width) == c.lines)
  }

  @Test func stylesAreCarriedOnRuns() {
    let text = StyledText(
      html: "<h2>Head</h2><p><b>b</b><i>i</i><code>c</code><a href='http://x/'>l</a><del>d</del></p><blockquote>q</blockquote>",
      baseURL: nil)
    let lines = text.wrap(width: 40)
    #expect(lines[0].runs == [StyledRun("Head", [.heading, .bold])])
    #expect(
      lines[2].runs == [
        StyledRun("b", .bold), StyledRun("i", .italic), StyledRun("c", .code), StyledRun("l", .link),
        StyledRun("[1]", .dim), StyledRun("d", .strikethrough),
      ])
    #expect(lines[4].runs == [StyledRun("│ ", [.quote, .dim]), StyledRun("q", .quote)])
    #expect(text.links == ["http://x/"])
  }

  @Test func preformattedBlocksAreCode() {
    let lines = StyledText(html: "<pre><code>let x = 1</code></pre>").wrap(width: 40)
    #expect(lines == [StyledLine(runs: [StyledRun("let x = 1", .code)])])
  }

  @Test func listIndentationIsReportedAsIndent() {
    let lines = StyledText(html: "<ul><li>a long item that wraps</li></ul>").wrap(width: 12)
    #expect(lines.map(\.text) == ["• a long", "  item that", "  wraps"])
    #expect(lines.map(\.indent) == [0, 2, 2])
    #expect(lines[1].runs == [StyledRun("item that")])
  }

  @Test func deepNestingLeavesRoomForText() {
    let html = String(repeating: "<blockquote>", count: 50) + "deep words" + String(repeating: "</blockquote>", count: 50)
    let lines = StyledText(html: html).wrap(width: 20)
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.width <= 20 })
    #expect(lines.map(\.text).joined().contains("deep"))
  }

  @Test func controlCharactersInLinksArePercentEncoded() {
    // An OSC 52 clipboard write hidden in an href must reach neither the link list nor the browser raw.
    let text = StyledText(html: "<a href=\"https://x/\u{1B}]52;c;aGk=\u{07}\u{85}x\">a</a>")
    #expect(text.links == ["https://x/%1B]52;c;aGk=%07%C2%85x"])
    #expect(!text.wrap(width: 80).map(\.text).joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x85 })
  }

  @Test func hostileNestingDoesNotCrash() {
    // libxml2 stops building the tree past its depth limit (256); what it kept renders, nothing crashes.
    let hostile = String(repeating: "<div><span>", count: 20_000) + "x"
    #expect(StyledText(html: hostile).wrap(width: 30).allSatisfy { $0.width <= 30 })
    let deep = String(repeating: "<div><span>", count: 100) + "x"
    #expect(StyledText(html: deep).wrap(width: 30).map(\.text) == ["x"])
  }

  @Test func articleFixtureRendersWithinWidth() throws {
    let html = try #require(String(data: try fixture("html", "article.html"), encoding: .utf8))
    let text = StyledText(html: html, baseURL: URL(string: "https://www.appcoda.com/self-sizing-cells/"))
    for width in [20, 45, 80] {
      let lines = text.wrap(width: width)
      #expect(lines.allSatisfy { $0.width <= width })
    }
    let plain = text.wrap(width: 80).map(\.text)
    if ProcessInfo.processInfo.environment["SHOW_RENDER"] != nil { print(plain.joined(separator: "\n")) }
    #expect(plain.first == "Understanding Self Sizing Cells")
    #expect(plain.contains("  estimatedRowHeight = 68.0"))
    #expect(text.links.first == "https://www.appcoda.com/self-sizing-cells/demo.zip")
    #expect(!plain.joined().contains("tracker"))
  }
}
