import Foundation
import Testing

@testable import Reader

/// A reply that quotes the post it answers, the quoted lines set among its own by line breaks in whatever
/// block the software draws a quote with: the thread shows each post's lines once.
@Suite struct ForumQuotedLinesTests {
  static func line(_ index: Int) -> String {
    "Post \(index) goes on to a second line, which adds a detail from its author's own experience."
  }

  /// Four posts of text written in lines, a list under them; each reply quotes the lines of the one before.
  static func page(quote: (Int) -> String) -> String {
    let posts = (1...4).map { index in
      """
      <div class="post" id="post\(index)" itemscope itemtype="http://schema.org/Comment">
        <a class="username" href="/m/\(index)">member\(index)</a>
        <time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time>
        <div class="content" itemprop="text">\(index > 1 ? quote(index - 1) : "")\(PageKindExtractionTests.reply(index))<br>
          \(Self.line(index))<ul><li>a point of post \(index)</li></ul></div>
      </div>
      """
    }
    return ForumPosterPanelTests.thread(posts.joined(), in: "<div id=\"posts\">")
  }

  @Test func aQuoteWrittenInLinesIsShownOnce() throws {
    let page = Self.page { quoted in
      """
      <div class="bbcode_quote"><div class="quote_by">Originally posted by member\(quoted)</div>
        <table><tr><td>\(PageKindExtractionTests.reply(quoted))<br>\(Self.line(quoted))</td></tr></table></div>
      """
    }
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.components(separatedBy: PageKindExtractionTests.reply(index)).count == 2, "post \(index) once")
      #expect(text.components(separatedBy: Self.line(index)).count == 2, "line of \(index) once")
      #expect(text.contains("a point of post \(index)"))
    }
  }
}
