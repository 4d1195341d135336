import Foundation
import Testing

@testable import Reader

/// A thread under an overview that the page folds in a closed `<details>` (`FoldedBlocks`): the posts are
/// the page, the folded overview is not.
@Suite struct FoldedSummaryTests {
  static func overview(_ index: Int) -> String {
    "<p>The overview's point \(index) sums up what the participants said about the kettle, who agreed and who did "
      + "not, in sentences a generator wrote from the posts below, long enough to read as an article's prose.</p>"
  }

  @Test func aThreadWinsOverAnOverviewThePageFolds() throws {
    let posts = (1...6).map { index in
      """
      <article class="message" itemscope itemtype="https://schema.org/Comment">
        <span class="username" itemprop="author">member\(index)</span>
        <time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time>
        <div class="message-body" itemprop="text"><p>\(PageKindExtractionTests.reply(index))</p></div>
      </article>
      """
    }
    let page = """
      <html><head><title>Which kettle lasts?</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <h1>Which kettle lasts?</h1>
      <div class="block"><details class="overview"><summary>Click for summary</summary>
        <div class="overview-body"><h2>Discussion overview</h2>\((1...3).map(Self.overview).joined())</div></details></div>
      <div class="block-body js-replyNewMessageContainer comments">\(posts.joined())</div>
      </body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...6 {
      #expect(text.contains(PageKindExtractionTests.reply(index)), "reply \(index)")
    }
    #expect(!text.contains("The overview's point 1"))
  }

  /// The same overview shown open (`<details open>`) is part of what the page shows: only a closed one holds
  /// the pick.
  @Test func onlyAClosedDetailsHoldsThePick() throws {
    let overview = (1...3).map(Self.overview).joined()
    let pick = try #require(ArticleExtractor.parse(Data("<div>\(overview)</div>".utf8), charset: "UTF-8"))
    for (attribute, folded) in [("", true), (" open", false)] {
      let page = "<html><body><details\(attribute)><summary>Summary</summary>\(overview)</details></body></html>"
      let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
      #expect(FoldedBlocks.holds(pick, in: root) == folded, "details\(attribute)")
    }
  }
}
