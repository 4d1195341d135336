import Foundation
import GRDB

/// Catches the search index up with the articles the writers queued (`fts_pending`), in the background.
///
/// Why not in the reload: on two cores FTS5's work inside a reload's transactions halved its speed
/// (docs/DECISIONS.md, "The search index off the reload's path"). A reload stores and lists; this
/// indexes afterwards, in batches sized to hold the write lock about `batchTime` each, so a mark or a
/// reload's feed waits at most one batch (GRDB runs the pool's writes in the order they were asked for,
/// and each batch is asked for after the last one ended). Each batch is one transaction — the index rows
/// and the queue's rows together — so a quit or a `kill -9` mid-batch loses nothing and indexes nothing
/// twice: the next run goes on from the queue.
public struct SearchIndexer: Sendable {
  /// How far indexing has come in this run: `indexed` of `total` articles (the backlog at the start,
  /// plus what writers queued meanwhile).
  public struct Progress: Sendable, Equatable {
    public var indexed: Int
    public var total: Int

    public var remaining: Int { total - indexed }
  }

  public let cache: Cache
  /// How long one batch should hold the write lock.
  public var batchTime: Duration = .milliseconds(40)
  /// The batch sizes the indexer keeps within (the first batch is the smallest).
  public var batchSizes: ClosedRange<Int> = 200...5_000

  public init(cache: Cache) {
    self.cache = cache
  }

  /// Indexes batches until the queue is empty or the task is cancelled (between batches), calling
  /// `progress` after each one; returns the last progress.
  @discardableResult
  public func run(progress: (@Sendable (Progress) -> Void)? = nil) async throws(CacheError) -> Progress {
    var done = Progress(indexed: 0, total: try cache.searchBacklog())
    var size = batchSizes.lowerBound
    while done.remaining > 0, !Task.isCancelled {
      let start = ContinuousClock.now
      let (indexed, remaining) = try await cache.indexBatch(limit: size)
      let elapsed = ContinuousClock.now - start
      done.indexed += indexed
      done.total = done.indexed + remaining
      progress?(done)
      if indexed == 0 { break }
      // The next batch sized by this one's pace, to take about `batchTime`.
      let perArticle = elapsed / indexed
      let fitting = perArticle > .zero ? Int(batchTime / perArticle) : batchSizes.upperBound
      size = min(max(fitting, batchSizes.lowerBound), batchSizes.upperBound)
    }
    return done
  }
}

extension Cache {
  /// How many stored articles search does not find yet (queued for the indexer).
  public func searchBacklog() throws(CacheError) -> Int {
    try read { db in try FindingSchema.backlog(db) }
  }

  /// One batch of `SearchIndexer`: indexes up to `limit` queued articles in one transaction; returns how
  /// many, and how many are still queued.
  func indexBatch(limit: Int) async throws(CacheError) -> (indexed: Int, remaining: Int) {
    try await asyncWrite { db in
      let indexed = try FindingSchema.indexBatch(limit: limit, db)
      return (indexed, try FindingSchema.backlog(db))
    }
  }

  /// Indexes every queued article now, one transaction per batch: for what has no background indexer
  /// (a scratch cache, tests, tools).
  public func indexForSearchNow() throws(CacheError) {
    while try write({ db in try FindingSchema.indexBatch(limit: 10_000, db) }) > 0 {}
  }
}
