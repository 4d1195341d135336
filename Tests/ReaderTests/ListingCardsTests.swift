import Foundation
import Testing

@testable import Reader

/// Listings and shops' pages whose content is short entries beside a longer blurb: dated teasers, product
/// cards declared in microdata, teasers in links kept out of the focus order, and a marketplace seller's
/// feedback (docs/DECISIONS.md, "eleventh pass: products and lists").
extension SectionedPageExtractionTests {
  static func extractAnyway(_ html: String) throws -> String {
    try ArticleExtractor.extractAnyway(data: Data(html.utf8), charset: nil, url: URL(string: "https://example.org/page")!).text
  }

  @Test func aProductPageLeavesOutItsSellersFeedback() throws {
    let feedback = (1...8).map { index in
      "<li class=\"card\"><p>Buyer \(index) (120)</p><p>Feedback \(index): arrived quickly and well packed, exactly as "
        + "described, and the seller answered every question within the hour; I would buy from them again without a "
        + "second thought, and recommend them to anyone.</p></li>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Trail shoe</title>\(Self.productJSONLD)</head><body>\(Self.siteNavigation)
      \(Self.shoe)
      <div class="x-seller-feedback"><h2>Seller feedback</h2><ul>\(feedback)</ul></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("Feedback 3:") && !text.contains("Buyer 5"))
  }
}
