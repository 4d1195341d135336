import Foundation
import Reader
import Testing

import ScreenKit
@testable import ReaderUI

/// Reading on in process (DESIGN §5): `J`/`K`/`n` move through the list the article was opened from, in
/// its order; Recent, which reorders as articles open, leaves them to the article's feed; a question on
/// the status line is a presentation that takes the next key.
@MainActor
struct DailyLoopTests {
  /// The article list on top of the list pane's stack, under a collapsed article too.
  func listUnderArticle(_ h: Harness) -> ArticleListController? {
    h.split.primaryNavigation?.stack.last { $0 is ArticleListController } as? ArticleListController
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func jAndNFollowUnreadsOrder(width: Int, height: Int) throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    h.press(.character("k"), .character("k"), .enter)  // Unread: both feeds, newest first
    let unread = try #require(listUnderArticle(h))
    #expect(unread.title == "Unread")
    let titles = (0..<unread.rowCount).compactMap { unread.item(at: $0)?.title }
    #expect(titles.first == "Swift 1.1", "the Swift Blog's article is the newest")
    h.press(.enter)
    #expect(h.article?.item?.title == titles[0])
    h.press(.character("J"))
    #expect(h.article?.item?.title == titles[1], "J: Unread's next row, from the other feed")
    h.press(.character("K"))
    #expect(h.article?.item?.title == titles[0])
    h.press(.character("n"))
    #expect(h.article?.item?.title == titles[2], "n: the next unread row of Unread (the second was read by J)")
    #expect(listUnderArticle(h) === unread, "still reading Unread")
    h.press(.character("P"))
    #expect(h.lines.last?.contains("No unread articles above in Unread.") == true, "the rows above were read")
    h.press(.character("K"), .character("N"), .character("J"), .character("P"))  // the second row unread again
    #expect(h.article?.item?.title == titles[1], "P: the previous unread row of Unread")
    for _ in titles.indices { h.press(.character("J")) }
    #expect(h.article?.item?.title == titles.last)
    #expect(h.lines.last?.contains("This is the last article of Unread.") == true)
  }

  @Test func jFromRecentReadsOnInTheArticlesFeed() {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.enter, .enter)  // AppCoda's first article
    let first = h.article?.item?.title
    h.press(.character("J"))
    let second = h.article?.item?.title
    h.press(.character("2"), .enter)  // Recent's first row: the second article
    #expect(h.article?.item?.title == second)
    h.press(.character("J"))
    #expect(h.article?.item?.title != first && h.article?.item?.title != second, "on through the feed, not back")
  }

  @Test func theQuestionIsAPresentationThatTakesTheNextKey() {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.character("C"))
    #expect(h.root.presentations.last?.controller is QuestionController)
    #expect(h.lines.last?.contains("Mark every article of every feed read? (y/n)") == true)
    h.press(.character("j"))
    #expect(h.root.presentations.isEmpty && h.lines.last?.contains("Cancelled.") == true)
    #expect(h.session.feedList.unreadCount == 6, "a stray key marks nothing")
    h.press(.character("C"), .character("y"))
    #expect(h.session.feedList.unreadCount == 0)
  }

  /// `]` to a match on the article's last line, with no notice shown before: the notice it brings takes
  /// the pane's last row, and the match must not end up under it.
  @Test func aMatchOnTheLastLineStaysAboveTheNotice() {
    let body = (1...60).map { "<p>Filler \($0).</p>" }.joined() + "<p>The zebra at the end.</p>"
    let feed = Feed(title: "Long", items: [Item(title: "Long read", content: body)])
    let h = Harness(120, 40, feeds: [feed])
    h.press(.character("/"))
    h.type("zebra")
    h.press(.enter, .enter)
    #expect(h.article?.item?.title == "Long read")
    #expect(!h.text.contains("zebra at the end"))
    h.press(.character("]"))
    #expect(h.lines.last?.contains("Match 1 of 1.") == true)
    #expect(h.text.contains("The zebra at the end."), "the match above the notice:\n\(h.text)")
  }
}
