import Foundation
import GRDB

/// Pruning (`PruneRule`): one DELETE per rule, in batches of their own transactions. A removed
/// article's key is remembered in `pruned_items` in the batch that removes it, so the next reload does
/// not bring it back as a new unread article while its feed still lists it; the key is forgotten once no
/// reload has met it for `forgetPrunedAfterDays`.
///
/// Why batches: a prune is one pass over what it removes, and each removed article leaves the search
/// index with its text made again (`FindingSchema.triggers`); the first prune of a large cache, 90 % of
/// 100,000 articles, held the write lock 5.7 s in one transaction, and 142 s at a million, with every
/// mark and reload waiting behind it (docs/DECISIONS.md, "A million articles").
extension Cache {
  /// Removes what `rule` allows and returns how many articles went. Unread, starred and Recent articles
  /// are never removed. Each transaction removes at most `batch` articles, and the next batch is sized
  /// to hold the lock about `SearchIndexer`'s `batchTime` (30 ms) at the last one's pace. `wrote` hears of
  /// each batch's transaction in the indexer's terms (for the bench: how long it held the lock, its CPU).
  @discardableResult
  public func prune(
    _ rule: PruneRule, at date: Date = Date(), batch: ClosedRange<Int> = 100...5_000,
    wrote: (@Sendable (SearchIndexer.Write) -> Void)? = nil
  ) async throws(CacheError) -> Int {
    guard rule.isActive else { return 0 }
    var removed = 0
    var size = batch.lowerBound
    while true {
      let start = ContinuousClock.now
      let limit = size
      let (step, cpu) = try await asyncWriteTimingCPU { db in try Self.prune(rule, now: date.timeIntervalSince1970, limit: limit, in: db) }
      wrote?(.batch(articles: step, ContinuousClock.now - start, cpu: cpu))
      removed += step
      if step < limit { break }
      size = SearchIndexer.fitting(ContinuousClock.now - start, per: step, in: .milliseconds(30), within: batch)
    }
    let forget = date.timeIntervalSince1970 - Self.forgetPrunedAfterDays * 86_400
    try await asyncWrite { db in try db.execute(sql: "DELETE FROM pruned_items WHERE seen_at < ?", arguments: [forget]) }
    // The emptied pages moved to the file's end and cut off, in a transaction of their own; a cache made
    // before `auto_vacuum` (`Cache.init`) keeps them for reuse instead (the pragma does nothing there).
    if removed > 0 { try await asyncWrite { db in try db.execute(sql: "PRAGMA incremental_vacuum") } }
    return removed
  }

  /// How long a pruned article's key is kept after the last reload that met it in its feed.
  static let forgetPrunedAfterDays = 90.0

  /// What a rule may never remove.
  private static let removable = "read = 1 AND starred = 0 AND id NOT IN (SELECT item_id FROM recents)"

  /// The age rule: a range of items_prunable per feed. Arguments: the oldest date kept, the most
  /// articles removed.
  static let ageRuleSQL = """
    DELETE FROM items WHERE id IN (
      SELECT id FROM items WHERE \(removable) AND feed_id IN (SELECT id FROM feeds) AND sort_date < ? LIMIT ?)
    """

  /// The count rule: each feed's `maxPerFeed`th newest article is found by an index seek (feeds with fewer
  /// have none), and the read articles older than it go. Arguments: `maxPerFeed`, the most articles
  /// removed.
  static let countRuleSQL = """
    WITH cutoff AS MATERIALIZED (
      SELECT f.id AS feed_id, i.sort_date AS date, i.id AS id FROM feeds f
      JOIN items i ON i.id = (
        SELECT id FROM items WHERE feed_id = f.id ORDER BY sort_date DESC, id DESC LIMIT 1 OFFSET ? - 1))
    DELETE FROM items WHERE \(removable) AND id IN (
      SELECT i.id FROM cutoff c JOIN items i ON i.feed_id = c.feed_id AND i.read = 1 AND i.starred = 0
        AND (i.sort_date < c.date OR (i.sort_date = c.date AND i.id < c.id)) LIMIT ?)
    """

  /// One batch: at most `limit` articles removed, the age rule's first.
  private static func prune(_ rule: PruneRule, now: Double, limit: Int, in db: Database) throws -> Int {
    let remember = try db.cachedStatement(
      sql: """
        INSERT INTO pruned_items (feed_id, key, seen_at) VALUES (?, ?, ?)
        ON CONFLICT (feed_id, key) DO UPDATE SET seen_at = excluded.seen_at
        """)
    var removed = 0
    func delete(_ sql: String, _ arguments: StatementArguments) throws {
      let rows = try Row.fetchAll(db, sql: sql + " RETURNING feed_id, key", arguments: arguments)
      for row in rows { try remember.execute(arguments: [row["feed_id"] as Int64, row["key"] as String, now]) }
      removed += rows.count
    }
    if rule.keepDays > 0 {
      try delete(ageRuleSQL, [now - Double(rule.keepDays) * 86_400, limit])
    }
    if rule.maxPerFeed > 0, removed < limit {
      try delete(countRuleSQL, [rule.maxPerFeed, limit - removed])
    }
    return removed
  }
}
