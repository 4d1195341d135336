import Foundation
import TestSupport
import Testing

@testable import Reader

/// An undated article sorts by when splitfeed first saw it (`ItemUpsert.run`), whichever writer stored
/// it: a reload, a sync or an import. It sits among the articles of the day it arrived and the next
/// day's go above it; it never stays above everything (issue 23, point 11).
@Suite("Undated sort")
struct UndatedSortTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var feedID: Int64 { fixture.feedIDs[0] }
  /// Day one's reload, and day two's.
  let day1 = 1_700_000_000.0
  var day2: Double { day1 + 86_400 }

  init() throws {
    fixture = try CacheFixture("splitfeed-undated", feeds: ["https://example.com/feed.xml"])
  }

  private var morning1: Item { CacheTests.item(1, id: "a", date: day1 - 3600) }
  private var undated: Item { CacheTests.item(2, id: "u") }
  private var morning2: Item { CacheTests.item(3, id: "b", date: day2 - 3600) }

  private func reload(_ items: [Item], at seconds: Double) throws {
    let feed = Feed(title: "T", items: items)
    try cache.storeNow(feed, feedID: feedID, validators: Validators(), at: Date(timeIntervalSince1970: seconds))
  }

  /// Newest first, in every list that sorts by date (a feed's, and every feed's).
  private func newestFirst() throws -> [String] {
    let byFeed = try cache.items(feedID: feedID).map(\.title)
    #expect(try cache.items(in: ItemScope(.all)).map(\.title) == byFeed)
    #expect(try cache.items(in: ItemScope(.all, sort: .dateAsc)).map(\.title) == byFeed.reversed())
    return byFeed
  }

  @Test func aReloadedUndatedArticleStaysWhereItArrived() throws {
    try reload([morning1, undated], at: day1)
    #expect(try newestFirst() == ["Item 2", "Item 1"], "seen after the morning's article")
    try reload([morning2, undated, morning1], at: day2)
    #expect(try newestFirst() == ["Item 3", "Item 2", "Item 1"], "the next day's article goes above it")
  }

  @Test func aSyncedUndatedArticleSortsByWhenItWasSynced() throws {
    func entry(_ item: Item) -> (feedID: Int64, remoteID: String, item: Item, read: Bool, starred: Bool) {
      (feedID, item.id ?? "", item, false, false)
    }
    _ = try cache.storeSyncedItems([entry(morning1), entry(undated)], at: Date(timeIntervalSince1970: day1))
    _ = try cache.storeSyncedItems([entry(morning2), entry(undated)], at: Date(timeIntervalSince1970: day2))
    #expect(try newestFirst() == ["Item 3", "Item 2", "Item 1"])
  }

  @Test func anImportedUndatedArticleSortsByWhenItWasImported() throws {
    func merged(_ item: Item) -> Cache.MergedArticle {
      Cache.MergedArticle(item: item, isRead: false, isStarred: false, flags: "")
    }
    try cache.mergeArticles([merged(morning1), merged(undated)], feedID: feedID, at: Date(timeIntervalSince1970: day1))
    try reload([morning2, undated, morning1], at: day2)
    #expect(try newestFirst() == ["Item 3", "Item 2", "Item 1"])
  }
}
