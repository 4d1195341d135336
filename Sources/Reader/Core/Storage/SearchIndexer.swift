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
/// twice: the next run goes on from the queue. Nothing unbounded runs inside those transactions: a
/// batch's text is made from its articles' HTML before its write (a read, then the conversion, holding no
/// lock), and a batch is bounded by the bytes of HTML it indexes as well as by its count (`batchBytes`).
///
/// Each batch adds FTS5 segments, and merging them is the index's other work: FTS5's own `automerge`
/// did it inside the batch, which then held the lock up to ~200 ms (docs/DECISIONS.md, "Indexing under
/// the lock's bound"). So the index does not merge by itself (v15) and the indexer merges after each
/// batch, in steps of their own transactions sized like the batches (`FindingSchema.mergeStep`), until
/// nothing is left to merge; a stopped run leaves a merge half done, and the next step goes on with it.
/// The next batch is read below the one being written (still queued until its write ends) and converted
/// while that one is written and merged, so the conversion and the writer's work share the two cores
/// instead of taking turns; a change between a batch's read and its write draws a new stamp, and the
/// write leaves that article queued (`FindingSchema.index`).
public struct SearchIndexer: Sendable {
  /// How far indexing has come in this run: `indexed` of `total` articles (the backlog at the start,
  /// plus what writers queued meanwhile).
  public struct Progress: Sendable, Equatable {
    public var indexed: Int
    public var total: Int

    public init(indexed: Int, total: Int) {
      self.indexed = indexed
      self.total = total
    }

    public var remaining: Int { total - indexed }
  }

  /// One of the indexer's transactions, how long it held the write lock from being asked for, and the
  /// CPU its thread spent inside it (for the bench and tests). On a machine shared by many processes the
  /// first is the second stretched by the time the thread waited for a core (docs/DECISIONS.md, "A
  /// million articles, continued"), so the bench reports both.
  public enum Write: Sendable, Equatable {
    case batch(articles: Int, Duration, cpu: Duration)
    case merge(pages: Int, Duration, cpu: Duration)
  }

  public let cache: Cache
  /// How long one batch or merge step should hold the write lock: 30 ms, for the ~50 ms bound to hold
  /// under load (at 40 ms a loaded machine stretched 1 in 8 of them past 50 ms; docs/DECISIONS.md,
  /// "Indexing under the lock's bound").
  public var batchTime: Duration = .milliseconds(30)
  /// The batch sizes the indexer keeps within (the first batch is the smallest).
  public var batchSizes: ClosedRange<Int> = 200...5_000
  /// The most HTML one batch indexes, past its first article (docs/ROBUSTNESS.md, "Files splitfeed owns"): a batch is
  /// bounded by its work, not only by its count, so a few huge articles do not stretch one write. The text is
  /// made before the write, so the write only adds it to the index: 400 articles of ~5 KB (2 MB of HTML)
  /// took 95 ms on the loaded two-core machine, so 1 MiB stays near the lock's ~50 ms bound. An article
  /// larger than that is a batch of its own (at most the 4 MiB field cap).
  public var batchBytes = 1 << 20
  /// The merge steps' sizes, in FTS5 pages (~4 KB each) written; the first step is the smallest. The
  /// bound is low because a step's pace misleads: one that finishes a merge writes fewer pages than it
  /// was given, and one that ends a merge also deletes its 16 inputs; at 4,096 a step took 190 ms, 384
  /// is ~30 ms at this machine's ~70–80 µs a page (docs/DECISIONS.md, "Indexing under the lock's bound").
  public var mergePages: ClosedRange<Int> = 32...384

  /// Where the plain-text conversions run (`HeavyWork`): the reader passes its session's lane.
  let heavy: HeavyWork

  public init(cache: Cache, heavy: HeavyWork = .shared) {
    self.cache = cache
    self.heavy = heavy
  }

  /// Indexes batches, each followed by the merges it calls for, until the queue is empty or the task is
  /// cancelled (between two transactions), calling `progress` after each batch and `wrote` after each
  /// transaction; returns the last progress.
  @discardableResult
  public func run(
    progress: (@Sendable (Progress) -> Void)? = nil, wrote: (@Sendable (Write) -> Void)? = nil
  ) async throws(CacheError) -> Progress {
    if cache.searchIndexHealth == .damaged { try await cache.requeueDamagedSearchIndex() }
    var done = Progress(indexed: 0, total: try cache.searchBacklog())
    var size = batchSizes.lowerBound
    var pages = mergePages.lowerBound
    try await merge(pages: &pages, wrote: wrote)  // what an earlier run or the writers' deletes left
    guard done.remaining > 0, !Task.isCancelled else { return done }
    var batch = try await prepared(limit: size).get()
    while let articles = batch, !Task.isCancelled {
      // The next batch is read below this one (queued until its write ends) and its text made while this
      // one is written and merged: the conversion and the writer's work on the two cores at once, not
      // in turn (docs/DECISIONS.md, "The indexer's backlog, its second profile").
      let (limit, below) = (size, articles.map(\.article.id).min())
      async let next = prepared(limit: limit, below: below)
      let (indexed, elapsed, cpu) = try await cache.index(articles)
      wrote?(.batch(articles: indexed, elapsed, cpu: cpu))
      done.indexed += indexed
      // The queue is counted again only when this run's count says it is done (what writers queued
      // meanwhile joins then), outside any write: counting a million queued articles in each batch's
      // write held the lock 25–60 ms longer (docs/DECISIONS.md, "A million articles").
      if done.remaining <= 0 { done.total = done.indexed + (try cache.searchBacklog()) }
      progress?(done)
      if indexed == 0 { break }
      size = Self.fitting(elapsed, per: indexed, in: batchTime, within: batchSizes)
      try await merge(pages: &pages, wrote: wrote)
      batch = try await next.get()
      // Past the queue's end, its top again: what writers queued meanwhile, and what a change left queued.
      if batch == nil, done.remaining > 0 { batch = try await prepared(limit: size).get() }
    }
    return done
  }

  /// The next batch read and converted (`Cache.preparedIndexBatch`), its error kept as a value so that it
  /// crosses the `async let` with its type.
  private func prepared(limit: Int, below: Int64? = nil) async -> Result<Cache.PreparedBatch?, CacheError> {
    do throws(CacheError) {
      return .success(try await cache.preparedIndexBatch(limit: limit, maxBytes: batchBytes, below: below, in: heavy))
    } catch {
      return .failure(error)
    }
  }

  /// Merge steps until there is nothing left to merge or the task is cancelled, each resized to take
  /// about `batchTime` by the last one's pace (also after each batch of a prune, whose deletes are
  /// segments too).
  func merge(pages: inout Int, wrote: (@Sendable (Write) -> Void)?) async throws(CacheError) {
    while !Task.isCancelled {
      let start = ContinuousClock.now
      let step = pages
      let (merged, cpu) = try await cache.asyncWriteTimingCPU { db in try FindingSchema.mergeStep(pages: step, db) }
      guard merged else { return }
      let elapsed = ContinuousClock.now - start
      wrote?(.merge(pages: step, elapsed, cpu: cpu))
      pages = Self.fitting(elapsed, per: step, in: batchTime, within: mergePages)
    }
  }

  /// `body`'s result and the CPU time the calling thread spent in it.
  static func timingCPU<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let start = FilterRegex.threadCPUNanoseconds()
    let result = try body()
    return (result, .nanoseconds(FilterRegex.threadCPUNanoseconds() - start))
  }

  /// How many units fit in `time`, at the pace of `count` units in `elapsed`, kept within `sizes`.
  static func fitting(_ elapsed: Duration, per count: Int, in time: Duration, within sizes: ClosedRange<Int>) -> Int {
    let perUnit = elapsed / count
    let fitting = perUnit > .zero ? Int(time / perUnit) : sizes.upperBound
    return min(max(fitting, sizes.lowerBound), sizes.upperBound)
  }
}

extension Cache {
  /// How many stored articles search does not find yet (queued for the indexer).
  public func searchBacklog() throws(CacheError) -> Int {
    try read { db in try FindingSchema.backlog(db) }
  }

  /// The queued article the indexer reaches last (it takes the newest first); nil when none waits.
  public func lastInSearchQueue() throws(CacheError) -> Int64? {
    try read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM fts_pending") }
  }

  /// A batch of queued articles with the body text made for each, ready for one write (`index(_:)`).
  typealias PreparedBatch = [(article: FindingSchema.Queued, body: String)]

  /// A batch of `SearchIndexer` read and converted to text, holding no lock: up to `limit` queued
  /// articles (and `maxBytes` of their HTML, past the first), below `below` when given; nil when
  /// cancelled before the conversion started (a pause, the quit), or when nothing is queued there. Its
  /// write (`index(_:)`) converts nothing: the conversion inside the write held the lock for minutes on
  /// one hostile article.
  func preparedIndexBatch(limit: Int, maxBytes: Int, below: Int64? = nil, in heavy: HeavyWork) async throws(CacheError)
    -> PreparedBatch?
  {
    let queued = try read { db in try FindingSchema.queued(limit: limit, maxBytes: maxBytes, below: below, db) }
    guard !queued.isEmpty else { return nil }
    // In the heavy lane, like extraction: a hostile body's conversion holds none of the shared pool's
    // threads either (`HeavyWork`).
    return try? await heavy.run({ queued.map { (article: $0, body: FindingSchema.body(of: $0)) } })
  }

  /// A prepared batch's write: how many left the queue, how long the write took from being asked for,
  /// and the CPU it spent.
  func index(_ prepared: PreparedBatch) async throws(CacheError) -> (indexed: Int, write: Duration, cpu: Duration) {
    let start = ContinuousClock.now
    let (indexed, cpu) = try await asyncWriteTimingCPU { db in try FindingSchema.index(prepared, db) }
    return (indexed, ContinuousClock.now - start, cpu)
  }

  /// A search found the index damaged (`searchIndexHealth`): it is emptied and every article queued, so
  /// the indexer builds it again while searches scan (docs/ROBUSTNESS.md, "Files splitfeed owns").
  public func requeueDamagedSearchIndex() async throws(CacheError) {
    try await asyncWrite { db in try FindingSchema.requeueDamaged(db) }
    searchIndex.withLock { $0 = .rebuilding }
  }

  /// Indexes every queued article now, one transaction per batch: for what has no background indexer
  /// (a scratch cache, tests, tools).
  public func indexForSearchNow() throws(CacheError) {
    while try write({ db in try FindingSchema.indexBatch(limit: 10_000, db) }) > 0 {}
  }
}
