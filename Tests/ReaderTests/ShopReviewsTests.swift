import Foundation
import Testing

@testable import Reader

/// A shop's page about one product: its customers' reviews, however long, are not the product
/// (`ShopReviews`, docs/DECISIONS.md, "tenth pass: products and lists").
extension SectionedPageExtractionTests {
  static let productJSONLD = """
    <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Trail shoe",
    "offers": {"@type": "Offer", "price": "120.00"}}</script>
    """

  /// Eight customers' reviews of the shoe, each a card with its author: together longer than its description.
  static let walkersReviews = (1...8).map { index in
    "<div class=\"review-card\"><p class=\"author\">Walker \(index)</p><p>Review \(index): I wore these shoes on a "
      + "long wet walk over the hills, through bogs and over rocks, and they kept their grip all day, which is more "
      + "than my old pair ever did, although the laces came undone twice on the way down.</p></div>"
  }.joined(separator: "\n")

  static let shoe = """
    <div class="product"><h1>Trail shoe</h1><p class="price">$120</p>
    <p>A light shoe for rough paths. Its sole grips wet rock and its upper dries within the hour, so that a long day
    out ends with dry feet.</p><p>The lacing pulls evenly over the whole foot and the tongue is gusseted against grit,
    sand and the small stones of a scree slope.</p>
    <h2>Made for long days</h2><p>The midsole is a foam that stays soft in the cold and springs back after a
    hundred miles; the heel counter holds the foot on a traverse, and the toe cap takes the knocks of a boulder field
    without denting, so that the shoe keeps its shape over a season of weekends in the hills.</p>
    <p>The upper is a single piece of recycled mesh, welded rather than stitched, with no seam to rub on a long
    descent, and a gaiter hook at the front for days of snow, scree or deep heather.</p>
    <p>Each pair is resoled at the workshop that made it: send it back when the lugs wear flat and it comes home
    with a new outsole, the old one ground into the rubber of the next, so that a shoe lasts for years, not months.</p>
    <table><tr><th>Weight</th><td>280 g</td></tr><tr><th>Drop</th><td>6 mm</td></tr></table></div>
    """

  @Test func aProductPageLeavesOutReviewsLongerThanItsDescription() throws {
    // Reviews of 2,000 characters or more are kept by the cleaning as a named block too long to be furniture.
    let page = """
      <html><head><title>Trail shoe</title>\(Self.productJSONLD)</head><body>\(Self.siteNavigation)
      \(Self.shoe)
      <section class="product-reviews"><h2>Customer reviews</h2>\(Self.walkersReviews)</section></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("Review 3:") && !text.contains("Walker 5"))
  }

  @Test func aProductPageLeavesOutItsCartFormsTableOfVariants() throws {
    // A form posting to the cart lists every variant with its code, stock and price: longer than the
    // description, and with commas enough to be read as the page's text.
    let rows = (1...12).map { index in
      "<tr><td>Size \(index), colour slate, width regular, code TS-\(index)-SL-RG, in stock, ships in two days, "
        + "returns within thirty days, price $120.00 each, subtotal $0.00</td><td><input type=\"number\" value=\"0\"></td></tr>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Trail shoe</title>\(Self.productJSONLD)</head><body>\(Self.siteNavigation)
      <div class="product-page">\(Self.shoe)
      <form action="/cart/update" method="post" class="order-list"><table>\(rows)</table></form></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("TS-3-SL-RG"))
  }
}
