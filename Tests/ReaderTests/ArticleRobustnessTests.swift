import Foundation
import Testing

@testable import Reader

/// Article HTML as hostile pages write it: references a browser would show, numbers no list can count to.
@Suite("Article text and numbers")
struct ArticleRobustnessTests {
  @Test func referencesReadAsABrowserReadsThem() {
    let lines = renderLines(
      "<p>AT&T Q&A &eacute;t&eacute; a&nbsp;b &#xD800; &#150; &foo; &#27;x <a href=\"/x?a=1&b=2\">l</a></p>", width: 80)
    #expect(lines.first == "AT&T Q&A été a\u{A0}b \u{FFFD} – &foo; x l[1]")
    #expect(lines.last?.hasSuffix("https://example.com/x?a=1&b=2") == true)
  }

  @Test(arguments: [
    "<ol start=\"9223372036854775807\"><li>a</li><li>b</li></ol>",
    "<ol start=\"-9223372036854775808\"><li>a</li><li>b</li></ol>",
    "<ol><li value=\"9223372036854775807\">a</li><li>b</li></ol>",
    "<ol start=\"99999999999999999999999\"><li>a</li></ol>",
    "<ol start=\"2\"><li value=\"-9223372036854775807\">a</li><li>b</li></ol>",
  ])
  func extremeListNumbersAreClamped(html: String) {
    let lines = renderLines(html, width: 60)
    #expect(lines.count >= 1)
    #expect(lines.allSatisfy { $0.count < 40 })
  }

  @Test func listNumbersWithinTheRangeAreKept() {
    #expect(renderLines("<ol start=\"7\"><li>a</li><li value=\"10\">b</li><li>c</li></ol>") == ["7. a", "10. b", "11. c"])
  }
}
