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

  /// Posts that print their date twice (a phone layout's header and the desktop's), the poster's join
  /// date and an edit's: four `<time>`s, three dates. One post also quotes another's, with its date.
  @Test func postsThatRepeatTheirDateAreStillPosts() throws {
    let posts = (1...5).map { index in
      """
      <article class="cPost"><div class="phone-head"><a href="/u/\(index)">member\(index)</a> <time datetime="2026-03-0\(index)T10:00:00Z">March \(index)</time></div>
        <aside class="poster"><ul><li>\(index * 40) posts</li><li><time datetime="2019-01-0\(index)T08:00:00Z">Joined 2019</time></li></ul></aside>
        <div class="post-head"><time datetime="2026-03-0\(index)T10:00:00Z">March \(index)</time></div>
        <div class="post-text">\(index == 3 ? "<blockquote><time datetime=\"2026-03-02T10:00:00Z\">March 2</time> member2 said: Quoted.</blockquote>" : "")
          \(index == 1 ? ArticleExtractorTests.prose("kettle") : "<p>\(Self.reply(index))</p>")
          <p class="edited">Edited <time datetime="2026-03-0\(index)T11:00:00Z">an hour later</time></p></div></article>
      """
    }
    let page = """
      <html><head><title>Thread</title></head><body>\(Self.siteNavigation)
      <div id="feed"><form>\(posts.joined())</form></div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The kettle paragraph 5"))
    for index in 2...5 { #expect(text.contains(Self.reply(index)), "reply \(index)") }
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

  @Test func aQuestionsPageKeepsTheAnswersButNotTheCommentsUnderThem() throws {
    // A question and its answers marked as such (schema.org Question, Answer), each with readers'
    // comments marked as Comment under it: the answers are the conversation, the comments remarks on them.
    func comments(_ owner: String) -> String {
      (1...2).map { index in
        "<li class=\"comment\" itemscope itemtype=\"https://schema.org/Comment\"><span class=\"comment-copy\">Remark \(index) on \(owner), asking for a detail that the post left out.</span> <span class=\"comment-user\">critic\(index)</span></li>"
      }.joined()
    }
    let answers = (1...3).map { index in
      """
      <div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/Answer">
        <div class="post-body" itemprop="text"><p>\(Self.reply(index))</p></div>
        <div class="user-info"><a class="user-name" href="/u/\(index)">helper\(index)</a> <time datetime="2026-06-0\(index)">June \(index), 2026</time></div>
        <ul class="comments-list">\(comments("answer \(index)"))</ul>
      </div>
      """
    }
    let page = """
      <html><head><title>How do kettles scale?</title></head><body>\(Self.siteNavigation)
      <div id="question" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
        <h1 itemprop="name">How do kettles scale?</h1>
        <div class="post-body" itemprop="text">\(ArticleExtractorTests.prose("kettle", count: 2))</div>
        <ul class="comments-list">\(comments("the question"))</ul>
      </div>
      <div id="answers">\(answers.joined())</div></body></html>
      """
    let text = try Self.extract(page).text
    #expect(text.contains("The kettle paragraph 2"))
    for index in 1...3 { #expect(text.contains(Self.reply(index)) && text.contains("helper\(index)")) }
    #expect(!text.contains("Remark 1 on") && !text.contains("critic1"), "comments under the question and the answers")
  }

  @Test func declaredForumPostsOutweighABlurbTheSearchKept() throws {
    // The forum's blurb in a sidebar is the one block of prose the first search finds (the posts sit in a
    // container named like comments, which it strips); the page marks its posts as a forum posting with
    // replies, twice the blurb's text and more: the posts are the page.
    let replies = (1...6).map { index in
      """
      <div class="message" itemprop="comment" itemscope itemtype="https://schema.org/Comment">
        <span class="username" itemprop="author">member\(index)</span> <time datetime="2026-02-0\(index)">February \(index), 2026</time>
        <div itemprop="text"><p>\(Self.reply(index)) \(Self.reply(index + 10))</p></div>
      </div>
      """
    }
    let blurb = (1...6).map { "Sentence \($0) of the blurb says that this forum gathers owners of every model, for talk, advice and trips." }
    let page = """
      <html><head><title>Liftgate lights</title></head><body>\(Self.siteNavigation)
      <div class="comment-thread" itemscope itemtype="https://schema.org/DiscussionForumPosting">
        <div class="message" itemprop="text"><p>\(Self.reply(0))</p></div>\(replies.joined())
      </div>
      <div class="about-block"><p>\(blurb.joined(separator: " "))</p></div></body></html>
      """
    let text = try Self.extract(page).text
    for index in 1...6 { #expect(text.contains(Self.reply(index)) && text.contains("member\(index)")) }
    #expect(!text.contains("Sentence 1 of the blurb"))
  }

  @Test func everyTabPanelOfADocumentationPageIsShownUnderItsTabsName() throws {
    // A step written once per language, the panels after the first hidden until their tab is chosen; a
    // closed popover's tabs (a settings prompt) stay closed.
    let languages = ["Python", "Go", "Ruby"]
    let tabs = languages.map { "<button role=\"tab\" id=\"tab-\($0)\">\($0)</button>" }.joined()
    let panels = languages.enumerated().map { index, language in
      "<div role=\"tabpanel\" aria-labelledby=\"tab-\(language)\"\(index > 0 ? " hidden style=\"display:none\"" : "")>"
        + "<p>Install the \(language) library with its package manager, then run the example below.</p>"
        + "<pre><code>install-\(language.lowercased()) example</code></pre></div>"
    }.joined()
    let prompt = """
      <div popover id="prompt"><div role="tablist"><button role="tab" id="tab-a">Chrome</button><button role="tab" id="tab-b">Safari</button></div>
      <div role="tabpanel" aria-labelledby="tab-a"><p>Open the browser's settings and allow notifications.</p></div>
      <div role="tabpanel" aria-labelledby="tab-b" hidden><p>Choose the site in the preferences and allow it.</p></div></div>
      """
    let page = """
      <html><head><title>Send a message</title></head><body>\(Self.siteNavigation)
      <main><h1>Send a message</h1>\(ArticleExtractorTests.prose("message", count: 3))
      <div role="tablist">\(tabs)</div>\(panels)\(ArticleExtractorTests.prose("reply", count: 2))</main>\(prompt)</body></html>
      """
    let text = try Self.extract(page).text
    var last = text.startIndex
    for language in languages {
      let range = try #require(text.range(of: "Install the \(language) library"), "\(language)'s panel")
      #expect(range.lowerBound >= last, "in order")
      last = range.upperBound
      #expect(text.contains("install-\(language.lowercased()) example"))
      #expect(text.contains("\(language)\n"), "\(language)'s tab name")
    }
    #expect(!text.contains("Choose the site in the preferences"))
  }

  @Test func aPostLeavesOutItsVotesAndThePostersBadges() throws {
    let posts = (1...3).map { index in
      """
      <div class="answer" itemscope itemtype="https://schema.org/Answer">
        <div class="votecell"><button>Up</button><span class="js-vote-count">4\(index)7</span><button>Down</button></div>
        <div class="post-body" itemprop="text"><p>\(Self.reply(index))</p></div>
        <div class="user-details"><a class="user-name" href="/u/\(index)">helper\(index)</a>
          <div class="-flair"><span class="badge-silver"></span><span class="badgecount">\(index)8 silver badges</span></div></div>
        <time datetime="2026-07-0\(index)">July \(index), 2026</time>
      </div>
      """
    }
    let page = """
      <html><head><title>Answers</title></head><body>\(Self.siteNavigation)<div id="answers">\(posts.joined())</div></body></html>
      """
    let text = try Self.extract(page).text
    for index in 1...3 {
      #expect(text.contains(Self.reply(index)) && text.contains("helper\(index)") && text.contains("July \(index), 2026"))
      #expect(!text.contains("4\(index)7") && !text.contains("\(index)8 silver badges"), "votes and badges of \(index)")
    }
  }
}
