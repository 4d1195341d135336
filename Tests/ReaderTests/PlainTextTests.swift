import Reader
import Testing

@Suite("Titles as plain text")
struct PlainTextTests {
  @Test(arguments: [
    ("Plain title", PlainText.Kind.guess, "Plain title"),
    ("  spaced \n\t out  ", .guess, "spaced out"),
    ("Caf&eacute; &amp; more&hellip;", .guess, "Café & more…"),
    ("&#8230; &#x1F600; &#150;", .guess, "… 😀 –"),
    ("<b>Bold</b> news<br/>today", .guess, "Bold news today"),
    ("Why <lorem> tags matter", .guess, "Why <lorem> tags matter"),
    ("5 < 7 && 9 > 3: Q&A", .guess, "5 < 7 && 9 > 3: Q&A"),
    ("&unknown; stays", .guess, "&unknown; stays"),
    ("<lorem>any</lorem> tag &lt;goes&gt;", .html, "any tag <goes>"),
    ("a <!-- comment --> b", .html, "a b"),
    ("literal &amp; <b>", .text, "literal &amp; <b>"),
    // Controls never survive into a title (they would reach the terminal): raw, decoded, C1 and DEL.
    ("a\u{7F}\u{7F}b \u{1B}]52;c;x\u{07}", .text, "ab ]52;c;x"),
    ("&#27;[2J &#x1b;cleared", .guess, "[2J cleared"),
    ("\u{9B}31m red\u{85} \u{0}nul", .html, "31m red nul"),
  ])
  func titles(input: String, kind: PlainText.Kind, expected: String) {
    #expect(PlainText.title(input, kind: kind) == expected)
  }
}
