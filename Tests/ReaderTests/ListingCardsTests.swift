import Foundation
import Testing

@testable import Reader

/// Listings and shops' pages whose content is short entries beside a longer blurb: dated teasers, product
/// cards declared in microdata, their filters, badges and rows of buttons, teasers in links kept out of the focus order, and a marketplace seller's
/// feedback (docs/DECISIONS.md, "eleventh pass: products and lists").
extension SectionedPageExtractionTests {
  static func extractAnyway(_ html: String) throws -> String {
    try ArticleExtractor.extractAnyway(data: Data(html.utf8), charset: nil, url: URL(string: "https://example.org/page")!).text
  }

  /// A blurb of prose beside the entries, written with the commas the search scores: what it keeps when the
  /// entries are short.
  static let topicBlurb = (1...4).map { index in
    "<p>Paragraph \(index), of the blurb, says that this topic, edited daily, gathers the desk's stories, "
      + "that editors pick them, in order, and that readers, if they wish, may follow it.</p>"
  }.joined(separator: "\n")

  @Test func aTopicPageShowsItsDatedTeasersOverABlurbBesideThem() throws {
    let teasers = (1...14).map { index in
      "<div class=\"row\"><div class=\"teaser\"><h3><a href=\"/story/\(index)\">Story \(index) about the cloud</a></h3>"
        + "<p>Teaser \(index): the vendors raised their spending again this quarter as demand for computing power grew "
        + "faster than any of them had planned for</p>"
        + "<span class=\"byline\">By A. Writer • <time datetime=\"2025-12-\(10 + index)\">Dec. \(10 + index), 2025</time></span></div></div>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Cloud</title></head><body>\(Self.siteNavigation)
      <div class="wrap"><div class="left"><h1>Cloud</h1><div class="feed">\(teasers)</div></div>
      <div class="right"><h2>About this topic</h2><div class="intro"><div class="entry-content">\(Self.topicBlurb)</div></div></div></div></body></html>
      """
    let text = try Self.extractAnyway(page)
    #expect(text.contains("Teaser 2:") && text.contains("Teaser 9:"))
  }

  @Test func aCategoryPageShowsTheProductCardsItDeclares() throws {
    let cards = (1...4).map { index in
      "<li class=\"item\"><article class=\"card\" itemscope itemtype=\"http://schema.org/Product\">"
        + "<h3><a href=\"/products/\(index)\">Balm set \(index)</a></h3><p>Original formula, three balms</p><p>Sale price €\(40 + index),95</p></article></li>"
    }.joined(separator: "\n")
    let shipping = (1...5).map { index in
      "<p>Free standard shipping \(index) on qualifying orders over forty euros. For more information on shipping rates "
        + "and timelines, please visit our international page, where every country is listed with its costs.</p>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Sets</title></head><body>\(Self.siteNavigation)
      <div class="banner">\(shipping)</div>
      <section><h1>Skincare sets</h1><ul class="list">\(cards)</ul></section></body></html>
      """
    let text = try Self.extractAnyway(page)
    #expect(text.contains("Balm set 1") && text.contains("Balm set 4") && text.contains("€43,95"))
    #expect(!text.contains("Free standard shipping 3"))
  }

  /// A category of six chairs in a grid under a blurb, each card its name and price with what `before`
  /// and `after` add, and `beside` ahead of the grid: the text extracted from it, checked to show every card.
  static func chairs(
    beside: String = "", before: (Int) -> String = { _ in "" }, after: (Int) -> String = { _ in "" }
  ) throws -> String {
    let cards = (1...6).map { index in
      "<li class=\"product\">\(before(index))<h3><a href=\"/chairs/\(index)\">Mesh chair \(index)</a></h3>"
        + "<p>$\(200 + index).00</p>\(after(index))</li>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Mesh chairs</title></head><body>\(Self.siteNavigation)
      <main><h1>Mesh chairs</h1>\(Self.topicBlurb)\(beside)<ul class="grid">\(cards)</ul></main></body></html>
      """
    let text = try Self.extractAnyway(page)
    #expect(text.contains("Mesh chair 1") && text.contains("Mesh chair 6") && text.contains("$203.00"))
    return text
  }

  @Test func aCategoryPageLeavesOutEachCardsRowOfButtons() throws {
    let text = try Self.chairs(before: { index in
      "<figure><img src=\"/chair\(index).jpg\" alt=\"\"><figcaption><div class=\"actions\">"
        + "<a class=\"button card-button\">Quick view</a> <a class=\"button\" href=\"/chairs/\(index)\">View Options</a>"
        + "</div></figcaption></figure>"
    })
    #expect(!text.contains("Quick view") && !text.contains("View Options"))
  }

  @Test func aCategoryPageLeavesOutEachCardsButton() throws {
    let text = try Self.chairs(after: { "<a class=\"btn btn-small\" href=\"/chairs/\($0)\">Shop this chair</a>" })
    #expect(!text.contains("Shop this chair"))
  }

  @Test func aCategoryPageLeavesOutItsFilters() throws {
    let filters = ["Black", "Grey", "Mesh", "Leather", "Under $300", "Over $300"].map { "<li><a href=\"?f=\($0)\">\($0)</a></li>" }
    let text = try Self.chairs(beside: "<div class=\"facets\"><h2>Filters</h2><ul>\(filters.joined())</ul></div>")
    #expect(!text.contains("Filters") && !text.contains("Under $300"))
  }

  @Test func aCategoryPageLeavesOutItsCardsBadges() throws {
    let text = try Self.chairs(before: { _ in "<div class=\"product-badge\">Best seller</div>" })
    #expect(!text.contains("Best seller"))
  }

  @Test func aListingShowsTeasersInLinksKeptOutOfTheFocusOrder() throws {
    let entries = (1...6).map { index in
      "<article class=\"river\"><h2><a href=\"/news/\(index)\">Headline \(index)</a></h2>"
        + "<p class=\"desc\"><a href=\"/news/\(index)\" aria-hidden=\"true\" tabindex=\"-1\">Teaser \(index) says what "
        + "the story found, in a sentence or two that the reader sees under its headline.</a></p>"
        + "<p class=\"aux\">Writer \(index), \(index) days ago</p></article>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Headphones</title></head><body>\(Self.siteNavigation)
      <main><h1>Headphones</h1><section>\(entries)</section></main></body></html>
      """
    let text = try Self.extractAnyway(page)
    #expect(text.contains("Headline 2") && text.contains("Teaser 2 says") && text.contains("Teaser 5 says"))
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

  @Test func aCategoryPageShowsItsCardsNotTheProseOfItsFooter() throws {
    // The cards are short and the footer's blurb is the page's only prose: the search keeps the blurb, which
    // lies in the footer, so the main region is read instead (`FooterPick`).
    let cards = (1...10).map { index in
      "<div class=\"tile\"><a href=\"/pots/\(index)\">Stone pot \(index) with its saucer</a><span>$\(20 + index)</span></div>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>Indoor pots</title></head><body>\(Self.siteNavigation)
      <section class="site-content"><h1>Indoor pots</h1><div class="grid">\(cards)</div></section>
      <footer class="site-footer"><div class="container">\(Self.topicBlurb)</div></footer></body></html>
      """
    let text = try Self.extractAnyway(page)
    #expect(text.contains("Stone pot 2") && text.contains("Stone pot 5"))
    #expect(!text.contains("Paragraph 2, of the blurb"))
  }
}
