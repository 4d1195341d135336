import Foundation
import Testing

@testable import Reader

/// The opening post that forum software sets apart from the replies (`ForumThread.opening(before:)`), and
/// the teaser rail after an article that must not read as its replies.
@Suite struct ForumOpeningTests {
  static func post(_ kind: String, author: String, date: String, body: String) -> String {
    """
    <div class="\(kind)"><div class="Meta"><span class="Author"><a href="/profile/\(author)">\(author)</a></span>
      <span class="DateCreated"><time datetime="\(date)">\(date.prefix(10))</time></span></div>
      <div class="Message">\(body)</div></div>
    """
  }

  @Test func anOpeningPostSetApartFromTheRepliesOpensTheThread() throws {
    let replies = (2...5).map { index in
      Self.post("Item Comment", author: "member\(index)", date: "2025-03-0\(index)T10:00:00Z", body: "<p>\(PageKindExtractionTests.reply(index))</p>")
    }
    let page = """
      <html><head><title>The open source edition ends</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="Discussion">\(Self.post("Item Opening", author: "admin", date: "2025-03-01T09:00:00Z", body: ArticleExtractorTests.prose("licence")))</div>
      <div class="Comments"><h2>Comments</h2><ul class="CommentList">\(replies.map { "<li class=\"ItemComment\">\($0)</li>" }.joined())</ul></div>
      </body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    let opening = try #require(text.range(of: "The licence paragraph 5"))
    var last = opening.upperBound
    for index in 2...5 {
      let reply = try #require(text.range(of: PageKindExtractionTests.reply(index)), "reply \(index)")
      #expect(reply.lowerBound >= last)
      last = reply.upperBound
    }
    #expect(text.contains("admin") && text.contains("member5"))
  }

  /// An article whose byline and date are marked like the teasers of its "related posts" rail, each teaser
  /// a titled card (a heading, a link laid empty over it), an excerpt, a writer and a date.
  @Test func aRailOfTitledTeasersAfterAnArticleIsNotItsReplies() throws {
    let teasers = (1...4).map { index in
      """
      <article class="post-box"><a class="post-box__link" href="/blog/\(index)" aria-label="Another story of the blog, number \(index)"></a>
        <h3 class="title">Another story of the blog, number \(index)</h3>
        <p class="excerpt">An excerpt of that other story, two lines of it, which a reader may follow elsewhere on the site \(index).</p>
        \(Self.post("Byline", author: "writer\(index)", date: "2025-0\(index)-01T10:00:00Z", body: ""))</article>
      """
    }
    let page = """
      <html><head><title>Tutoring platforms</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="post">\(Self.post("Byline", author: "editor", date: "2025-11-18T10:00:00Z", body: ""))
        <div class="entry">\(ArticleExtractorTests.prose("tutoring", count: 6))</div></div>
      <div class="related"><h2>Related posts</h2><div class="related-grid">\(teasers.joined())</div></div>
      </body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("The tutoring paragraph 6"))
    #expect(!text.contains("An excerpt of that other story"))
  }

  /// Replies marked as comments by their microdata, the opening post a block of their kind left bare
  /// (the thread's own item declared elsewhere on the page).
  @Test func anUnmarkedOpeningPostBeforeRepliesMarkedAsCommentsOpensTheThread() throws {
    func message(_ author: String, _ date: String, _ body: String, marked: Bool) -> String {
      let item = marked ? " itemscope itemtype=\"https://schema.org/Comment\"" : ""
      return """
        <article class="message message--post" data-author="\(author)"\(item)><div class="message-user"><a class="username" href="/members/\(author)">\(author)</a></div>
          <header class="message-attribution"><time datetime="\(date)">\(date.prefix(10))</time></header>
          <div class="message-body"><div class="bbWrapper">\(body)</div></div></article>
        """
    }
    let replies = (2...9).map { index in
      message("member\(index)", "2025-03-0\(index)T10:00:00Z", "<p>\(PageKindExtractionTests.reply(index))</p>", marked: true)
    }
    let page = """
      <html><head><title>Which closed headphones</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="block-body">\(message("asker", "2025-03-01T09:00:00Z", ArticleExtractorTests.prose("headphone", count: 2), marked: false))\(replies.joined())</div>
      </body></html>
      """
    // The thread the page marks holds the opening post first, then the replies.
    let root = try #require(ArticleExtractor.parse(Data(page.utf8), charset: "UTF-8"))
    let text = try #require(ForumThread.find(in: root.descendants(["body"]).first ?? root)).thread.innerText
    let opening = try #require(text.range(of: "The headphone paragraph 2"), "the opening post is in the thread")
    let first = try #require(text.range(of: PageKindExtractionTests.reply(2)))
    #expect(opening.upperBound <= first.lowerBound)
    #expect(text.contains(PageKindExtractionTests.reply(9)) && text.contains("asker"))
  }
}
