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
  ])
  func titles(input: String, kind: PlainText.Kind, expected: String) {
    #expect(PlainText.title(input, kind: kind) == expected)
  }
}
