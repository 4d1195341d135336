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
    return try await asyncWrite { db in try Self.prune(rule, now: date.timeIntervalSince1970, in: db) }
  }

  /// How long a pruned article's key is kept after the last reload that met it in its feed.
  static let forgetPrunedAfterDays = 90.0

  /// What a rule may never remove.
  private static let removable = "read = 1 AND starred = 0 AND id NOT IN (SELECT item_id FROM recents)"

  private static func prune(_ rule: PruneRule, now: Double, in db: Database) throws -> Int {
    let remember = try db.cachedStatement(
      sql: """
        INSERT INTO pruned_items (feed_id, key, seen_at) VALUES (?, ?, ?)
        ON CONFLICT (feed_id, key) DO UPDATE SET seen_at = excluded.seen_at
        """)
    var removed = 0
    func delete(_ sql: String, _ arguments: StatementArguments) throws {
      let rows = try Row.fetchAll(db, sql: sql + " RETURNING feed_id, key", arguments: arguments)
      for row in rows { try remember.execute(arguments: [row[0] as Int64, row[1] as String, now]) }
      removed += rows.count
    }
    if rule.keepDays > 0 {
      // Uses the partial index items_prunable (read, unstarred articles by date).
      try delete(
        "DELETE FROM items WHERE \(removable) AND sort_date < ?", [now - Double(rule.keepDays) * 86_400])
    }
    if rule.maxPerFeed > 0 {
      // Only feeds over the limit are ranked (items_by_feed_date gives each feed's rows in date order).
      try delete(
        """
        DELETE FROM items WHERE \(removable) AND id IN (
          SELECT id FROM (
            SELECT id, row_number() OVER (PARTITION BY feed_id ORDER BY sort_date DESC, id DESC) AS rank
            FROM items WHERE feed_id IN (SELECT feed_id FROM items GROUP BY feed_id HAVING count(*) > ?1))
          WHERE rank > ?1)
        """, [rule.maxPerFeed])
    }
    try db.execute(
      sql: "DELETE FROM pruned_items WHERE seen_at < ?", arguments: [now - forgetPrunedAfterDays * 86_400])
    return removed
  }
}
