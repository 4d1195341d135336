import Foundation
import GRDB
import Testing

@testable import Reader
import TestSupport

/// `A` on a feed and `C` as a range (`Cache.markRead(feeds:through:wrote:)`, `ReadThrough`): written in
/// bounded chunks along an index, up to the newest article when the mark was made, stopped exactly by an
/// undo; counted as written before it is (docs/ARCHITECTURE.md, "A mark, from key to count").
@Suite("Marks over whole feeds")
struct WholeFeedMarkTests {
  let dir: TemporaryDirectory
  let cache: Cache
  let big: Int64
  let small: Int64
  let statements = Statements()
  /// One more than a chunk and a half, so the mark takes three chunks.
  static let bigCount = Cache.markChunk * 2 + 300

  init() throws {
    dir = try TemporaryDirectory("splitfeed-whole")
    let sink = statements, path = dir.path("cache.db")
    Cache.statementSinks.withLock { $0[path] = { sink.add($0) } }
    cache = try Cache(path: path)
    let ids = try cache.addFeeds(urls: ["https://example.com/big.xml", "https://example.com/small.xml"]).map(\.id)
    (big, small) = (ids[0], ids[1])
    try store(big, (1...Self.bigCount).map { "b\($0)" })
    try store(small, (1...12).map { "s\($0)" })
  }

  func store(_ feedID: Int64, _ guids: [String]) throws {
    let items = guids.enumerated().map { CacheTests.item($0.offset, id: $0.element, date: Double(1_700_000_000 + $0.offset)) }
    try cache.storeNow(Feed(title: "F", items: items), feedID: feedID, validators: Validators())
  }

  func unread(_ feedID: Int64) throws -> Int { try cache.items(feedID: feedID).filter { !$0.isRead }.count }

  /// Every feed: three chunks along the rowid, the articles stored after the mark left unread, the kept
  /// counts right.
  @Test func everyFeedIsMarkedInChunksUpToItsNewestArticle() throws {
    let through = try cache.newestItemID()
    try store(small, ["s-new"])
    statements.clear()
    var chunks: [Int] = []
    let made = try cache.markRead(feeds: nil, through: through) {
      chunks.append($0.count)
      return true
    }
    #expect(chunks == [Cache.markChunk, Cache.markChunk, Self.bigCount - 2 * Cache.markChunk + 12])
    #expect(made == Self.bigCount + 12)
    #expect(try unread(big) == 0)
    #expect(try cache.items(feedID: small).filter { !$0.isRead }.map(\.title) == ["Item 0"])
    #expect(try cache.feed(id: small)?.unreadCount == 1)
    let select = try #require(statements.all.first { $0.hasPrefix("SELECT i.id, i.feed_id") })
    #expect(try cache.queryPlan(of: select).contains { $0.contains("USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)") })
  }

  /// Some feeds: along each feed's unread articles, the other feeds untouched.
  @Test func someFeedsAreMarkedAlongTheirIndex() throws {
    statements.clear()
    let made = try cache.markRead(feeds: [small], through: try cache.newestItemID()) { _ in true }
    #expect(made == 12)
    #expect(try unread(small) == 0)
    #expect(try unread(big) == Self.bigCount)
    let select = try #require(statements.all.first { $0.hasPrefix("SELECT i.id, i.feed_id") })
    #expect(try cache.queryPlan(of: select).contains { $0.contains("INDEX items_by_feed_read_date (feed_id=? AND read=?)") })
  }

  /// The undo comes while the second chunk is written: that chunk is rolled back, the first stays, and
  /// the writer was told exactly the first.
  @Test func anUndoStopsTheMarkAtTheChunkInFlight() throws {
    var told = 0
    let made = try cache.markRead(feeds: nil, through: try cache.newestItemID()) { rows in
      guard told == 0 else { return false }
      told += rows.count
      return true
    }
    #expect(made == Cache.markChunk)
    #expect(told == Cache.markChunk)
    #expect(try unread(big) + unread(small) == Self.bigCount + 12 - Cache.markChunk)
  }

  /// A whole-feeds mark not yet written counts as written: its feeds count only the articles stored
  /// after it, a flag set after it counts over it, and the query feeds leave out what it covers — the
  /// same counts once it is written.
  @Test func aRangeNotYetWrittenCountsAsWritten() throws {
    var range = ReadThrough()
    let through = try cache.newestItemID()
    range.add(feeds: [small], through: through)
    try store(small, ["s-new"])
    let smallIDs = try cache.items(feedID: small).map(\.id).sorted()
    let unreadAgain = [smallIDs[0]: false]
    let query = ItemScope(.query(try FilterExpression(parsing: "title =~ \"Item 1\"")))
    let before = try cache.counts(read: unreadAgain, readThrough: range)
    #expect(before.unread == [big: Self.bigCount, small: 2])
    // The small feed's Item 1, 10 and 11 match and are covered; its new article (Item 0) does not match.
    let matching = try cache.count(in: query)
    let scopes = try cache.scopeCounts([query], readThrough: range) { [] }
    #expect(scopes.counts.map(\.unread) == [matching - 3])
    try cache.markRead(feeds: [small], through: through) { _ in true }
    #expect(try cache.counts(read: unreadAgain, readThrough: range) == before, "the write landed meanwhile")
    try cache.setRead(false, itemIDs: [smallIDs[0]])
    #expect(try cache.counts() == before, "nothing left to correct")
  }
}
