import Foundation
import TestSupport
import Testing

@testable import Reader

/// Hand-made pages of the kinds that are not one block of prose (`ForumThread`, `MainRegion`): each shows
/// its main content rather than one part of it or "no article".
@Suite struct PageKindExtractionTests {
  static func extract(_ html: String) throws -> ExtractedArticle {
    try ArticleExtractor.extract(data: Data(html.utf8), charset: nil, url: URL(string: "https://example.org/page")!)
  }

  static let siteNavigation = """
    <header class="site-header"><nav><ul><li><a href="/">Home</a></li><li><a href="/latest">Latest</a></li></ul></nav></header>
    """

  /// A reply of a few sentences, long enough to count as prose on its own.
  static func reply(_ index: Int) -> String {
    "Reply \(index) says what its author thinks, with a reason, an example from experience, and a question back, "
      + "since a thread is a conversation of several voices."
  }

  @Test func aMarkedForumThreadKeepsEveryPostWithItsAuthorAndDate() throws {
    let posts = (1...4).map { index in
      """
      <div class="comment-item" itemprop="comment" itemscope itemtype="http://schema.org/Comment">
        <span class="comment-author" itemprop="author">Poster\(index)</span>
        <time datetime="2026-05-0\(index)T10:00:00Z">May \(index), 2026</time>
        <div itemprop="text"><p>\(Self.reply(index))</p></div>
      </div>
      """
    }
    let page = """
      <html><head><title>Which kettle lasts?</title></head><body>\(Self.siteNavigation)
      <div itemscope itemtype="http://schema.org/DiscussionForumPosting">
        <h1 itemprop="headline">Which kettle lasts?</h1>
        <div class="post-first"><span class="comment-author">Asker</span><time datetime="2026-04-30T09:00:00Z">April 30, 2026</time>
          <div itemprop="text">\(ArticleExtractorTests.prose("kettle", count: 4))</div></div>
        \(posts.joined(separator: "\n"))
      </div>
      <footer><p>Forum footer, terms and privacy.</p></footer></body></html>
      """
    let text = try Self.extract(page).text
    var last = text.startIndex
    for index in 1...4 {
      let range = try #require(text.range(of: Self.reply(index)), "reply \(index) kept")
      #expect(range.lowerBound >= last, "in order")
      last = range.upperBound
      #expect(text.contains("Poster\(index)") && text.contains("May \(index), 2026"), "author and date of \(index)")
    }
    #expect(text.contains("The kettle paragraph 4"))
    #expect(!text.contains("Forum footer") && !text.contains("Latest"))

    // Marked comments under an article are not a thread: the article stays, without them.
    do {
      let comments = (1...3).map { index in
        "<li itemscope itemtype=\"https://schema.org/Comment\"><b>reader\(index)</b> <time>today</time><p>\(Self.reply(index))</p></li>"
      }
      let page = """
        <html><head><title>Rivers in spring</title></head><body>
        <article><h1>Rivers in spring</h1>\(ArticleExtractorTests.prose("river", count: 6))</article>
        <ol class="comment-list">\(comments.joined())</ol></body></html>
        """
      let article = try Self.extract(page).text
      #expect(article.contains("The river paragraph 6"))
      #expect(!article.contains("Reply 1 says"))
    }
  }

  @Test func anUnmarkedThreadIsFoundByItsDatedPosts() throws {
    let posts = (1...5).map { index in
      """
      <div class="message"><div class="message-user"><a href="/u/\(index)">member\(index)</a></div>
        <div class="message-meta"><time datetime="2026-03-0\(index)">March \(index)</time></div>
        <div class="message-body">\(index == 1 ? ArticleExtractorTests.prose("kettle") : "<p>\(Self.reply(index))</p>")</div></div>
      """
    }
    let page = """
      <html><head><title>Thread</title></head><body>\(Self.siteNavigation)
      <div class="thread" id="comments">\(posts.joined())</div>
      <div class="latest"><ul>\((1...6).map { "<li><a href=\"/t/\($0)\">Other topic \($0)</a> <time>1 h</time></li>" }.joined())</ul></div>
      </body></html>
      """
    // The opening post is long enough to be an article alone; the replies count as much.
    let text = try Self.extract(page).text
    #expect(text.contains("The kettle paragraph 5"))
    for index in 1...5 {
      if index > 1 { #expect(text.contains(Self.reply(index))) }
      #expect(text.contains("member\(index)") && text.contains("March \(index)"))
    }
    #expect(!text.contains("Other topic"))
  }

  @Test func aThreadWhoseDatesAreWrittenOutIsFoundByThem() throws {
    // Posts dated by a plain line of text (no `<time>`, no microdata), as script-built forums print them;
    // the search keeps the opening post alone.
    let posts = (1...5).map { index in
      """
      <div class="c-post"><div class="c-head"><div class="c-name">member\(index)</div>
        <div class="c-when">2\(index)/11/2025 at 7:1\(index) pm</div></div>
        <div class="c-body">\(index == 1 ? ArticleExtractorTests.prose("kettle") : "<p>\(Self.reply(index))</p>")</div></div>
      """
    }
    let page = """
      <html><head><title>Thread</title></head><body>\(Self.siteNavigation)
      <div class="c-thread">\(posts.joined())</div><p class="c-phone">Call 440-214-9811</p></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The kettle paragraph 5"))
    for index in 2...5 {
      #expect(text.contains(Self.reply(index)))
      #expect(text.contains("member\(index)") && text.contains("2\(index)/11/2025 at 7:1\(index) pm"))
    }
  }

  @Test func twoWrittenDatesAreNotAThreadButTwoMarkedOnesAre() throws {
    // An article's header and body can each hold a date line (its update date, a dateline): two blocks
    // of one kind with written dates are not a thread; three are, and two marked by `<time>` are.
    func blocks(_ count: Int, marked: Bool) throws -> PageNode {
      let parts = (1...count).map { index in
        let date = marked ? "<time datetime=\"2025-01-0\(index)\">January \(index)</time>" : "<div>January \(index), 2025</div>"
        return "<div class=\"part\">\(date)<p>\(Self.reply(index))</p></div>"
      }
      let root = try #require(ArticleExtractor.parse(Data("<html><body><div>\(parts.joined())</div></body></html>".utf8), charset: "UTF-8"))
      return root.descendants(["body"]).first ?? root
    }
    #expect(ForumThread.datedPosts(try blocks(2, marked: false)) == nil)
    #expect(ForumThread.datedPosts(try blocks(3, marked: false))?.count == 3)
    #expect(ForumThread.datedPosts(try blocks(2, marked: true))?.count == 2)
  }

  @Test func writtenDatesAreToldFromNumbersAndProse() {
    for date in ["28/11/2025 at 7:16 pm", "2025-11-28", "11.28.25", "Nov 28, 2025", "28th November", "3 hours ago", "a day ago"] {
      #expect(WrittenDate.isDate(date), "\(date)")
    }
    for other in ["Call 440-214-9811", "Version 1.2.3", "May I help you", "3 hours", "Reply 12 of 40"] {
      #expect(!WrittenDate.isDate(other), "\(other)")
    }
  }

  @Test func dateLinesOfAListOfLinksAreNotAThread() throws {
    // A list of links, each with a byline row of a few words and an age (a news aggregator's front page):
    // the rows are dated and alike, yet say nothing of their own; the page is the list.
    let rows = (1...30).map { index in
      "<tr class=\"story\"><td><a href=\"https://example.net/\(index)\">Story \(index) about a new thing that shipped</a></td></tr>"
        + "<tr><td class=\"sub\">\(index) points by <a href=\"/u/\(index)\">user\(index)</a> <span>\(index) minutes ago</span> | hide</td></tr>"
    }
    let page = """
      <html><head><title>New stories</title></head><body><table class="list">\(rows.joined())</table></body></html>
      """
    let text = try ArticleExtractor.extractAnyway(data: Data(page.utf8), charset: nil, url: nil).text
    #expect(text.contains("Story 1 about a new thing") && text.contains("Story 30 about a new thing"))
  }

  @Test func aRailOfDatedCommentsBesideAListingIsNotThePage() throws {
    // A section page's grid of stories with a small rail of readers' latest comments beside it: the
    // comments are dated posts, but a corner of the page; the page is the grid.
    let cards = (1...30).map { "<a class=\"tile\" href=\"/s/\($0)\"><h3>Story \($0) about the harbour works</h3></a>" }
    let comments = (1...3).map {
      "<div class=\"remark\"><span>reader\($0)</span><span>\($0) hours ago</span><p>Reply \($0): a short view, with a reason and an example of it.</p></div>"
    }
    let page = """
      <html><head><title>Harbour</title></head><body>
      <div class="grid">\(cards.joined())</div><div class="rail">\(comments.joined())</div></body></html>
      """
    let text = try ArticleExtractor.extractAnyway(data: Data(page.utf8), charset: nil, url: nil).text
    #expect(text.contains("Story 1 about the harbour works") && text.contains("Story 30 about the harbour works"))
  }

  @Test func aThreadLeavesOutEachPostersPanelAndSignatureButKeepsAuthorAndDate() throws {
    let posts = (1...4).map { index in
      """
      <article class="message" itemscope itemtype="https://schema.org/Comment">
        <div class="message-userDetails"><a class="username" href="/m/\(index)">member\(index)</a>
          <span class="userTitle">Senior Member</span><dl class="pairs"><dt>Joined</dt><dd class="join-date">Mar 2011</dd>
          <dt>Messages</dt><dd>9,87\(index)</dd></dl><span class="user-reputation">Reaction score: 4\(index)</span></div>
        <div class="post-meta">Posted <time datetime="2026-02-0\(index)">February \(index), 2026</time> <a href="#p\(index)">#\(index)</a></div>
        <div class="message-body"><p>\(Self.reply(index))</p></div>
        <div class="message-signature">Gear list \(index): three cameras and a lens for every weather</div>
      </article>
      """
    }
    let page = """
      <html><head><title>Which lens?</title></head><body>\(Self.siteNavigation)
      <div class="thread">\(posts.joined())</div></body></html>
      """
    let text = try Self.extract(page).text
    for index in 1...4 {
      #expect(text.contains(Self.reply(index)))
      #expect(text.contains("member\(index)") && text.contains("February \(index), 2026"), "author and date of \(index)")
      #expect(!text.contains("Gear list \(index)"), "signature \(index)")
      #expect(!text.contains("9,87\(index)") && !text.contains("Reaction score: 4\(index)"), "panel of \(index)")
    }
    #expect(!text.contains("Senior Member") && !text.contains("Mar 2011") && !text.contains("Posted"))
  }

  @Test func aThreadRenderedInNoscriptIsRead() throws {
    let posts = (1...5).map { index in
      "<div class=\"crawler-post\"><span class=\"creator\">user\(index)</span> <time datetime=\"2026-01-0\(index)\">Jan \(index)</time><p>\(Self.reply(index))</p></div>"
    }
    let page = """
      <html><body><div id="app"></div><noscript><p>Enable JavaScript for the full experience.</p></noscript>
      <noscript data-path="/t/1"><div class="topic">\(posts.joined())</div></noscript></body></html>
      """
    let text = try Self.extract(page).text
    for index in 1...5 { #expect(text.contains(Self.reply(index))) }
    #expect(!text.contains("Enable JavaScript"))
  }

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
}
