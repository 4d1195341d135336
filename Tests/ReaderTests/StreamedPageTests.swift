import Foundation
import Testing

@testable import Reader

/// Pages streamed by React's server rendering (`StreamedSegments`): the text arrives at the end of the body
/// in hidden segments that a script would move into their placeholders.
@Suite struct StreamedPageTests {
  static let newsletter = """
    <div class="newsletter"><h3>Subscribe to our newsletter</h3><p>By submitting, you acknowledge our privacy policy and the terms of the list.</p></div>
    """

  @Test func aStreamedArticleIsReadInItsPlaceWithoutItsFallback() throws {
    let page = """
      <html><head><title>Tuning queries</title></head><body>
      <header><nav><a href="/">Home</a> <a href="/blog">Blog</a></nav></header>
      <main><h1>Tuning queries</h1>
        <p>An introduction written into the page at once, before the parts that streamed, long enough to read.</p>
        <!--$?--><template id="B:0"></template><div class="skeleton">Loading the story…</div><!--/$-->
        <p>A closing line written at once, after the streamed part.</p>
      </main>
      \(Self.newsletter)
      <div hidden id="S:0"><div class="story">\(ArticleExtractorTests.prose("query"))</div></div>
      <script>$RC("B:0","S:0")</script>
      </body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    let intro = try #require(text.range(of: "An introduction written"))
    let story = try #require(text.range(of: "The query paragraph 1"), "the streamed text is read")
    let closing = try #require(text.range(of: "A closing line"))
    #expect(intro.upperBound <= story.lowerBound && story.upperBound <= closing.lowerBound, "in its placeholder's place")
    #expect(text.contains("The query paragraph 5"))
    #expect(!text.contains("Loading the story"), "the fallback replaced")
    #expect(!text.contains("Subscribe to our newsletter"))
  }

  /// A segment's own placeholder (`P:n`) inside another segment; a page saved without the boundary's
  /// comments keeps the fallback but still reads the text in order; a hidden block that is no segment stays out.
  @Test func nestedSegmentsAndPagesWithoutCommentsStayInOrder() throws {
    let page = """
      <html><body><article>
        <template id="B:1"></template><div>Loading…</div>
        <div hidden id="menu"><p>A hidden menu of the site that no reader sees, with a sentence or two in it.</p></div>
      </article>
      <div hidden id="S:1">\(ArticleExtractorTests.prose("first", count: 3))<template id="P:2"></template></div>
      <div hidden id="S:2">\(ArticleExtractorTests.prose("second", count: 3))</div>
      </body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    let first = try #require(text.range(of: "The first paragraph 3"))
    let second = try #require(text.range(of: "The second paragraph 1"))
    #expect(first.upperBound <= second.lowerBound)
    #expect(!text.contains("hidden menu"))
  }

  /// Segments whose placeholders lie in each other: one is placed, the other shown where it is; the walk ends.
  @Test func segmentsPlacedInEachOtherDoNotLoop() throws {
    let page = """
      <html><body>
      <div hidden id="S:1">\(ArticleExtractorTests.prose("loop", count: 3))<template id="P:2"></template></div>
      <div hidden id="S:2">\(ArticleExtractorTests.prose("knot", count: 3))<template id="P:1"></template></div>
      </body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    #expect(text.contains("The loop paragraph 1") || text.contains("The knot paragraph 1"))
  }
}
