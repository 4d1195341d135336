import Foundation
import Testing

@testable import Reader

/// The box about the writer at the end of a post goes; a one-line credit stays, as Readability keeps it
/// (`ArticleCleaner.removeAuthorBoxes`).
@Suite struct AuthorBoxTests {
  static func page(box: String) -> String {
    ArticleExtractorTests.post(
      "Repotting a fern",
      "<p class=\"byline\">By Ada Greenfield</p>\(ArticleExtractorTests.prose("repotting", count: 5))\n\(box)",
      after: "\n<footer><p>Footer address line</p></footer>")
  }

  @Test func aBiographyBoxAfterThePostGoes() throws {
    let box = """
      <div class="post-author-bio"><img src="/portrait.jpg" alt=""><h4>Ada Greenfield</h4>
      <p>Ada Greenfield is a horticulturist and the gardening editor here. She has written about houseplants
      for twelve years and keeps more ferns than she will admit to.</p></div>
      """
    let text = try ArticleExtractorTests.extract(Self.page(box: box)).text
    #expect(text.contains("The repotting paragraph 5 tells"))
    #expect(!text.contains("horticulturist"))
  }

  /// The byline above was read first, so the credit is not taken for it.
  @Test func aOneLineCreditStays() throws {
    let box = #"<div class="author-about"><p>Ada Greenfield grows ferns.</p></div>"#
    let text = try ArticleExtractorTests.extract(Self.page(box: box)).text
    #expect(text.contains("Ada Greenfield grows ferns."))
  }
}
