import Foundation
import Reader
import TestSupport
import Testing

@testable import ReaderUI

/// A query feed's full count is read off the main thread (`QueryCount`), and the marks made while it
/// runs still count (docs/ARCHITECTURE.md, "A mark, from key to count").
@MainActor
@Suite(.serialized)
struct QueryFeedCountTests {
  static func aboutIOS() throws -> QueryFeed {
    QueryFeed(title: "Apple", expression: try FilterExpression(parsing: "title =~ \"e\""), line: 1)
  }

  func row(_ h: Harness, _ title: String) -> String { h.lines.first { $0.contains(title) } ?? "" }

  /// The cache's own count of the query feed's unread articles, once every mark is written.
  func unreadInCache(_ h: Harness, _ query: QueryFeed) throws -> Int {
    var scope = ItemScope(.query(query.expression))
    scope.unreadOnly = true
    return try h.session.cache.count(in: scope)
  }

  /// The first frame does not wait for the query feed's count: its row shows none until the count,
  /// read in the background, arrives.
  @Test func theFirstFrameDoesNotWaitForAQueryFeedsCount() async throws {
    let query = try Self.aboutIOS()
    let h = Harness(120, 40, feeds: SampleFeeds.many, queryFeeds: [query])
    let matching = try h.session.cache.count(in: ItemScope(.query(query.expression)))
    #expect(matching > 2)
    #expect(!row(h, "Apple").isEmpty && !row(h, "Apple").contains("\(matching)"), "\(row(h, "Apple"))")
    #expect(h.session.feedList.queryCounts.isEmpty)
    try await h.eventually("the query feed counted") { row(h, "Apple").contains("\(matching)/\(matching)") }
  }

  /// Marks made while the full count runs — one before its snapshot (written before it or not), one
  /// after, and one made before and undone after — all show in the count that arrives, and it equals
  /// the cache's once they are written.
  @Test(arguments: [false, true])
  func marksMadeWhileTheCountRunsAreCounted(writtenBeforeTheSnapshot: Bool) async throws {
    let query = try Self.aboutIOS()
    let h = Harness(120, 40, feeds: SampleFeeds.many, queryFeeds: [query])
    let matching = try h.session.cache.count(in: ItemScope(.query(query.expression)))
    try await h.eventually("the start's count") { h.session.feedList.queryCounts.first?.unread == matching }
    let items = try h.session.cache.items(in: ItemScope(.query(query.expression))).map(MarkedItem.init)
    let (before, after, undone) = (items[0], items[1], items[2])
    let feedList = h.session.feedList
    let marks = h.session.marks

    // A full count is asked (as after a reload); it runs below, by hand, between the marks.
    h.session.writer.isHeld = !writtenBeforeTheSnapshot
    let asked = try #require(try feedList.recount(from: h.session.cache, flags: marks.flags, full: true))
    marks.toggleRead(before)
    marks.toggleRead(undone)
    if writtenBeforeTheSnapshot { try await h.eventually("the marks written") { h.session.writer.isIdle } }
    let found = try asked.run(in: h.session.cache)
    marks.toggleRead(after)
    marks.toggleRead(undone)
    feedList.queryCountArrived(found, flags: marks.flags)
    #expect(feedList.queryCounts.first?.unread == matching - 2, "the marks not yet written laid over the count")
    marks.recount()
    #expect(feedList.queryCounts.first?.unread == matching - 2)

    h.session.writer.isHeld = false
    try await h.eventually("the marks written") { h.session.writer.isIdle }
    #expect(try unreadInCache(h, query) == matching - 2)
    #expect(feedList.queryCounts.first?.unread == matching - 2)
    #expect(row(h, "Apple").contains("\(matching - 2)/\(matching)"), "\(row(h, "Apple"))")
  }

  /// A count asked before the last one arrives late: it is dropped, the last one's stands.
  @Test func aCountAskedBeforeTheLastIsDropped() async throws {
    let query = try Self.aboutIOS()
    let h = Harness(120, 40, feeds: SampleFeeds.many, queryFeeds: [query])
    let matching = try h.session.cache.count(in: ItemScope(.query(query.expression)))
    try await h.eventually("the start's count") { h.session.feedList.queryCounts.first?.unread == matching }
    let feedList = h.session.feedList
    let flags = h.session.marks.flags
    let first = try #require(try feedList.recount(from: h.session.cache, flags: flags, full: true))
    let stale = try first.run(in: h.session.cache)
    let item = try #require(try h.session.cache.items(in: ItemScope(.query(query.expression))).first)
    try h.session.cache.setRead(true, itemIDs: [item.id])  // another reader of the cache
    let last = try #require(try feedList.recount(from: h.session.cache, flags: flags, full: true))
    feedList.queryCountArrived(try last.run(in: h.session.cache), flags: flags)
    feedList.queryCountArrived(stale, flags: flags)
    #expect(feedList.queryCounts.first?.unread == matching - 1)
  }

  /// Opening a query feed of many articles shows its first page at once (its count reads every article
  /// the expression tests); the count, read in the background, then lets the list run past it.
  @Test func aQueryFeedsListShowsItsFirstPageThenItsCount() async throws {
    let query = QueryFeed(title: "Numbers", expression: try FilterExpression(parsing: "title =~ \"number\""), line: 1)
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(250)], queryFeeds: [query])
    h.press(.home, .down, .down, .enter)  // Unread, Starred, then the query feed
    let list = try #require(h.split.primaryNavigation?.top as? ArticleListController)
    #expect(list.rowCount == 200, "the first page, before its count arrives")
    try await h.eventually("the count") { list.rowCount == 250 }
    h.press(.character("G"))
    #expect(h.text.contains("Article number 249 with"), "the last of the 250, past the first page")
  }

  /// A filter over many articles: the list shows its first page, and `F`'s notice says how many match
  /// once they are counted — never the first page's 200.
  @Test func aFiltersNoticeWaitsForItsCount() async throws {
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(250)])
    h.press(.character("F"))
    h.type("title =~ \"number\"")
    h.press(.enter)
    #expect(h.text.contains("filtered"))
    #expect(!(h.lines.last ?? "").contains("200"), "\(h.lines.last ?? "")")
    try await h.eventually("the filter's count") { h.lines.last?.contains("Filter: 250 articles match.") == true }
  }
}
