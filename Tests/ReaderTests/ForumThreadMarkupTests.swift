import Foundation
import Testing

@testable import Reader

/// Threads whose markup hides their posts from a plain reading: dates written short with the full date in
/// a `title`, replies threaded into wrappers after their post, an opening post declared by its microdata,
/// posts whose entry carries the reader's vote state and whose text sits in a form without fields, and
/// comments whose date opens their details line.
@Suite struct ForumThreadMarkupTests {
  /// A comment dated only by its age ("2y"), the date itself in the `title` shown on hover, and signed with
  /// a link named at length (the poster's certification), which is not a teaser's title.
  static func comment(_ index: Int) -> String {
    """
    <article class="js-comment"><div class="comment-container">
      <div class="post-header"><span class="author-details__username">member\(index)</span>
        <span class="post-when"><span class="d-inline" title="August 1\(index), 2023 - 3:05pm">2y</span></span></div>
      <div class="comment-content"><p>\(PageKindExtractionTests.reply(index))</p></div>
      <div class="user-signature">Authored by: <a href="/certified">Certified Professional - Second Year Associate</a></div>
    </div></article>
    """
  }

  /// Drupal's threading: a reply to a comment is written in an `indented` wrapper right after it; the
  /// opening post is declared a question by microdata that holds only its metadata. No `<time>`: the
  /// replies are found by the dates in their titles.
  @Test func repliesDatedInTitlesAndThreadedInWrappersFollowTheDeclaredOpening() throws {
    let opening = """
      <div class="node-wrapper"><article class="forum node"><div class="post-wrap">
        <div itemscope itemtype="https://schema.org/Question"><meta itemprop="datePublished" content="2023-08-13 13:38:21"></div>
        <h1>Is it worth it?</h1><span class="author-details__username">asker</span>
        <div class="content">\(ArticleExtractorTests.prose("question"))</div>
      </div></article>
      <div class="post-comments"><section class="field-comments">
        \(Self.comment(1))\(Self.comment(2))<div class="indented">\(Self.comment(3))<div class="indented">\(Self.comment(4))</div></div>\(Self.comment(5))
      </section></div></div>
      """
    let page = """
      <html><head><title>Is it worth it?</title></head><body>\(PageKindExtractionTests.siteNavigation)\(opening)</body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    let start = try #require(text.range(of: "The question paragraph 5"), "the opening post")
    var last = start.upperBound
    for index in 1...5 {
      let reply = try #require(text.range(of: PageKindExtractionTests.reply(index)), "reply \(index)")
      #expect(reply.lowerBound >= last, "reply \(index) in order")
      last = reply.upperBound
    }
  }

  /// A link aggregator's comment: the entry carries the reader's vote state (`unvoted`), the text sits in
  /// a form that edits it in place (one hidden field), and a list of buttons follows; replies nest inside.
  static func entry(_ index: Int, children: String = "") -> String {
    """
    <div class="thing comment"><div class="midcol unvoted"><div class="arrow up" role="button" aria-label="upvote"></div></div>
      <div class="entry unvoted"><p class="tagline"><a class="author" href="/user/member\(index)">member\(index)</a>
        <time datetime="2026-03-04T1\(index):00:00+00:00">\(index) hours ago</time></p>
        <form action="#" class="usertext"><input type="hidden" name="thing_id" value="t\(index)">
          <div class="usertext-body"><div class="md"><p>\(Self.remark(index))</p></div></div></form>
        <ul class="flat-list buttons"><li><a href="/c/\(index)">permalink</a></li><li><a href="#">embed</a></li></ul></div>
      <div class="child">\(children)</div></div>
    """
  }

  static func remark(_ index: Int) -> String {
    "Comment \(index) agrees with the one above it and adds one short point of its own, then stops there."
  }

  @Test func anEntryMarkedUnvotedKeepsItsTextFromAFormWithoutFieldsAndDropsItsButtons() throws {
    let tree = Self.entry(1, children: Self.entry(2, children: Self.entry(3))) + Self.entry(4) + Self.entry(5, children: Self.entry(6))
      + Self.entry(7) + Self.entry(8)
    let page = """
      <html><head><title>Hair grown in the lab</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="commentarea"><div class="sitetable nestedlisting">\(tree)</div></div></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    // The thread itself keeps every comment's text, a parent's as its replies' (its form is a small part of it).
    let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
    let thread = try #require(ForumThread.find(in: root.descendants(["body"]).first ?? root)).thread.innerText
    for index in 1...8 {
      #expect(thread.contains(Self.remark(index)), "comment \(index) in the thread")
      #expect(text.contains(Self.remark(index)), "comment \(index)")
    }
    #expect(text.contains("member4") && text.contains("4 hours ago"), "a reply's author and date")
    #expect(!text.contains("permalink") && !text.contains("embed"))
  }

  /// Posts written as a list's items, marked as comments inside the topic's forum posting; each reply
  /// shows the post it answers, folded to a line, above its own text.
  @Test func aReplyShowsThePostItAnswersOnlyOnce() throws {
    let posts = (1...4).map { index in
      """
      <li itemprop="comment" itemscope itemtype="http://schema.org/Comment">
        <meta itemprop="datePublished" content="2024-04-1\(index)T10:00:00Z">
        \(index > 1 ? "<div class=\"post-parent\"><a href=\"/user/\(index - 1)\">member\(index - 1)</a><div class=\"line-clamp-1\"><p>\(PageKindExtractionTests.reply(index - 1))</p></div></div>" : "")
        <div class="post-header"><a class="username" href="/user/\(index)">member\(index)</a> wrote on <time datetime="2024-04-1\(index)T10:00:00Z">April 1\(index)</time></div>
        <div class="content" itemprop="text"><p>\(PageKindExtractionTests.reply(index))</p></div>
      </li>
      """
    }
    let page = """
      <html><head><title>Which version?</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div itemscope itemtype="https://schema.org/DiscussionForumPosting"><h1 itemprop="headline">Which version?</h1>
      <ul class="posts">\(posts.joined())</ul></div></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.components(separatedBy: PageKindExtractionTests.reply(index)).count == 2, "reply \(index) once")
    }
  }

  /// A news site's comment: a title, then a details line that opens with the date and goes on with the
  /// comment's link and the poster's, then the text; replies nest in a list inside it.
  static func dateLeadComment(_ index: Int, replies: String = "") -> String {
    """
    <li class="comment full"><div class="cw"><div class="commentTop"><h4><a href="#c\(index)">Title of comment \(index)</a></h4>
      <div class="details"><span class="by">by <a href="/~member\(index)">member\(index)</a></span>
        <span class="otherdetails">on Friday January 1\(index), 2024 @12:4\(index)PM (<a href="#c\(index)">#\(index)</a>)
          <small><a href="/~member\(index)/journal">Journal</a></small></span></div></div>
      <div class="commentBody"><div>\(PageKindExtractionTests.reply(index))</div></div></div>
      <ul>\(replies)</ul></li>
    """
  }

  @Test func commentsDatedAtTheStartOfTheirDetailsLineFollowTheStory() throws {
    let tree = Self.dateLeadComment(1, replies: Self.dateLeadComment(2) + Self.dateLeadComment(3)) + Self.dateLeadComment(4)
      + Self.dateLeadComment(5, replies: Self.dateLeadComment(6)) + Self.dateLeadComment(7)
    let page = """
      <html><head><title>Kernel in a new language</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="story"><h1>Kernel in a new language</h1><div class="body">\(ArticleExtractorTests.prose("story", count: 2))</div></div>
      <div id="comments"><ul id="commentlisting">\(tree)</ul></div></body></html>
      """
    let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
    let thread = try #require(ForumThread.find(in: root.descendants(["body"]).first ?? root), "the comments read as a thread")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...7 {
      #expect(thread.thread.innerText.contains(PageKindExtractionTests.reply(index)), "comment \(index) in the thread")
      #expect(text.contains(PageKindExtractionTests.reply(index)), "comment \(index)")
    }
  }
}
