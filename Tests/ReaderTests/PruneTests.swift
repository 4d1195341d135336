import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// `keep-articles-days` and `max-articles-per-feed`: what pruning removes, what it never removes, and
/// that a pruned article does not come back with the next reload.
@Suite("Pruning")
struct PruneTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var feedID: Int64 { fixture.feedIDs[0] }
  static let day = 86_400.0
  /// "Now" for every test: articles are dated relative to it.
  static let now = Date(timeIntervalSince1970: 2_000_000_000)

  init() throws {
    fixture = try CacheFixture("splitfeed-prune", feeds: ["https://example.com/feed.xml"])
  }

  /// A feed of `count` articles `g0`…, `g0` newest, one a day back from `now`.
  static func feed(_ count: Int, prefix: String = "g") -> Feed {
    Feed(
      title: "F",
      items: (0..<count).map { n in
        Item(
          title: "Item \(n)", id: "\(prefix)\(n)", published: now.addingTimeInterval(-Double(n) * day),
          summary: "<p>\(n)</p>")
      })
  }

  func ids() throws -> [String: Int64] {
    Dictionary(
      uniqueKeysWithValues: try cache.items(feedID: feedID).map { item in (item.title, item.id) })
  }

  func titles() throws -> Set<String> { Set(try cache.items(feedID: feedID).map(\.title)) }

  @Test func ageRuleRemovesOnlyOldReadArticles() async throws {
    try cache.storeNow(Self.feed(10), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    let ids = try ids()
    try cache.setRead(false, itemIDs: [ids["Item 8"]!])
    try cache.setStarred(true, itemIDs: [ids["Item 7"]!])
    try cache.recordOpened(itemID: ids["Item 6"]!, at: Self.now)
    let removed = try await cache.prune(PruneRule(keepDays: 5, maxPerFeed: 0), at: Self.now)
    // Items 6–9 are more than 5 days old: 6 is on Recent, 7 starred, 8 unread, so only 9 goes.
    #expect(removed == 1)
    #expect(try titles() == Set((0...8).map { "Item \($0)" }))
  }

  @Test func countRuleKeepsTheNewestAndEveryProtectedArticle() async throws {
    try cache.storeNow(Self.feed(10), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    let ids = try ids()
    try cache.setRead(false, itemIDs: [ids["Item 9"]!])
    try cache.setStarred(true, itemIDs: [ids["Item 8"]!])
    try cache.recordOpened(itemID: ids["Item 7"]!, at: Self.now)
    let removed = try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 3), at: Self.now)
    #expect(removed == 4)
    #expect(try titles() == ["Item 0", "Item 1", "Item 2", "Item 7", "Item 8", "Item 9"])
    #expect(try cache.recents().map(\.title) == ["Item 7"])
    #expect(try cache.feed(id: feedID)?.totalCount == 6)
  }

  @Test func countRuleIsPerFeed() async throws {
    let other = try #require(try cache.addFeeds(urls: ["https://example.com/other.xml"]).first?.id)
    try cache.storeNow(Self.feed(5), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.storeNow(Self.feed(2, prefix: "o"), feedID: other, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    try cache.markFeedRead(other)
    #expect(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 2), at: Self.now) == 3)
    #expect(try cache.feed(id: feedID)?.totalCount == 2)
    #expect(try cache.feed(id: other)?.totalCount == 2)
  }

  /// Both rules at once remove what either allows: in each feed the later of the two cutoffs holds
  /// (found once per prune, `Pruning.cutoffs`), the count rule's in one feed, the age rule's in the other.
  @Test func bothRulesRemoveWhatEitherAllows() async throws {
    let other = try #require(try cache.addFeeds(urls: ["https://example.com/other.xml"]).first?.id)
    try cache.storeNow(Self.feed(10), feedID: feedID, validators: Validators(), at: Self.now)
    let old = Feed(title: "O", items: [0, 10, 11, 12].map { days in
      Item(title: "Old \(days)", id: "o\(days)", published: Self.now.addingTimeInterval(-Double(days) * Self.day), summary: "<p>o</p>")
    })
    try cache.storeNow(old, feedID: other, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    try cache.markFeedRead(other)
    #expect(try await cache.prune(PruneRule(keepDays: 5, maxPerFeed: 3), at: Self.now) == 7 + 3)
    #expect(try titles() == ["Item 0", "Item 1", "Item 2"], "the count rule's cutoff is the later")
    #expect(try cache.items(feedID: other).map(\.title) == ["Old 0"], "the age rule's cutoff is the later")
  }

  @Test func unreadArticlesAreNeverRemoved() async throws {
    try cache.storeNow(Self.feed(20), feedID: feedID, validators: Validators(), at: Self.now)
    #expect(try await cache.prune(PruneRule(keepDays: 1, maxPerFeed: 1), at: Self.now) == 0)
    #expect(try cache.feed(id: feedID)?.totalCount == 20)
  }

  @Test func keepAllRemovesNothing() async throws {
    try cache.storeNow(Self.feed(5), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    #expect(try await cache.prune(.keepAll, at: Self.now) == 0)
    #expect(try cache.feed(id: feedID)?.totalCount == 5)
  }

  /// The feed still lists the pruned articles: the next store must not add them back as new and unread.
  @Test func prunedArticlesDoNotComeBackWhileTheFeedListsThem() async throws {
    try cache.storeNow(Self.feed(6), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    #expect(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 2), at: Self.now) == 4)
    let again = try cache.storeNow(Self.feed(7), feedID: feedID, validators: Validators(), at: Self.now)
    #expect(again.newItems == 1, "only the article the feed did not list before is new")
    #expect(try titles() == ["Item 0", "Item 1", "Item 6"])
  }

  /// A pruned key is forgotten once no reload has met it for a while, so the table stays small.
  @Test func prunedKeysAreForgottenWhenNoLongerListed() async throws {
    try cache.storeNow(Self.feed(4), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 1), at: Self.now)
    #expect(try prunedKeys() == 3)
    let later = Self.now.addingTimeInterval((Cache.forgetPrunedAfterDays + 1) * Self.day)
    try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 1), at: later)
    #expect(try prunedKeys() == 0)
    try cache.removeFeed(id: feedID)
  }

  @Test func removingAFeedRemovesItsPrunedKeys() async throws {
    try cache.storeNow(Self.feed(4), feedID: feedID, validators: Validators(), at: Self.now)
    try cache.markFeedRead(feedID)
    try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 1), at: Self.now)
    try cache.removeFeed(id: feedID)
    #expect(try prunedKeys() == 0)
  }

  func prunedKeys() throws -> Int {
    try DatabaseQueue(path: cache.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pruned_items") ?? 0 }
  }
}
