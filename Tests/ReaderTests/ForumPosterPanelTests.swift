import Foundation
import Testing

@testable import Reader

/// The poster's panel that forum software sets beside each post apart from the name (`ForumThread.postFurniture`):
/// the extras under the name (join date, message count, reaction score, location) and the profile list and
/// icon bar of the phpBB family, and the post's number in its corner.
@Suite struct ForumPosterPanelTests {
  /// A page of the thread `posts` in the wrapper `opening` (a forum's list of posts).
  static func thread(_ posts: String, in opening: String) -> String {
    """
    <html><head><title>Which lens?</title></head><body>\(PageKindExtractionTests.siteNavigation)
    \(opening)\(posts)</div></body></html>
    """
  }

  /// A post whose name sits in its own block and whose counts sit in a block of their own after it, as the
  /// XenForo family writes it.
  static func post(_ index: Int) -> String {
    """
    <article class="message message--post">
      <div class="message-cell message-cell--user">
        <div class="message-userDetails"><h4 class="message-name"><a class="username" href="/m/\(index)">member\(index)</a></h4></div>
        <div class="message-userExtras"><dl class="pairs"><dt>Joined</dt><dd>Mar 12, 2011</dd></dl>
          <dl class="pairs"><dt>Messages</dt><dd>9,87\(index)</dd></dl><dl class="pairs"><dt>Location</dt><dd>Harbour town \(index)</dd></dl></div>
      </div>
      <div class="message-cell message-cell--main">
        <div class="message-attribution"><time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time></div>
        <div class="message-body"><p>\(PageKindExtractionTests.reply(index))</p></div>
      </div>
    </article>
    """
  }

  @Test func aThreadLeavesOutThePostersExtrasBesideTheName() throws {
    let page = Self.thread((1...4).map(Self.post).joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("member\(index)") && text.contains("February \(index), 2026"), "author and date of \(index)")
      #expect(!text.contains("9,87\(index)") && !text.contains("Harbour town \(index)"), "extras of \(index)")
    }
    #expect(!text.contains("Mar 12, 2011"))
  }

  /// The panel's pairs labelled by icons alone: the label's word is the icon's tooltip, so the join date
  /// reads as a date of the post unless the tooltip is read.
  @Test(arguments: ["title", "data-original-title"])
  func aThreadLeavesOutAJoinDateLabelledByAnIcon(attribute: String) throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<dt>Joined</dt>",
        with: "<dt><span data-xf-init=\"tooltip\" \(attribute)=\"Joined\"><i class=\"fa fa-user\" aria-hidden=\"true\"></i></span></dt>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("member\(index)") && text.contains("February \(index), 2026"), "author and date of \(index)")
    }
    #expect(!text.contains("Mar 12, 2011"))
  }

  /// phpBB's post: the profile as a definition list (name, rank, post count, join date) and a list of icons
  /// ("Reply with quote") before the text.
  @Test func aThreadLeavesOutThePhpBBProfileAndIcons() throws {
    let posts = (1...4).map { index in
      """
      <div id="p\(index)" class="post bg\(index % 2 + 1)"><div class="inner">
        <dl class="postprofile" id="profile\(index)"><dt><a href="/memberlist?u=\(index)" class="username-coloured">member\(index)</a></dt>
          <dd>Rank of the realm \(index)</dd><dd><strong>Posts:</strong> 4,03\(index)</dd></dl>
        <div class="postbody"><ul class="profile-icons"><li class="quote-icon"><a href="/posting?p=\(index)">Reply with quote</a></li></ul>
          <p class="author"><time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time></p>
          <div class="content">\(PageKindExtractionTests.reply(index))</div></div>
      </div></div>
      """
    }
    let page = Self.thread(posts.joined(), in: "<div id=\"page-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("member\(index)"), "author of \(index)")
      #expect(!text.contains("Rank of the realm \(index)") && !text.contains("4,03\(index)"), "profile of \(index)")
    }
    #expect(!text.contains("Reply with quote"))
  }

  /// A reply quotes the post before it in a block shown short, with a link that unfolds it.
  @Test func aThreadLeavesOutTheLinkThatUnfoldsAQuote() throws {
    let posts = (1...4).map { index in
      """
      <article class="message message--post">
        <div class="message-userDetails"><a class="username" href="/m/\(index)">member\(index)</a></div>
        <div class="message-attribution"><time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time></div>
        <div class="message-body">\(index > 1 ? """
          <blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content">member\(index - 1) said: a line quoted</div>
            <div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></blockquote>
          """ : "")<p>\(PageKindExtractionTests.reply(index))</p></div>
      </article>
      """
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
    }
    #expect(text.contains("a line quoted"))
    #expect(!text.contains("Click to expand"))
  }

  /// A post whose signature panel keeps the author's block for the name, and that block holds the poster's
  /// reputation and badge counts beside it.
  @Test func aThreadLeavesOutTheBadgesInTheAuthorsBlock() throws {
    let posts = (1...4).map { index in
      """
      <div class="answer"><div class="post-text"><p>\(PageKindExtractionTests.reply(index))</p></div>
        <div class="user-info"><span title="2026-02-0\(index) 10:00:00Z" class="relativetime">Feb \(index), 2026 at 10:0\(index)</span>
          <div class="user-details" itemprop="author"><a href="/users/\(index)">member\(index)</a>
            <div class="-flair"><span class="reputation-score">13\(index)k</span><span>4 gold badges</span><span>17\(index) silver badges</span></div>
          </div></div>
      </div>
      """
    }
    let page = Self.thread(posts.joined(), in: "<div id=\"answers\">")
    let article = try PageKindExtractionTests.extract(page)
    let text = article.text
    // The first author's block is the page's byline: the name alone, without the standing beside it.
    #expect(article.metadata.byline == "member1")
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("Feb \(index), 2026"), "date of \(index)")
      #expect(!text.contains("17\(index) silver badges") && !text.contains("13\(index)k"), "badges of \(index)")
    }
    #expect((2...4).allSatisfy { text.contains("member\($0)") })
  }

  /// The post's number printed as its permalink in the post's corner (`#2`), in a list of its own.
  @Test func aThreadLeavesOutThePostsNumber() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<div class=\"message-attribution\">",
        with: "<div class=\"message-attribution\"><ul class=\"message-attribution-opposite\"><li><a href=\"/posts/\(index)\">#\(index)</a></li></ul>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(!text.contains("#\(index)"), "number of \(index)")
    }
  }

  /// The poster's counts printed as labelled lines in plain blocks beside the post, in a table cell with
  /// no class that names it (the vBulletin family's older layouts).
  @Test func aThreadLeavesOutThePanelsLabelledLines() throws {
    let posts = (1...4).map { index in
      """
      <div class="tpost" id="post\(index)"><div class="tcell"><a class="bigusername" href="/m/\(index)">member\(index)</a>
        <div class="smallfont"><div>Join Date: Aug 200\(index)</div><div>Posts: 1,07\(index)</div></div></div>
        <div class="tcell"><time datetime="2026-02-0\(index)T10:00:00Z">February \(index), 2026</time>
        <p>\(PageKindExtractionTests.reply(index))</p></div></div>
      """
    }
    let page = Self.thread(posts.joined(), in: "<div id=\"posts\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("February \(index), 2026"), "date of \(index)")
      #expect(!text.contains("1,07\(index)") && !text.contains("Aug 200\(index)"), "panel of \(index)")
    }
  }

  /// A post's date written in its `<time>` twice, long and short, of which styles show one: the long form.
  @Test func aThreadPrintsTheLongFormOfADateWrittenTwice() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<time datetime=\"2026-02-0\(index)T10:00:00Z\">February \(index), 2026</time>",
        with: "<time datetime=\"2026-02-0\(index)T10:00:00Z\"><span class=\"time__long\">February \(index), 2026</span><span class=\"time__short\">\(index) mo</span></time>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("February \(index), 2026") && !text.contains("\(index) mo"), "date of \(index)")
    }
  }

  /// A note of the post's last edit under its text, named by its class or written out alone in a line
  /// (`Last edited by …`): when the post changed, not what it says; its date is not the post's.
  @Test func aThreadLeavesOutTheEditNote() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "</p></div>",
        with: index % 2 == 0
          ? "</p></div><div class=\"message-lastEdit\">Last edited: <time datetime=\"2026-03-0\(index)T10:00:00Z\">March \(index), 2026</time></div>"
          : "</p><em>Last edited by member\(index); March \(index), 2026 at 9:1\(index) am</em></div>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("February \(index), 2026") && !text.contains("March \(index), 2026"), "edit of \(index)")
    }
    #expect(!text.contains("Last edited"))
  }

  /// Each post's tally of likes and the button that unfolds its replies, lines of their own under the text
  /// with no class that names them.
  @Test func aThreadLeavesOutThePostsTallies() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "</p></div>",
        with: "</p></div><div class=\"reactions-bar\"><span>\(index + 1) Likes</span></div><div class=\"toggle\"><span>\(index)</span> <span>Replies</span></div>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(!text.contains("\(index + 1) Likes") && !text.contains("\(index) Replies"), "tallies of \(index)")
    }
  }

  /// Each post's reactions, a list of icons and counts the page names as reactions.
  @Test func aThreadLeavesOutThePostsReactions() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "</p></div>",
        with: "</p></div><ul class=\"post-reactions\"><li><img src=\"/like.png\" alt=\"\"><span>\(index)37</span></li></ul>")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(!text.contains("\(index)37"), "reactions of \(index)")
    }
  }

  /// A letter standing in for a poster's missing picture ("M"), beside the name it is the initial of.
  @Test func aThreadLeavesOutTheLetterAvatars() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<div class=\"message-userDetails\">",
        with: "<div class=\"message-avatar\"><a class=\"avatar avatar--m\" href=\"/m/\(index)\"><span>Q\(index)</span></a></div><div class=\"message-userDetails\">")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)) && text.contains("member\(index)"))
      #expect(!text.contains("Q\(index)"), "avatar of \(index)")
    }
  }

  /// The label on the posts of the member who opened the thread, beside the name.
  @Test func aThreadLeavesOutTheThreadStartersLabel() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<div class=\"message-body\">",
        with: "<div class=\"label-op\"><i class=\"fa fa-check\"></i> <span>Discussion starter</span></div><div class=\"message-body\">")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.contains("member\(index)"), "name of \(index)")
    }
    #expect(!text.contains("Discussion starter"))
  }

  /// The post's date printed twice, in a phone's header and in the desktop's meta line, one `datetime`.
  @Test func aThreadPrintsADateWrittenForTwoScreensOnce() throws {
    let posts = (1...4).map { index in
      Self.post(index).replacingOccurrences(
        of: "<div class=\"message-body\">",
        with: "<div class=\"message-phoneHeader\">Posted <time datetime=\"2026-02-0\(index)T10:00:00Z\">February \(index), 2026</time></div><div class=\"message-body\">")
    }
    let page = Self.thread(posts.joined(), in: "<div class=\"block-body\">")
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)))
      #expect(text.components(separatedBy: "February \(index), 2026").count == 2, "date of \(index) once")
    }
  }
}
