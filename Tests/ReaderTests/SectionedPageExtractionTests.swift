import Foundation
import TestSupport
import Testing

@testable import Reader

/// Hand-made pages whose main content is several blocks (`MainRegion`): service pages, listings, card
/// grids, products and documentation show all of it rather than one part or "no article".
@Suite struct SectionedPageExtractionTests {
  static func extract(_ html: String) throws -> ExtractedArticle { try PageKindExtractionTests.extract(html) }
  static let siteNavigation = PageKindExtractionTests.siteNavigation

  @Test func aServicePageKeepsEverySectionOfItsMainRegion() throws {
    let sections = ["Planning", "Building", "Support"].map { name in
      """
      <section class="block"><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p>
      <ul><li>\(name) item one</li><li>\(name) item two</li></ul></section>
      """
    }
    let page = """
      <html><head><title>Garden services</title></head><body>\(Self.siteNavigation)
      <main><h1>Garden services</h1>\(sections.joined())
      <div class="newsletter-box"><p>Sign up for our newsletter and get ten percent off your first order today.</p></div></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    for name in ["Planning", "Building", "Support"] {
      #expect(text.contains("\(name) is part of what we offer"))
      #expect(text.contains("\(name) item two"))
    }
    #expect(!text.contains("newsletter") && !text.contains("Footer address") && !text.contains("Latest"))
  }

  @Test func aServicePageWithoutAMainRegionKeepsEverySection() throws {
    // The search keeps the section of prose; the sections are found around it, not the page's footer.
    let sections = ["Planning", "Building", "Support"].map { name in
      """
      <section class="block"><div class="inner"><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p>
      <ul>\((1...8).map { "<li>\(name) item \($0) covers one more part of the garden work</li>" }.joined())</ul></div></section>
      """
    }
    let page = """
      <html><head><title>Garden services</title></head><body>\(Self.siteNavigation)
      <div class="wrapper"><h1>Garden services</h1>
      <section class="block"><div class="inner"><h2>Our approach</h2><div class="text">\(ArticleExtractorTests.prose("garden", count: 4))</div></div></section>\(sections.joined())</div>
      <div class="site-end"><p>Footer address line</p></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The garden paragraph 4"))
    for name in ["Planning", "Building", "Support"] {
      #expect(text.contains("\(name) is part of what we offer") && text.contains("\(name) item 8 covers"))
    }
    #expect(!text.contains("Footer address") && !text.contains("Latest"))
  }

  @Test func aListingShowsItsItemsInOrder() throws {
    let page = NewsPage.frontPage(stories: 20)
    let article = try Self.extract(page)
    let items = article.text.components(separatedBy: "\n\n").filter { $0.hasPrefix("- Headline") }
    #expect(items.count == 20)
    #expect(items.first == "- Headline 1: something happened today" && items.last == "- Headline 20: something happened today")
  }

  @Test func aListingUnderItsIntroductionShowsItsEntries() throws {
    // Entries in groups beside the introduction, as category pages and indexes set them: the search
    // keeps the introduction (prose) and not the groups (links without paragraphs).
    let groups = ["A", "B", "C"].map { group in
      "<div class=\"group\"><h3>\(group)</h3><ul>"
        + (1...14).map { "<li><a href=\"/wiki/\(group)\($0)\">\(group) programming language number \($0)</a></li>" }.joined()
        + "</ul></div>"
    }
    let page = """
      <html><head><title>Category: Programming languages</title></head><body>\(Self.siteNavigation)
      <main><h1>Category: Programming languages</h1><div class="intro">\(ArticleExtractorTests.prose("category", count: 3))</div>
      <div class="pages"><h2>Pages in this category</h2>\(groups.joined())</div></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The category paragraph 3"))
    #expect(text.contains("- A programming language number 1\n") && text.contains("- C programming language number 14"))
    #expect(!text.contains("Footer address"))
  }

  /// A grid of `count` cards as section pages and shops set them: sibling `<a>` tiles of a picture and a
  /// title, no list items.
  static func recipeCards(_ count: Int) -> String {
    (1...count).map {
      "<a class=\"card\" href=\"/recipes/\($0)\"><div class=\"card-media\"><img src=\"/img/\($0).jpg\" alt=\"\"></div>"
        + "<div class=\"card-content\"><span class=\"card-title\">Recipe \($0) with tomatoes and basil</span></div></a>"
    }.joined(separator: "\n")
  }

  @Test func aGridOfCardsUnderItsIntroductionShowsTheCards() throws {
    // Cards as section pages and shops set them: sibling `<a>` tiles of a picture and a title, no list
    // items; the search keeps the introduction and drops the grid as links.
    let page = """
      <html><head><title>Tomato recipes</title></head><body>\(Self.siteNavigation)
      <main><h1>Tomato recipes</h1><div class="intro">\(ArticleExtractorTests.prose("tomato", count: 2))</div>
      <div class="card-list">\(Self.recipeCards(30))</div></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The tomato paragraph 2"))
    #expect(text.contains("Recipe 1 with tomatoes and basil") && text.contains("Recipe 30 with tomatoes and basil"))
    #expect(!text.contains("Footer address"))
  }

  @Test func aGridOfCardsOnAPageWithoutAMainRegionShowsTheCards() throws {
    // The same grid without a main region: found around the introduction, not the body's footer links.
    let page = """
      <html><head><title>Tomato recipes</title></head><body>\(Self.siteNavigation)
      <div class="page"><h1>Tomato recipes</h1><div class="intro">\(ArticleExtractorTests.prose("tomato", count: 3))</div>
      <div class="card-list">\(Self.recipeCards(60))</div></div>
      <div class="site-links"><p>Footer address line</p><ul>\((1...20).map { "<li><a href=\"/s/\($0)\">Site section \($0)</a></li>" }.joined())</ul></div>
      </body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The tomato paragraph 3"))
    #expect(text.contains("Recipe 1 with tomatoes and basil") && text.contains("Recipe 60 with tomatoes and basil"))
    #expect(!text.contains("Footer address") && !text.contains("Site section"))

    // A page that declares itself an article is a short article, the grid a rail of other stories.
    let article = try Self.extract(page.replacingOccurrences(
      of: "<head>", with: "<head><meta property=\"og:type\" content=\"article\">")).text
    #expect(article.contains("The tomato paragraph 3") && !article.contains("Recipe 1 with tomatoes"))
  }

  @Test func aMainRegionInsideADialogIsNotThePages() throws {
    // A shop app's hidden drawer (an account panel) marks its own `<main>`: the page's grid is still found
    // around the introduction, as on a page that marks none (`MainRegion.isInDialog`).
    let drawer = """
      <div class="drawer" aria-hidden="true"><div role="dialog"><main class="drawer-content">
      <p>Sign in to see your reward points and the perks of your membership tier.</p></main></div></div>
      """
    let page = """
      <html><head><title>Tomato recipes</title></head><body>\(Self.siteNavigation)
      <div class="page"><h1>Tomato recipes</h1><div class="intro">\(ArticleExtractorTests.prose("tomato", count: 3))</div>
      <div class="card-list">\(Self.recipeCards(60))</div></div>
      <div class="site-links"><p>Footer address line</p></div>\(drawer)
      </body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The tomato paragraph 3"))
    #expect(text.contains("Recipe 1 with tomatoes and basil") && text.contains("Recipe 60 with tomatoes and basil"))
    #expect(!text.contains("reward points"))
  }

  @Test func aGridOfCardsWhoseTitlesAreLinksShowsTheCardsNotTheirPrices() throws {
    // Each card is a column of linked title, reviews link and features beside a column of price and stock:
    // the search drops the first columns and keeps the prices; the grid of one repeated card template
    // (`MainRegion.grid`) is the content.
    let cards = (1...12).map { index in
      """
      <div class="product"><div class="desc"><h3 class="name"><a href="/camera-\(index)">Mirrorless camera model \(index) with a kit lens</a></h3>
      <div class="rating"><a href="/camera-\(index)/reviews">\(index * 7) Reviews</a></div>
      <ul class="features"><li>24.1MP APS-C CMOS Sensor</li><li>4K 24p Video with Crop</li><li>Dual Pixel AF with \(index * 10) zones</li></ul>
      <div class="other">Available in other <a href="/camera-\(index)/kits">Styles, Configurations and Kits</a></div></div>
      <div class="conversion"><div class="price">$\(index)49.00</div>
      <div class="offer">Offer ends March 9, at 5:59 AM, in every store, while stock lasts</div><div>In Stock</div></div></div>
      """
    }
    let page = """
      <html><head><title>Mirrorless cameras</title></head><body>\(Self.siteNavigation)
      <div class="wrapper"><h1>Mirrorless cameras</h1><div class="results">\(cards.joined())</div></div>
      <div class="site-end"><p>Footer address line</p></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("Mirrorless camera model 1 with a kit lens") && text.contains("Mirrorless camera model 12 with"))
    #expect(text.contains("Dual Pixel AF with 120 zones") && text.contains("$1249.00"))
    #expect(!text.contains("Footer address") && !text.contains("Latest"))
  }

  @Test func aGridOfProductCardsUnderABuyingGuideShowsTheCards() throws {
    // A category page whose cards link only their title, and set the price, the ratings and the features
    // beside it (under a third of the card in links): three or more list items of one template, each with a
    // link, are the listing's entries (`LinkMeasures`, template cards), and the grid wins over the buying
    // guide the search kept.
    let cards = (1...20).map { index in
      """
      <li class="tile"><div class="name"><a href="/product/\(index)">Trail shoe \(index)</a></div><div>$1\(index)4.93</div>
      <div>\(index * 11) reviews, 4.6 of 5</div><div>Drop: \(index) mm</div><div>Cushioning: maximum</div>
      <div>Support: neutral</div></li>
      """
    }
    let page = """
      <html><head><title>Running shoes</title></head><body>\(Self.siteNavigation)
      <main><h1>Running shoes</h1><div class="guide">\(ArticleExtractorTests.prose("fitting", count: 3))</div>
      <ul class="results">\(cards.joined())</ul></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("Trail shoe 3") && text.contains("Trail shoe 20"))
    #expect(text.contains("Drop: 20 mm") && text.contains("The fitting paragraph 3"), "\(text)")
    #expect(!text.contains("Footer address"))
  }

  @Test func aRegionShowsACarouselsClonedSlidesOnce() throws {
    // A carousel's loop clones its slides (the same text twice over): the region (`RepeatedBlocks`) shows
    // each once, while short labels that every card repeats stay.
    let slides = (1...3).map { "<div class=\"slide\"><h3>Slide \($0)</h3><p>Slide \($0) says what the service does for a client.</p><p>Book</p></div>" }
    let sections = ["Planning", "Building", "Support"].map { name in
      "<section><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p></section>"
    }
    let page = """
      <html><head><title>Garden services</title></head><body>\(Self.siteNavigation)
      <main><h1>Garden services</h1><div class="carousel">\((slides + slides).joined())</div>\(sections.joined())</main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    for index in 1...3 {
      #expect(text.components(separatedBy: "Slide \(index) says what the service does").count == 2)
    }
    #expect(text.components(separatedBy: "\nBook\n").count == 7)
    #expect(text.contains("Support is part of what we offer"))
  }

  @Test func documentationKeepsItsCodeAndLeavesItsSidebarOut() throws {
    let code = "let cache = Cache()\n    cache.store(key, value)\n// done"
    let page = """
      <html><head><title>Caching</title></head><body>
      <div class="docs-sidebar"><select class="version-picker"><option>v2</option><option>v1</option></select>
        <ul>\((1...15).map { "<li><a href=\"/docs/\($0)\">Chapter \($0)</a></li>" }.joined())</ul></div>
      <main><h1>Caching</h1><p>The cache keeps answers for a while, so that the same question is not asked twice of the server.</p>
      <pre><code>\(code)</code></pre><p>Call store after every answer.</p></main></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains(code))
    #expect(text.contains("Call store after every answer."))
    #expect(!text.contains("Chapter 3") && !text.contains("v1"))
  }

  @Test func documentationKeepsCodeWhoseWrapperIsNamedLikeFurniture() throws {
    // Documentation sets each example in a component whose utility classes read as furniture (`scroll`):
    // a block that is mostly code stays (`ArticleCleaner.holdsCode`); a block named so with prose goes.
    let code = "services:\n  web:\n    ports:\n      - \"8000:8000\""
    let page = """
      <html><head><title>Networking</title></head><body>
      <article><h1>Networking</h1>\(ArticleExtractorTests.prose("network", count: 3))
      <div class="group scroll-mt-2 flex"><div class="highlight"><pre><code>\(code)</code></pre></div></div>
      <p>Each container joins the network under its service's name, and is reachable there.</p>
      <div class="scroll-box"><div>Keep scrolling for the next guide</div></div></article></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains(code), "\(text)")
    #expect(text.contains("Each container joins the network") && !text.contains("Keep scrolling"))
  }

  @Test func aPageWrappedInAFormOrANamedWrapperShowsItsContent() throws {
    // ASP.NET pages wrap the whole body in one `<form>`; shop templates call the block of a category's
    // items `related-product` or give it a `pagination` class. Furniture is beside the content, never most
    // of the page (`RegionCleaner.holdsThePage`): the items are shown, not "no article".
    let items = (1...8).map { "<div class=\"item\"><h3>Mower model \($0)</h3><p>Cuts up to \($0) acres a charge.</p></div>" }.joined()
    let wrapped = [
      "<form method=\"post\" id=\"Form\"><div class=\"page\"><h1>Robotic mowers</h1>\(items)</div></form>",
      "<div class=\"page\"><h1>Robotic mowers</h1><section class=\"related-product\">\(items)</section></div>",
      "<main><div class=\"category top-pagination-hidden\"><h1>Robotic mowers</h1>\(items)</div></main>",
    ]
    for body in wrapped {
      let page = """
        <html><head><title>Robotic mowers</title></head><body>\(Self.siteNavigation)\(body)
        <footer><p>Footer address line</p></footer></body></html>
        """
      let text = try Self.extract(page).text
      #expect(text.contains("Mower model 1\n") && text.contains("Cuts up to 8 acres a charge."))
      #expect(!text.contains("Footer address"))
    }
    // A form or a named block beside the content stays out.
    let beside = """
      <html><head><title>Robotic mowers</title></head><body>\(Self.siteNavigation)<main><h1>Robotic mowers</h1>\(items)
      <form action="/subscribe"><p>Write your address here to hear of new mowers first.</p></form>
      <div class="related-posts"><p>Mowing in the rain, and other questions from our readers.</p></div></main></body></html>
      """
    let text = try Self.extract(beside).text
    #expect(text.contains("Cuts up to 8 acres a charge.") && !text.contains("Write your address") && !text.contains("Mowing in the rain"))
  }

  @Test func aPageHiddenWholeUntilAScriptShowsItShowsItsContent() throws {
    // An anti-flicker wrapper (`visibility:hidden` until the fonts load) or a shop app's lock (`display:none`
    // until it checks the visitor) hides the whole page: a hidden block holding two thirds of the page's
    // text is the page (`Preparation.showHiddenPage`), not furniture. Hidden blocks beside it stay out.
    let items = (1...8).map { "<li class=\"card\"><a href=\"/p/\($0)\">Roast number \($0)</a><span>$1\($0).99</span></li>" }.joined()
    let veils = [
      "<div style=\"visibility: hidden; min-height: 100vh\">", "<div class=\"lock-content\" style=\"display:none\">",
      "<div hidden>",
    ]
    for veil in veils {
      let page = """
        <html><head><title>Coffee</title></head><body>\(Self.siteNavigation)<main>\(veil)
        <h1>Coffee</h1><p>Every roast we sell, ground or whole, in bags of a pound.</p><ul class="grid">\(items)</ul>
        <div style="display:none"><p>Your session has expired, sign in again.</p></div></div></main></body></html>
        """
      let text = try Self.extract(page).text
      #expect(text.contains("Roast number 1") && text.contains("Roast number 8"), "\(veil)")
      #expect(!text.contains("session has expired"), "\(veil)")
    }
    // A hidden block beside the content, however long, stays out.
    let beside = """
      <html><head><title>Coffee</title></head><body><main><h1>Coffee</h1>\(ArticleExtractorTests.prose("roast", count: 6))
      <div hidden>\(ArticleExtractorTests.prose("drawer", count: 2))</div></main></body></html>
      """
    let text = try Self.extract(beside).text
    #expect(text.contains("roast") && !text.contains("drawer"))
  }

  @Test func aGridWhoseCardsSayTheirTitleTwiceShowsItOnce() throws {
    // A region is not rewritten as the search rewrites its divs into paragraphs: a card printing its title
    // over its picture and again under it, each in a `<div>` of text, shows it once (`RepeatedBlocks`).
    let cards = (1...12).map {
      "<a class=\"card\" href=\"/p/\($0)\"><div class=\"media\">Roast number \($0), whole bean</div>"
        + "<div class=\"title\">Roast number \($0), whole bean</div><div class=\"price\">$19.99</div></a>"
    }
    let page = """
      <html><head><title>Coffee</title></head><body>\(Self.siteNavigation)
      <main><h1>Coffee</h1><div class="grid">\(cards.joined())</div></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    for index in [1, 12] {
      #expect(text.components(separatedBy: "Roast number \(index), whole bean").count == 2, "\(text)")
    }
  }
}
