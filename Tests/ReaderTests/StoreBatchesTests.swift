import Foundation
import Synchronization
import Testing

@testable import Reader
import TestSupport

/// A reload's stores share write transactions when several wait (`StoreBatches`, docs/ARCHITECTURE.md "Writes"): a mark
/// asked meanwhile waits at most one batch and is not lost, and one feed's failed store is its own.
@Suite("Stores in batches")
struct StoreBatchesTests {
  let dir: TemporaryDirectory
  let cache: Cache

  init() throws {
    dir = try TemporaryDirectory("splitfeed-batches")
    cache = try Cache(path: dir.path("cache.db"))
  }

  static func feed(_ n: Int, items: Int) -> [(Item, FeedParser.ItemBodies?)] {
    (1...items).map { (CacheTests.item($0, id: "f\(n)-\($0)", date: Double(1_700_000_000 + $0 * 60)), nil) }
  }

  /// Holds the writer (a write that waits for `release`) until every store asked is waiting, so the
  /// batches that follow are the same on any machine.
  final class Blocker: Sendable {
    let inside = Atomic(false)
    let release = Atomic(false)

    /// On a thread of its own: a task waiting there would hold one of the shared pool's few threads.
    func hold(_ cache: Cache) {
      Thread {
        try? cache.write { _ in
          self.inside.store(true, ordering: .sequentiallyConsistent)
          while !self.release.load(ordering: .sequentiallyConsistent) { usleep(1000) }
        }
      }.start()
    }
  }

  /// Asks for a mark as soon as the first transaction has taken a store, on a thread of its own (as
  /// `MarkWriter` writes): a task would wait for a thread of the shared pool while batches go by on a
  /// loaded machine. Keeps how many transactions had ended when it asked (read just before asking) and
  /// the sizes of those ended when the mark was written.
  final class Marker: Sendable {
    let outcome = Mutex<(asked: Int, before: [Int])?>(nil)

    func mark(_ itemID: Int64, in cache: Cache) {
      Thread {
        while cache.storeBatches.waitingCount == 40 { usleep(200) }
        let asked = cache.storeBatches.transactionSizes.count
        try? cache.setRead(true, itemIDs: [itemID])
        let before = cache.storeBatches.transactionSizes
        self.outcome.withLock { $0 = (asked, before) }
      }.start()
    }
  }

  /// Forty stores wait while the writer is held; once the first transaction has taken one, a mark is
  /// written. It must come right after that transaction (which its time budget ends with stores still
  /// waiting), not after every store, and the reload's stores (the marked article's feed among them,
  /// stored again) must leave it read. Batching without the budget takes all forty first.
  @Test func aMarkWaitsAtMostOneBatchAndStays() async throws {
    let feedIDs = try cache.addFeeds(urls: (0..<40).map { "https://example.com/\($0).xml" }).map(\.id)
    try cache.storeNow(Feed(title: "Feed 0", items: Self.feed(0, items: 300).map(\.0)), feedID: feedIDs[0], validators: Validators())
    let marked = try #require(try cache.items(feedID: feedIDs[0], limit: 1).first).id
    let blocker = Blocker()
    blocker.hold(cache)
    try await HeavyWorkTests.waitUntil("the writer held") { blocker.inside.load(ordering: .sequentiallyConsistent) }
    let cache = cache
    async let stored: Void = withThrowingTaskGroup(of: Void.self) { group in
      for (n, feedID) in feedIDs.enumerated() {
        group.addTask {
          _ = try await cache.store(Feed(title: "Feed \(n)"), items: Self.feed(n, items: 300), feedID: feedID, validators: Validators())
        }
      }
      try await group.waitForAll()
    }
    try await HeavyWorkTests.waitUntil("every store waiting") { cache.storeBatches.waitingCount == 40 }
    let marker = Marker()
    marker.mark(marked, in: cache)
    blocker.release.store(true, ordering: .sequentiallyConsistent)
    try await HeavyWorkTests.waitUntil("the mark written") { marker.outcome.withLock { $0 != nil } }
    let (asked, before) = try #require(marker.outcome.withLock { $0 })
    // The transaction under way when the mark was asked, at most, went first (the next is queued only
    // once it ends); none of them took every store.
    #expect(before.count - asked <= 1, "transactions ended while the mark waited: \(before), \(asked) before it was asked")
    #expect(before.allSatisfy { $0 < 40 }, "a transaction took every store before the mark: \(before)")
    #expect(before.reduce(0, +) < 40, "every store went before the mark: \(before)")
    try await stored
    let sizes = cache.storeBatches.transactionSizes
    #expect(sizes.reduce(0, +) == 40 && sizes.count > 1 && sizes.contains { $0 > 1 }, "\(sizes)")
    #expect(try cache.article(id: marked)?.isRead == true)
    for feedID in feedIDs { #expect(try cache.items(feedID: feedID, limit: 500).count == 300) }
  }

  /// While stores wait together, the writer's log is checkpointed every `checkpointPages` pages instead
  /// of SQLite's usual 1,000 (each checkpoint copied the date index's pages back and synced, nearly every
  /// commit at a million articles); once they end, the usual is back. A write asked among the stores sees
  /// the first; one asked after them, once the run has given its settings back, the second; and so does
  /// one asked alone, as a store that comes by itself (no checkpoint after each of those).
  @Test func theLogIsCheckpointedLessOftenWhileStoresWait() async throws {
    let feedIDs = try cache.addFeeds(urls: (0..<4).map { "https://example.com/\($0).xml" }).map(\.id)
    let blocker = Blocker()
    blocker.hold(cache)
    try await HeavyWorkTests.waitUntil("the writer held") { blocker.inside.load(ordering: .sequentiallyConsistent) }
    let cache = cache
    let checkpoint = "PRAGMA wal_autocheckpoint"
    async let stored: Void = withThrowingTaskGroup(of: Void.self) { group in
      for (n, feedID) in feedIDs.enumerated() {
        group.addTask {
          _ = try await cache.store(Feed(title: "Feed \(n)"), items: Self.feed(n, items: 50), feedID: feedID, validators: Validators())
        }
      }
      try await group.waitForAll()
    }
    try await HeavyWorkTests.waitUntil("the stores waiting") { cache.storeBatches.waitingCount == 4 }
    async let among = cache.batchedWrite { db in try Int.fetchOne(db, sql: checkpoint) }
    try await HeavyWorkTests.waitUntil("every write waiting") { cache.storeBatches.waitingCount == 5 }
    blocker.release.store(true, ordering: .sequentiallyConsistent)
    try await stored
    #expect(try await among == StoreBatches.checkpointPages)
    try await HeavyWorkTests.waitUntil("the usual checkpoint back") {
      (try? cache.write { db in try Int.fetchOne(db, sql: checkpoint) }) == StoreBatches.usualCheckpointPages
    }
    for feedID in feedIDs { #expect(try cache.items(feedID: feedID, limit: 100).count == 50) }
    #expect(try await cache.batchedWrite { db in try Int.fetchOne(db, sql: checkpoint) } == StoreBatches.usualCheckpointPages)
  }

  /// Five stores in one transaction, the third for a feed that does not exist (its articles break the
  /// foreign key): that store fails, the other four are stored, each then in a transaction of its own.
  @Test func aFailedStoreFailsAloneInItsBatch() async throws {
    var feedIDs = try cache.addFeeds(urls: (0..<4).map { "https://example.com/\($0).xml" }).map(\.id)
    feedIDs.insert(9_999, at: 2)
    let blocker = Blocker()
    blocker.hold(cache)
    try await HeavyWorkTests.waitUntil("the writer held") { blocker.inside.load(ordering: .sequentiallyConsistent) }
    let cache = cache
    async let stored = withTaskGroup(of: (Int64, Bool).self) { group in
      for (n, feedID) in feedIDs.enumerated() {
        group.addTask {
          let items = Self.feed(n, items: 5)
          return (feedID, (try? await cache.store(Feed(title: "Feed \(n)"), items: items, feedID: feedID, validators: Validators())) != nil)
        }
      }
      return await group.reduce(into: [Int64: Bool]()) { $0[$1.0] = $1.1 }
    }
    try await HeavyWorkTests.waitUntil("every store waiting") { cache.storeBatches.waitingCount == 5 }
    blocker.release.store(true, ordering: .sequentiallyConsistent)
    #expect(await stored == Dictionary(uniqueKeysWithValues: feedIDs.map { ($0, $0 != 9_999) }))
    for feedID in feedIDs where feedID != 9_999 { #expect(try cache.items(feedID: feedID, limit: 10).count == 5) }
  }
}
