import Foundation
import Testing

@testable import Reader
import TestSupport

/// `Cache.counts`: the counts the reader shows, corrected for the flags not yet written, come out the
/// same whether a write has landed or not, and leave out what the ignore rules hide.
@Suite("Cache counts")
struct CacheCountsTests {
  let dir: TemporaryDirectory
  let cache: Cache
  let feedID: Int64
  let ids: [Int64]
  let query = ItemScope(.query(try! FilterExpression(parsing: "title =~ \"Item 1\"")))

  init() throws {
    dir = try TemporaryDirectory("splitfeed-counts")
    cache = try Cache(path: dir.path("cache.db"))
    feedID = try #require(try cache.addFeeds(urls: ["https://example.com/feed.xml"]).first?.id)
    try cache.storeNow(
      Feed(title: "T", items: (1...4).map { CacheTests.item($0, id: "i\($0)") }), feedID: feedID, validators: Validators())
    ids = try cache.items(feedID: feedID).map(\.id).sorted()
  }

  /// Item 1 read and starred, Item 2 unread: the same counts before and after the write. A query feed's
  /// count is read as stored, with the stored flags of the articles marked meanwhile from the same
  /// snapshot (the reader lays its marks over those: `QueryCount`).
  @Test func aFlagNotYetWrittenCountsAsWritten() throws {
    let read = [ids[0]: true, ids[1]: false]
    let starred = [ids[0]: true]
    let before = try cache.counts(read: read, starred: starred)
    #expect(before.unread[feedID] == 3)
    #expect(before.total[feedID] == 4)
    #expect(before.starred == 1)
    let stored = try cache.scopeCounts([query]) { Set(read.keys) }
    #expect(stored.counts == [Cache.ScopeCount(unread: 1, total: 1)])
    #expect(stored.marked[ids[0]]?.read == false && stored.marked[ids[0]]?.scopes == [true])
    #expect(stored.marked[ids[1]]?.read == false && stored.marked[ids[1]]?.scopes == [false])
    try cache.setRead(true, itemIDs: [ids[0]])
    try cache.setStarred(true, itemIDs: [ids[0]])
    #expect(try cache.counts(read: read, starred: starred) == before, "the write landed meanwhile")
    #expect(try cache.counts() == before, "nothing left to correct")
    let written = try cache.scopeCounts([query]) { Set(read.keys) }
    #expect(written.counts == [Cache.ScopeCount(unread: 0, total: 1)])
    #expect(written.marked[ids[0]]?.read == true)
  }

  @Test func ignoredArticlesAreNeitherCountedNorCorrected() throws {
    try cache.setIgnoreRules([
      IgnoreRule(feedURL: nil, expression: try FilterExpression(parsing: "title = \"Item 2\""))
    ])
    let counts = try cache.counts(read: [ids[1]: true])
    #expect(counts.unread[feedID] == 3)
    #expect(counts.total[feedID] == 3)
  }

  /// A mark's recount reads only the feeds it touched: their counts, corrected for their own marks not yet
  /// written, and nothing of the other feeds (which keep what they showed). Starred is always counted.
  @Test func countsLimitedToFeedsReadOnlyThoseFeeds() throws {
    let otherID = try #require(try cache.addFeeds(urls: ["https://example.com/other.xml"]).first?.id)
    try cache.storeNow(
      Feed(title: "O", items: (5...7).map { CacheTests.item($0, id: "o\($0)") }), feedID: otherID, validators: Validators())
    let otherIDs = try cache.items(feedID: otherID).map(\.id)
    try cache.setStarred(true, itemIDs: [otherIDs[0]])
    let read = [ids[0]: true, otherIDs[1]: true]
    let limited = try cache.counts(feeds: [feedID], read: read)
    #expect(limited.unread == [feedID: 3])
    #expect(limited.total == [feedID: 4])
    #expect(limited.starred == 1)
    let other = try cache.counts(feeds: [otherID], read: read)
    #expect(other.unread == [otherID: 2])
    #expect(other.total == [otherID: 3])
    let whole = try cache.counts(read: read)
    #expect(whole.unread == [feedID: 3, otherID: 2])
    #expect(try cache.counts(feeds: [], read: read).unread.isEmpty)
  }
}
