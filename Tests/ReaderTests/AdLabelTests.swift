import Foundation
import Testing

@testable import Reader

/// An ad's label goes with its note to the reader; a paragraph about advertisements stays
/// (`ArticleCleaner.isAdOrLoading`).
@Suite struct AdLabelTests {
  @Test func anAdsLabelGoesWithItsNote() throws {
    let page = ArticleExtractorTests.post("Trail shoes", """
      \(ArticleExtractorTests.prose("grip", count: 3))
      <div class="slot"><div class="label">Advertisement - Continue Reading Below</div><div class="banner"></div></div>
      \(ArticleExtractorTests.prose("fit", count: 3))
      <div class="slot"><div class="label">Advertisement. Scroll to continue reading.</div></div>
      <p>Advertisements in this newsletter paid to be here, and I am paid for showing them to you.</p>
      """)
    let text = try ArticleExtractorTests.extract(page).text
    #expect(text.contains("The fit paragraph 3 tells"))
    #expect(!text.contains("Continue Reading Below"))
    #expect(!text.contains("Scroll to continue"))
    #expect(text.contains("Advertisements in this newsletter paid"))
  }
}
