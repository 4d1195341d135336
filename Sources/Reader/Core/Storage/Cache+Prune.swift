import Foundation
import GRDB

/// Pruning (`PruneRule`): one DELETE per rule, in one transaction. A removed article's key is remembered
/// in `pruned_items`, so the next reload does not bring it back as a new unread article while its feed
/// still lists it; the key is forgotten once no reload has met it for `forgetPrunedAfterDays`.
extension Cache {
  /// Removes what `rule` allows and returns how many articles went. Unread, starred and Recent articles
  /// are never removed.
  @discardableResult
  public func prune(_ rule: PruneRule, at date: Date = Date()) async throws(CacheError) -> Int {
    guard rule.isActive else { return 0 }
    let removed = try await asyncWrite { db in try Self.prune(rule, now: date.timeIntervalSince1970, in: db) }
    // The emptied pages moved to the file's end and cut off, in a transaction of their own; a cache made
    // before `auto_vacuum` (`Cache.init`) keeps them for reuse instead (the pragma does nothing there).
    if removed > 0 { try await asyncWrite { db in try db.execute(sql: "PRAGMA incremental_vacuum") } }
    return removed
  }

  /// How long a pruned article's key is kept after the last reload that met it in its feed.
  static let forgetPrunedAfterDays = 90.0

  /// What a rule may never remove.
  private static let removable = "read = 1 AND starred = 0 AND id NOT IN (SELECT item_id FROM recents)"

  /// The age rule: a range of items_prunable per feed. Argument: the oldest date kept.
  static let ageRuleSQL =
    "DELETE FROM items WHERE \(removable) AND feed_id IN (SELECT id FROM feeds) AND sort_date < ?"

  /// The count rule: each feed's `maxPerFeed`th newest article is found by an index seek (feeds with fewer
  /// have none), and the read articles older than it go. Argument: `maxPerFeed`.
  static let countRuleSQL = """
    WITH cutoff AS MATERIALIZED (
      SELECT f.id AS feed_id, i.sort_date AS date, i.id AS id FROM feeds f
      JOIN items i ON i.id = (
        SELECT id FROM items WHERE feed_id = f.id ORDER BY sort_date DESC, id DESC LIMIT 1 OFFSET ? - 1))
    DELETE FROM items WHERE \(removable) AND id IN (
      SELECT i.id FROM cutoff c JOIN items i ON i.feed_id = c.feed_id AND i.read = 1 AND i.starred = 0
        AND (i.sort_date < c.date OR (i.sort_date = c.date AND i.id < c.id)))
    """

  private static func prune(_ rule: PruneRule, now: Double, in db: Database) throws -> Int {
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
      try delete(ageRuleSQL, [now - Double(rule.keepDays) * 86_400])
    }
    if rule.maxPerFeed > 0 {
      try delete(countRuleSQL, [rule.maxPerFeed])
    }
    try db.execute(
      sql: "DELETE FROM pruned_items WHERE seen_at < ?", arguments: [now - forgetPrunedAfterDays * 86_400])
    return removed
  }
}
