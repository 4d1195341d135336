import Foundation
import Reader
import Testing

import ScreenKit
@testable import ReaderUI

/// Marks by hand in process: `N`, `A`, `C` with its question, `u`, `s` and the Starred entry, `U`; counts
/// follow at once, and every mark reaches the cache (a second session over the same file sees it).
@MainActor
struct MarksTests {
  /// The feed list's row for `title` (its counts at the right).
  func row(_ h: Harness, _ title: String) -> String { h.lines.first { $0.contains(title) } ?? "" }

  func written(_ h: Harness) async throws {
    try await h.eventually("the marks written") { h.session.writer.isIdle }
  }

  /// A second reader over the same cache file, as after a relaunch.
  func relaunch(_ h: Harness) throws -> Harness {
    let cache = try Cache(path: h.session.cache.path)
    return Harness(120, 40, cache: cache, feeds: try cache.feeds())
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func nTogglesTheSelectedRowAndCountsFollow(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    // A 24-column list (the split at 60 columns) shows the unread count alone (DESIGN §1).
    #expect(row(h, "AppCoda").contains(width < 100 ? " 5 │" : " 5/5 │"))
    #expect(h.text.contains("1 Feeds (6)"))
    h.press(.enter)  // AppCoda's articles
    h.press(.character("N"))
    #expect(h.session.feeds[0].unreadCount == 4)
    #expect(h.text.contains("1 Feeds (5)"))
    let first = try #require(h.find("Understanding"))
    #expect(!h.surface[first.x, first.y].style.attributes.contains(.bold), "drawn read at once")
    h.press(.character("N"))
    #expect(h.session.feeds[0].unreadCount == 5)
    h.press(.character("N"), .character("u"))
    #expect(h.session.feeds[0].unreadCount == 5, "u restores the row's flag")
    try await written(h)
    #expect(try h.session.cache.feed(id: h.session.feeds[0].id)?.unreadCount == 5)
  }

  @Test func nInAnOpenArticleMakesItUnreadAgain() async throws {
    let h = Harness(120, 40)
    h.press(.enter)
    #expect(h.session.feeds[0].unreadCount == 4)
    h.press(.character("N"))  // the article has the focus
    #expect(h.session.feeds[0].unreadCount == 5)
    try await written(h)
    let again = try relaunch(h)
    #expect(again.session.feeds[0].unreadCount == 5, "the later mark wins over the opening in the cache")
  }

  @Test func aMarksTheFeedReadAndUndoRestoresExactlyTheFlags() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.enter, .character("j"), .enter)  // read the second article
    h.press(.character("h"), .character("h"))  // back to the feed list
    #expect(row(h, "AppCoda").contains("4/5"))
    h.press(.character("A"))
    #expect(row(h, "AppCoda").contains("0/5"))
    #expect(row(h, "Swift Blog").contains("1/1"), "only the selected feed")
    #expect(h.text.contains("Marked 4 articles read"))
    h.press(.character("u"))
    #expect(row(h, "AppCoda").contains("4/5"), "the article read before stays read")
    try await written(h)
    let rows = try h.session.cache.items(feedID: h.session.feeds[0].id)
    #expect(rows.map(\.isRead) == [false, true, false, false, false])
  }

  @Test func cAsksFirstAndOnlyYMarksEverything() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.character("C"))
    #expect(h.lines.last?.contains("Mark every article of every feed read? (y/n)") == true)
    h.press(.character("n"))
    #expect(h.lines.last?.contains("Cancelled.") == true)
    #expect(row(h, "AppCoda").contains("5/5"))
    h.press(.character("C"), .character("j"))
    #expect(row(h, "AppCoda").contains("5/5"), "any other key cancels, and does nothing else")
    #expect(h.text.contains("│ AppCoda") || h.root.split.focusedLeaf is FeedListController)
    h.press(.character("C"), .character("y"))
    #expect(row(h, "AppCoda").contains("0/5"))
    #expect(row(h, "Swift Blog").contains("0/1"))
    #expect(h.text.contains("1 Feeds (0)"))
    h.press(.character("u"))
    #expect(row(h, "AppCoda").contains("5/5"))
    #expect(row(h, "Swift Blog").contains("1/1"))
    h.press(.character("C"), .character("y"))
    try await written(h)
    let again = try relaunch(h)
    #expect(again.session.feeds.map(\.unreadCount) == [0, 0])
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func starsAreMarkedAndListedUnderStarredNewestFirst(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    #expect(row(h, "Starred").contains(" 0"))
    h.press(.enter, .character("s"), .character("j"), .character("j"), .character("s"))
    #expect(h.lines.filter { $0.contains("★Understanding") || $0.contains("★Working") }.count == 2)
    h.press(.enter)
    #expect(h.text.contains("★ Working with Size Classes"), "the article's title carries the star")
    h.press(.character("s"))
    #expect(!h.text.contains("★ Working with Size Classes"))
    h.press(.character("u"))
    #expect(h.text.contains("★ Working with Size Classes"))
    while !(h.root.split.focusedLeaf is FeedListController) { h.press(.character("h")) }
    try await written(h)
    #expect(row(h, "Starred").contains("2"))
    h.press(.character("k"), .enter)  // Starred is above the first feed
    #expect(h.text.contains("★Understanding") && h.text.contains("★Working"))
    #expect(!h.text.contains("★Barcode"))
    let understanding = try #require(h.find("★Understanding"))
    let sizes = try #require(h.find("★Working"))
    #expect(understanding.y < sizes.y, "newest first")
    try await written(h)
    let again = try relaunch(h)
    #expect(again.session.feedList.starredCount == 2)
  }

  @Test func starsFallBackToASCII() {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.backend.supportsUnicode = false
    h.press(.enter, .character("s"))
    #expect(h.lines.contains { $0.contains("*Understanding") })
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func unreadOnlyHidesReadArticlesAndFeedsAndSaysSo(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    h.press(.character("j"), .character("A"))  // Swift Blog read
    h.press(.character("U"))
    #expect(h.text.contains("[unread"))
    #expect(!h.text.contains("Swift Blog"))
    #expect(h.text.contains("AppCoda"))
    h.press(.enter, .character("N"))  // the first article read: still listed until the list is re-read
    #expect(h.text.contains("Understanding"))
    try await written(h)
    h.press(.character("U"), .character("U"))
    #expect(!h.text.contains("Understanding"), "re-read: the read article is hidden")
    #expect(h.text.contains("Barcode"))
    h.press(.character("U"))
    #expect(!h.text.contains("[unread"))
    #expect(h.text.contains("Understanding"))
  }

  @Test func unreadOnlyCanBeTheStartState() {
    let h = Harness(120, 40, feeds: SampleFeeds.many) { $0.showReadArticles = false }
    #expect(h.text.contains("[unread"))
  }
}
