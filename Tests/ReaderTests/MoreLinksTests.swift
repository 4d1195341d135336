import Foundation
import Testing

@testable import Reader

/// A link that only says "read more" goes from what the reader shows; a link inside a sentence stays
/// (`MoreLinks`).
@Suite struct MoreLinksTests {
  @Test func aLinkThatOnlySaysReadMoreGoes() throws {
    let page = ArticleExtractorTests.post("Winter tyres", """
      \(ArticleExtractorTests.prose("tread", count: 3))
      <p><a href="/tyres/studded">Read more »</a></p>
      \(ArticleExtractorTests.prose("rubber", count: 3))
      <p>The test was repeated on ice; <a href="/tyres/ice-study">read more about the study</a> in our archive.</p>
      <div class="more"><a href="/tyres/all" class="button">Continue reading…</a></div>
      """)
    let text = try ArticleExtractorTests.extract(page).text
    #expect(text.contains("The rubber paragraph 3 tells"))
    #expect(!text.contains("Read more"))
    #expect(!text.contains("Continue reading"))
    #expect(text.contains("read more about the study in our archive"))
  }

  @Test func labelsAreReadWhateverTheirCaseAndArrow() {
    #expect(MoreLinks.isMoreLabel("  READ MORE → "))
    #expect(MoreLinks.isMoreLabel("See more…"))
    #expect(!MoreLinks.isMoreLabel("Learn more"))
    #expect(!MoreLinks.isMoreLabel("Read more about tyres"))
  }
}
