import Foundation
import Testing

@testable import Reader

/// A page whose content is built by script has nothing in its body; a description cut off mid-text is the
/// start of that content (`CutSummary`), a description that ends its sentence is a tagline.
@Suite struct CutSummaryTests {
  static let opening = "I am new to astronomy and would like advice on a first telescope, something a beginner can "
    + "set up alone but strong enough for the planets and a few galaxies. My budget is around three hundred "
    + "dollars, and I wonder whether a refractor or a reflector suits a first year better, and which"

  static func page(description: String) -> String {
    """
    <html><head><title>Best first telescope?</title>
    <meta property="og:description" content="\(description)">
    </head><body>\(PageKindExtractionTests.siteNavigation)
    <section id="splash"><div class="dots"></div><noscript>This site needs JavaScript.</noscript></section>
    </body></html>
    """
  }

  @Test func aDescriptionCutOffStandsInForAPageWithoutContent() throws {
    let text = try PageKindExtractionTests.extract(Self.page(description: Self.opening + "...")).text
    #expect(text.contains(Self.opening))
    #expect(!text.contains("Home"))
  }

  @Test func aDescriptionThatEndsItsSentenceIsATagline() {
    let tagline = "Shop the telescopes astronomers trust, made to order and backed by a lifetime guarantee, "
      + "with free shipping on every order over fifty dollars and returns within a hundred days of delivery."
    #expect(throws: ExtractionError.notAnArticle) {
      try PageKindExtractionTests.extract(Self.page(description: tagline))
    }
  }

  /// A cut description shorter than an article is not one either.
  @Test func aShortCutDescriptionIsNoArticle() {
    #expect(throws: ExtractionError.notAnArticle) {
      try PageKindExtractionTests.extract(Self.page(description: "Howdy everyone, I am new here and…"))
    }
  }

  /// Where the page has its article, the description does not replace it.
  @Test func thePagesOwnArticleWins() throws {
    let body = (1...4).map { "<p>\(PageKindExtractionTests.reply($0))</p>" }.joined()
    let page = Self.page(description: Self.opening + "...")
      .replacingOccurrences(of: "</body>", with: "<article><h1>Best first telescope?</h1>\(body)</article></body>")
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains(PageKindExtractionTests.reply(1)))
    #expect(!text.contains(Self.opening))
  }
}
