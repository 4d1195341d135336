import Foundation
import Testing

@testable import Reader

/// A box inside the article that asks the reader to act on the site ("Book a demo") goes; a paragraph of
/// the text that its template happens to name so stays, as Readability keeps it (`ArticleCleaner.isCallToAct`).
@Suite struct CallToActTests {
  static func page(_ box: String) -> String {
    ArticleExtractorTests.post(
      "Pruning roses",
      "\(ArticleExtractorTests.prose("pruning", count: 3))\n\(box)\(ArticleExtractorTests.prose("feeding", count: 2))",
      after: "\n<footer><p>Footer address line</p></footer>")
  }

  @Test func aCallToActBoxWithItsLinkGoes() throws {
    let box = """
      <div class="post-cta"><p>Need a hand with your roses, your hedges, or your lawn? Our gardeners visit every
      week, across the county, and bring their own tools.</p><a href="/book">Book a garden visit today</a></div>
      """
    let text = try ArticleExtractorTests.extract(Self.page(box)).text
    #expect(text.contains("The pruning paragraph 3") && text.contains("The feeding paragraph 2"))
    #expect(!text.contains("Book a garden visit") && !text.contains("Need a hand"))
  }

  @Test func aLinkNamedAsACallToActGoes() throws {
    let box = #"<p>Our <a class="cta-btn" href="/course">Learn more</a></p>"#
    let text = try ArticleExtractorTests.extract(Self.page(box)).text
    #expect(!text.contains("Learn more"))
  }

  @Test func aParagraphNamedAsACallToActStays() throws {
    let box = #"<p class="cta-note">Would you like to write for us? <a href="/write">Join our contributors</a> and share your garden.</p>"#
    let text = try ArticleExtractorTests.extract(Self.page(box)).text
    #expect(text.contains("Join our contributors"))
  }
}
