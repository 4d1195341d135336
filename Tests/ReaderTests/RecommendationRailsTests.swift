import Foundation
import Testing

@testable import Reader

/// A shop's rails of other products, told by their headings where their classes are hashed
/// (`RecommendationRails`), and the scrambled labels that hide a rail's heading among noise (`ScrambledLabels`).
@Suite struct RecommendationRailsTests {
  /// Six cards of other shoes, drawn as blocks with no link (a script makes them clickable).
  static let cards = (1...6).map { index in
    "<div class=\"k3f\"><p>Rock shoe \(index), a grippy climbing shoe for slab, crack and long mountain routes.</p>"
      + "<p>$\(90 + index).00, free delivery, seller with 99.\(index)% positive feedback</p></div>"
  }.joined(separator: "\n")

  static func page(rail: String) -> String {
    """
    <html><head><title>Trail shoe</title>\(SectionedPageExtractionTests.productJSONLD)</head><body>
    \(SectionedPageExtractionTests.siteNavigation)
    <main><div class="x7a">\(SectionedPageExtractionTests.shoe)\(rail)</div></main></body></html>
    """
  }

  static func extract(_ html: String) throws -> String {
    try ArticleExtractor.extractAnyway(data: Data(html.utf8), charset: nil, url: URL(string: "https://example.org/page")!).text
  }

  @Test func aProductPageLeavesOutARailNamedOnlyByItsHeading() throws {
    let rail = """
      <section class="q9z"><div class="t2b"><div class="h8c"><h2>People who viewed this item also viewed</h2></div>
      <span>See all</span></div><div class="c4d">\(Self.cards)</div></section>
      """
    let text = try Self.extract(Self.page(rail: rail))
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("Rock shoe 2") && !text.contains("also viewed"))
  }

  @Test func aRailBesideItsHeadingGoesUpToTheNextHeading() throws {
    let rail = """
      <h2>You may also like</h2>\(Self.cards)<h2>Care</h2><p>Rinse the shoes in cold water after a muddy walk, and
      let them dry away from a fire or a radiator, stuffed with newspaper, so the glue of the sole holds.</p>
      """
    let text = try Self.extract(Self.page(rail: rail))
    #expect(text.contains("A light shoe for rough paths.") && text.contains("Rinse the shoes in cold water"))
    #expect(!text.contains("Rock shoe 4"))
  }

  @Test func aRailWhoseHeadingHidesAScrambledLabelGoesToo() throws {
    // "Sponsored", a letter per span, between identifiers a style sheet hides.
    let label = zip(
      Array("Sponsored"),
      (1...9).map { "f2f260c\($0)-bf1f-466a-b856-6f031758a0\($0)\($0)" }
    ).map { "<span>\($0.0)</span><span>\($0.1)</span>" }.joined()
    let rail = """
      <section class="q9z"><div class="t2b"><h2>Similar items</h2><div class="s1">\(label)</div></div>
      <div class="c4d">\(Self.cards)</div></section>
      """
    let text = try Self.extract(Self.page(rail: rail))
    #expect(text.contains("A light shoe for rough paths."))
    #expect(!text.contains("Rock shoe 2") && !text.contains("bf1f-466a"))
  }

  @Test func aPageWithABasketButtonAndNoDeclaredProductLeavesOutItsRail() throws {
    // No JSON-LD and no `og:type`: only the button's name says the page sells the shoe.
    let rail = """
      <form class="buy"><button class="btn js-add-to-cart" type="submit">Add to cart</button></form>
      <section class="q9z"><div class="t2b"><h2>Customers also bought</h2><span>See all</span></div>
      <div class="c4d">\(Self.cards)</div></section>
      """
    let declared = Self.page(rail: rail)
    let html = declared.replacingOccurrences(of: SectionedPageExtractionTests.productJSONLD, with: "")
    #expect(html != declared)
    let text = try Self.extract(html)
    #expect(text.contains("A light shoe for rough paths."))
    #expect(!text.contains("Rock shoe 2") && !text.contains("also bought"))
  }

  @Test func railHeadingsAndIdentifiers() {
    #expect(RecommendationRails.isRailHeading("Customers who bought this item also bought"))
    #expect(RecommendationRails.isRailHeading("More from this seller"))
    #expect(!RecommendationRails.isRailHeading("Made for long days"))
    #expect(ScrambledLabels.isIdentifier("6f2f260c-bf1f-466a-b856-6f031758a086"))
    #expect(!ScrambledLabels.isIdentifier("TS-3-SL-RG"))
    #expect(CartButtons.namesCartButton("btn js-addToCart") && CartButtons.namesCartButton("add_to_basket"))
    #expect(!CartButtons.namesCartButton("cart-count"))
  }
}
