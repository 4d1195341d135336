import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// The cache stays small (docs/DECISIONS.md, "Indexing under the lock's bound"): a new cache is created
/// with `auto_vacuum = INCREMENTAL`, and a prune hands the pages it emptied back to the file system
/// instead of leaving the file at its largest.
@Suite("Cache size")
struct CacheSizeTests {
  static let now = Date(timeIntervalSince1970: 2_000_000_000)

  /// The cache's size in pages as its connections see it (the WAL included), and its free pages.
  static func pages(_ path: String) throws -> (total: Int, free: Int) {
    try DatabaseQueue(path: path).read { db in
      (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0)
    }
  }

  @Test func aNewCacheVacuumsIncrementally() throws {
    let fixture = try CacheFixture("splitfeed-size")
    let mode = try DatabaseQueue(path: fixture.path).read { db in try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") }
    #expect(mode == 2, "INCREMENTAL")
  }

  @Test func aPruneShrinksTheFile() async throws {
    let fixture = try CacheFixture("splitfeed-size", feeds: ["https://example.com/feed.xml"])
    let body = String(repeating: "<p>Words of an article's body, enough of them to fill its pages.</p>", count: 60)
    let feed = Feed(title: "F", items: (0..<400).map { n in
      Item(title: "Item \(n)", id: "g\(n)", published: Self.now.addingTimeInterval(-Double(n) * 86_400), content: body + "\(n)")
    })
    try fixture.cache.storeNow(feed, feedID: fixture.feedIDs[0], validators: Validators(), at: Self.now)
    try fixture.cache.indexForSearchNow()
    try fixture.cache.markFeedRead(fixture.feedIDs[0])
    let before = try Self.pages(fixture.path)
    #expect(try await fixture.cache.prune(PruneRule(keepDays: 0, maxPerFeed: 10), at: Self.now) == 390)
    let after = try Self.pages(fixture.path)
    #expect(after.free == 0, "no free page left in the file")
    #expect(after.total < before.total / 2, "\(before.total) pages before the prune, \(after.total) after")
  }
}
