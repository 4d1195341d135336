import Foundation
import GRDB

/// Pruning (`PruneRule`): what each feed may lose found once, then removed in batches of their own
/// transactions (`Pruning`). A removed article's key is remembered in `pruned_items` in the batch that
/// removes it, so the next reload does not bring it back as a new unread article while its feed still
/// lists it; the key is forgotten once no reload has met it for `forgetPrunedAfterDays`.
///
/// Why batches: a prune is one pass over what it removes; the first prune of a large cache, 90 % of
/// 100,000 articles, held the write lock 5.7 s in one transaction, and 142 s at a million, with every
/// mark and reload waiting behind it (docs/DECISIONS.md, "A million articles"). Why the text is made
/// before each write: each removed article leaves the contentless search index with the text it was
/// indexed with, which the delete trigger made again from its HTML inside the write
/// (docs/DECISIONS.md, "a prune at a million").
extension Cache {
  /// Removes what `rule` allows and returns how many articles went. Unread, starred and Recent articles
  /// are never removed. Each transaction removes at most `batch` articles (and takes at most `maxBytes`
  /// of HTML out of the index, past its first), and the next batch is sized to hold the lock about
  /// `SearchIndexer`'s `batchTime` (30 ms) at the last one's pace. The index text is made in `heavy`, like
  /// the indexer's. `wrote` hears of each batch's transaction in the indexer's terms (for the bench: how
  /// long it held the lock, its CPU). A batch whose every article changed since its read ends the prune
  /// (the next one goes on), and so does a cancelled task, between two batches.
  @discardableResult
  public func prune(
    _ rule: PruneRule, at date: Date = Date(), batch: ClosedRange<Int> = 100...5_000, maxBytes: Int = 1 << 20,
    in heavy: HeavyWork = .shared, wrote: (@Sendable (SearchIndexer.Write) -> Void)? = nil
  ) async throws(CacheError) -> Int {
    guard rule.isActive else { return 0 }
    guard !isReadOnly else { throw CacheError.readOnly(path: path) }
    let now = date.timeIntervalSince1970
    var feeds = try read { db in try Pruning.cutoffs(rule, now: now, db) }
    var removed = 0
    var size = batch.lowerBound
    let indexer = SearchIndexer(cache: self, heavy: heavy)
    var pages = indexer.mergePages.lowerBound
    while !feeds.isEmpty {
      let limit = size
      let (articles, ended) = try read { db in try Pruning.batch(feeds[...], limit: limit, maxBytes: maxBytes, db) }
      guard !articles.isEmpty,
        let prepared = try? await heavy.run({ articles.map { ($0, body: $0.indexed.map(FindingSchema.body(of:))) } })
      else { break }
      let start = ContinuousClock.now
      let ((step, left), cpu) = try await asyncWriteTimingCPU { db in try Pruning.remove(prepared, now: now, db) }
      let elapsed = ContinuousClock.now - start
      wrote?(.batch(articles: step, elapsed, cpu: cpu))
      removed += step
      if step == 0 { break }
      // The feeds read to their ends are done, but those with an article left: it is read again.
      feeds = feeds.prefix(ended).filter { left.contains($0.feedID) } + feeds.dropFirst(ended)
      size = SearchIndexer.fitting(elapsed, per: articles.count, in: .milliseconds(30), within: batch)
      // Each batch's deletes are a segment of the index: merged as the indexer merges (v15 leaves it to
      // the indexer), else FTS5's `crisismerge` merges 64 of them inside a batch's write.
      try await indexer.merge(pages: &pages, wrote: wrote)
    }
    let forget = now - Self.forgetPrunedAfterDays * 86_400
    try await asyncWrite { db in try db.execute(sql: "DELETE FROM pruned_items WHERE seen_at < ?", arguments: [forget]) }
    // The emptied pages moved to the file's end and cut off, in steps of their own transactions (a large
    // prune empties most of the file: docs/DECISIONS.md, "a prune at a million"); a cache made before
    // `auto_vacuum` (`Cache.init`) keeps them for reuse instead (the pragma does nothing there, and no page
    // is free for it).
    if removed > 0 { try await vacuum(wrote: wrote) }
    return removed
  }

  /// The vacuum steps' sizes, in pages moved.
  static let vacuumPages = 64...4_096

  /// `incremental_vacuum` in steps of their own transactions until no page is free or the task is
  /// cancelled (a vacuum left half done goes on at the next prune), each resized to take about 30 ms at
  /// the last one's pace; `wrote` hears of each as a merge step of that many pages.
  private func vacuum(wrote: (@Sendable (SearchIndexer.Write) -> Void)?) async throws(CacheError) {
    var size = Self.vacuumPages.lowerBound
    while !Task.isCancelled {
      let start = ContinuousClock.now
      let units = size
      let (more, cpu) = try await asyncWriteTimingCPU { db in
        try db.execute(sql: "PRAGMA incremental_vacuum(\(units))")
        return try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0 > 0
      }
      let elapsed = ContinuousClock.now - start
      wrote?(.merge(pages: units, elapsed, cpu: cpu))
      guard more else { return }
      size = SearchIndexer.fitting(elapsed, per: units, in: .milliseconds(30), within: Self.vacuumPages)
    }
  }

  /// How long a pruned article's key is kept after the last reload that met it in its feed.
  static let forgetPrunedAfterDays = 90.0
}
