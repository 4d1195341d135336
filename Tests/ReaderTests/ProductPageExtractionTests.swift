import Foundation
import TestSupport
import Testing

@testable import Reader

/// Product pages (issue 41): name, description and specifications kept, whether set in tabs, accordions,
/// repeated feature panels or only in JSON-LD; the shop's reviews, cart and recommendations left out.
extension SectionedPageExtractionTests {
  @Test func aProductPageShowsItsHiddenTabPanelsAndAccordions() throws {
    // Description shown, care and delivery in panels the page hides until a tab or an accordion
    // is opened (`TabPanels`); a hidden dialog stays out.
    let page = """
      <html><head><title>Hiking boot</title></head><body>\(Self.siteNavigation)
      <main><h1>Hiking boot</h1><div class="tabs"><ul role="tablist"><li>Description</li><li>Specifications</li></ul>
      <div role="tabpanel" id="description">\(ArticleExtractorTests.prose("boot", count: 3))</div>
      <div role="tabpanel" id="care" hidden>\(ArticleExtractorTests.prose("care", count: 3))</div>
      <div class="accordion-item"><h3>Delivery</h3><div class="accordion-body" style="display: none">
      \(ArticleExtractorTests.prose("delivery", count: 2))</div></div></div>
      <div class="size-guide" hidden><p>A hidden dialog of sizes that the page shows only on demand, never read.</p></div></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The boot paragraph 3"))
    #expect(text.contains("The care paragraph 3") && text.contains("The delivery paragraph 2"))
    #expect(!text.contains("hidden dialog") && !text.contains("Footer address"))
  }

  @Test func aProductPageKeepsNameDescriptionAndSpecifications() throws {
    let page = """
      <html><head><title>Trail shoe</title></head><body>\(Self.siteNavigation)
      <main><h1>Trail shoe</h1><p class="price">$120</p>
      <form action="/cart"><select name="size"><option>42</option><option>43</option></select><button>Add to cart</button></form>
      <div class="description"><p>A light shoe for rough paths.</p><p>Its sole grips wet rock and its upper dries
      within the hour, so that a long day out ends with dry feet.</p></div>
      <table><tr><th>Weight</th><td>280 g</td></tr><tr><th>Drop</th><td>6 mm</td></tr></table>
      <div class="related-products"><h2>You may also like</h2><a href="/p/2">Road shoe</a></div></main></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("Trail shoe") && text.contains("A light shoe for rough paths."))
    #expect(text.contains("Weight") && text.contains("280 g") && text.contains("6 mm"))
    #expect(!text.contains("Add to cart") && !text.contains("You may also like"))
  }

  @Test func aProductPageLeavesOutItsReviewsCartAndRecommendations() throws {
    let page = """
      <html><head><title>Trail shoe</title></head><body>\(Self.siteNavigation)
      <main><h1>Trail shoe</h1><p class="price">$120</p>
      <div class="description"><p>A light shoe for rough paths.</p><p>Its sole grips wet rock and its upper dries
      within the hour, so that a long day out ends with dry feet.</p></div>
      <table><tr><th>Weight</th><td>280 g</td></tr><tr><th>Drop</th><td>6 mm</td></tr></table>
      <div class="mini-cart"><p>Your basket is empty. Free delivery over fifty dollars.</p></div>
      <section class="product-reviews"><h2>Customer reviews</h2><p>Great grip, five stars from a happy walker.</p>
      <p>Runs small, order a size up.</p></section>
      <div class="recommended"><h2>Picked for you</h2><p><a href="/p/3">Rain jacket</a> $180</p></div></main></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("basket is empty") && !text.contains("Great grip") && !text.contains("Rain jacket"))
  }

  @Test func aProductDescribedInItsJSONLDShowsTheDescriptionOnce() throws {
    let description = "A jacket for long wet walks.\\nIts seams are taped and its hood fits over a helmet, so that a day of rain ends dry and warm, and it packs into its own pocket."
    let jsonLD = """
      <script type="application/ld+json">{"@context": "https://schema.org", "@graph": [{"@type": "BreadcrumbList", "itemListElement": []},
      {"@type": "Product", "name": "Rain jacket", "description": "\(description)", "offers": {"@type": "Offer", "price": "180.00"}}]}</script>
      """
    // The description drawn by script: only the JSON-LD states it.
    let scripted = """
      <html><head><title>Rain jacket</title>\(jsonLD)</head><body>\(Self.siteNavigation)
      <main><h1>Rain jacket</h1><p class="price">€180</p><div id="description-tab" data-src="/d/1"></div>
      <table><tr><th>Weight</th><td>390 g</td></tr><tr><th>Hood</th><td>Helmet-compatible</td></tr></table></main></body></html>
      """
    let text = try Self.extract(scripted).text
    #expect(text.contains("A jacket for long wet walks.\n\nIts seams are taped"))
    #expect(text.contains("390 g"))
    // A page of nothing but a script's mount point shows the description rather than "no article".
    let empty = "<html><head><title>Rain jacket</title>\(jsonLD)</head><body><div id=\"app\"></div></body></html>"
    #expect(try Self.extract(empty).text.contains("Its seams are taped"))
    // Shown by the page already, it is not repeated.
    let shown = """
      <html><head><title>Rain jacket</title>\(jsonLD)</head><body><main><h1>Rain jacket</h1>
      <p>A jacket for long wet walks.</p><p>Its seams are taped and its hood fits over a helmet, so that a day of rain ends dry and warm, and it packs into its own pocket.</p>
      \(ArticleExtractorTests.prose("jacket", count: 3))</main></body></html>
      """
    #expect(try Self.extract(shown).text.components(separatedBy: "long wet walks").count == 2)
  }

  @Test func aProductPageShowsItsRepeatedFeaturePanelsOnce() throws {
    // Shops print a feature panel once per colour or per carousel slide, and the search keeps them all with
    // the description: on a page that declares a product (and no article) they are shown once
    // (`RepeatedBlocks`). On an article only the paragraph-long prose printed again in a run goes
    // (`RepeatedBlocks.removeCopiedSections`): the panels' headings stay.
    let panel = """
      <div class="feature"><h3>Colours that suit the season</h3><p>Four colours, from a pale sand to a deep green, each one \
      woven into the cloth itself, so that washing after washing leaves the colour as it was.</p></div>
      """
    let jsonLD = """
      <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Linen shirt",
      "offers": {"@type": "Offer", "price": "59.00"}}</script>
      """
    let page = """
      <html><head><title>Linen shirt</title>\(jsonLD)</head><body>\(Self.siteNavigation)
      <div class="product"><h1>Linen shirt</h1><div class="details">\(ArticleExtractorTests.prose("linen", count: 3))
      <div class="features">\(String(repeating: panel, count: 3))</div></div></div>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The linen paragraph 3"))
    #expect(text.components(separatedBy: "Four colours, from a pale sand").count == 2)
    #expect(text.components(separatedBy: "Colours that suit the season").count == 2)
    let article = try Self.extract(page.replacingOccurrences(of: jsonLD, with: "")).text
    #expect(article.components(separatedBy: "Four colours, from a pale sand").count == 2)
    #expect(article.components(separatedBy: "Colours that suit the season").count == 4)
  }

  @Test func aProductPageFoundByTheSearchLosesTheShopsFurniture() throws {
    // The search keeps the description with the reviews under it and the currency picker above it; on a page
    // that declares a product they go as they go from a region (`ProductFacts.clean`); an article keeps them.
    let jsonLD = """
      <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Linen shirt",
      "offers": {"@type": "Offer", "price": "59.00"}}</script>
      """
    let reviews = (1...3).map {
      "<p>Buyer \($0) wore the shirt all summer, washed it every week, and says it kept its shape, its colour and its buttons.</p>"
    }
    let page = """
      <html><head><title>Linen shirt</title>\(jsonLD)</head><body>\(Self.siteNavigation)
      <div class="product"><h1>Linen shirt</h1><div class="details"><p class="price">$59.00</p>
      <div class="currency-dropdown"><ul><li>EUR 54.00</li><li>GBP 46.00</li></ul></div>\(ArticleExtractorTests.prose("linen", count: 3))
      <div class="product-reviews"><h2>What buyers say</h2>\(reviews.joined())</div></div></div>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("$59.00") && text.contains("The linen paragraph 3"))
    #expect(!text.contains("Buyer 2 wore the shirt") && !text.contains("GBP 46.00"))
    let article = try Self.extract(page.replacingOccurrences(of: jsonLD, with: "")).text
    #expect(article.contains("Buyer 2 wore the shirt") && article.contains("GBP 46.00"))
  }

  @Test func aProductPageDrawnByScriptShowsItsDescriptionNotItsFooter() throws {
    // The product is drawn by script: the search finds only the shop's footer (a block named so), which
    // gives way to the description the JSON-LD states (`ProductFacts.isFooter`).
    let description = String(repeating: "Warm socks knitted from merino wool, soft at the toe and firm at the heel, for long walks in winter. ", count: 6)
    let page = """
      <html><head><title>Wool socks</title>
      <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Product", "name": "Wool socks",
      "description": "\(description)"}</script>
      </head><body><div id="root"></div>
      <div class="Footer-styled__Lower"><div class="Footer-styled__Help"><p>Our customer care team is your first stop when you \
      need a return, an exchange, or simply some advice on sizes; write to us any day of the week and we answer the same day.</p>
      <p>Get help</p></div><ul><li><a href="/about">About us</a></li><li><a href="/returns">Returns</a></li></ul>
      <p>Notice to consumers: we may collect identifiers and commercial information when you visit this site, and use \
      it for operational and commercial purposes, as our privacy policy explains at length.</p></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("Warm socks knitted from merino wool"))
    #expect(!text.contains("customer care team") && !text.contains("Notice to consumers"))
  }

  @Test func aProductPageShowsTheDescriptionItDeclaresInMicrodata() throws {
    // No JSON-LD: the shop marks its product in microdata, and the description it marks sits in a column
    // the search passes over for a consent banner's prose (`ProductFacts.microdataDescription`). A review's
    // own description inside the product is not the product's.
    let page = """
      <html><head><title>Electric guitar</title><meta property="og:type" content="product"></head><body>
      <div class="consent-bar"><h4>Served with care</h4><p>With our cookies we would like to offer you the best shopping       experience possible, with offers, personal ads and remembered preferences, if you agree to them all; you can       withdraw your consent, change it, or read what each cookie does, at any time, in the settings.</p></div>
      <main><div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Electric guitar</h1>
      <div itemprop="review" itemscope itemtype="https://schema.org/Review"><p itemprop="description">Plays well.</p></div>
      <div class="col"><div class="product-text" itemprop="description"><ul><li>Body: alder</li><li>Neck: maple</li>
      <li>Fingerboard: rosewood</li><li>Frets: 22 medium jumbo</li></ul></div></div></div></main></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("Body: alder") && text.contains("Frets: 22 medium jumbo"))
  }

  @Test func aProductPageWhoseThemeSaysArticleLeavesOutItsReviews() throws {
    // A shop theme writes `og:type` `article` on every page; the JSON-LD offers the product for sale, so the
    // page is the product's and its reviews go as on any product page (`JSONLD.sellsProduct`).
    let page = """
      <html><head><title>Trail shoe</title><meta property="og:type" content="article">\(Self.productJSONLD)</head>
      <body>\(Self.siteNavigation)
      \(Self.shoe)
      <section class="product-reviews"><h2>Customer reviews</h2>\(Self.walkersReviews)</section></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("A light shoe for rough paths.") && text.contains("280 g"))
    #expect(!text.contains("Review 3:") && !text.contains("Walker 5"))
  }

  @Test func anArticleTypeBesideAProductNotForSaleStillDeclaresAnArticle() throws {
    // A service's page states itself a `Product` only to carry its rating: no offer, so its `og:type` stands.
    let rated = """
      <html><head><meta property="og:type" content="article"><script type="application/ld+json">{"@context": \
      "https://schema.org", "@type": "Product", "name": "Pest control", "aggregateRating": {"@type": \
      "AggregateRating", "ratingValue": "5"}}</script></head><body><p>We come the same day.</p></body></html>
      """
    let sold = rated.replacingOccurrences(of: "\"aggregateRating\"", with: "\"offers\": {\"@type\": \"Offer\"}, \"rating\"")
    let ratedPage = try #require(ArticleExtractor.parse(Data(rated.utf8), charset: "UTF-8"))
    let soldPage = try #require(ArticleExtractor.parse(Data(sold.utf8), charset: "UTF-8"))
    #expect(PageMetadata.read(ratedPage, baseURL: nil).declaresArticle)
    #expect(!PageMetadata.read(soldPage, baseURL: nil).declaresArticle)
  }

  @Test func aProductDescriptionStatedPercentEncodedIsShownDecoded() throws {
    // The shop states its description encoded as in an address; the page draws it by script.
    let description = String(repeating: "An elegant sofa with a curved back and rounded cushions, on a frame of plywood. ", count: 3)
    let encoded = try #require(description.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    let page = """
      <html><head><title>Sofa</title><script type="application/ld+json">{"@context": "https://schema.org", \
      "@type": "Product", "name": "Sofa", "description": "\(encoded)"}</script></head><body><div id="root"></div>
      </body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("An elegant sofa with a curved back"))
    #expect(!text.contains("%20"))
  }

  @Test func aConsentBarNamedWithoutCookieIsFurniture() throws {
    // A consent manager names its bar's parts after consent alone (`consent-bar__content`); the word
    // `cookie` is on a wrapper the search may leave behind (`RegionCleaner.boilerplate`).
    let page = """
      <html><body><div class="product"><p>Body: alder. Neck: maple. Fingerboard: rosewood, 22 medium jumbo frets.</p>
      <p>Three single-coil pickups, one master volume and two tone controls, a five-way switch, a synchronised \
      tremolo with bent steel saddles, vintage-style machine heads and nickel and chrome hardware throughout.</p></div>
      <div class="consent-bar__content"><h4>Served with love!</h4><p>With our cookies we would like to offer you \
      the best shopping experience possible, with offers, personal ads and remembered preferences.</p></div></body></html>
      """
    let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
    let body = try #require(root.descendants(["body"]).first)
    let text = ArticleOutput.text(RegionCleaner.cleanedContent(of: body))
    #expect(text.contains("Fingerboard: rosewood"))
    #expect(!text.contains("Served with love"))
  }
}
