import Foundation
import GRDB

/// The Recent list: the articles the reader opened, newest first.
extension Cache {
  /// The reader opened an article: it becomes read (queued for the sync server when it was unread) and moves to the top of the Recent list, which keeps
  /// the last `recentLimit` distinct articles. One transaction. An article's time only moves forward:
  /// the UI records openings from background tasks, which may reach the writer out of order.
  public func recordOpened(itemID: Int64, at date: Date = Date()) throws(CacheError) {
    try write { db in
      try db.execute(sql: "UPDATE items SET read = 1 WHERE id = ? AND read = 0", arguments: [itemID])
      if db.changesCount > 0 { try SyncSchema.queueItems("read", value: true, itemIDs: [itemID], in: db) }
      try db.execute(
        sql: """
          INSERT INTO recents (item_id, opened_at) VALUES (?, ?)
          ON CONFLICT(item_id) DO UPDATE SET opened_at = max(opened_at, excluded.opened_at)
          """, arguments: [itemID, date.timeIntervalSince1970])
      try db.execute(
        sql: """
          DELETE FROM recents WHERE rowid NOT IN
            (SELECT rowid FROM recents ORDER BY opened_at DESC, rowid DESC LIMIT ?)
          """, arguments: [Self.recentLimit])
    }
  }

  /// The Recent list, most recently opened first.
  public func recents() throws(CacheError) -> [ItemSummary] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns)
          FROM recents r JOIN items i ON i.id = r.item_id
          ORDER BY r.opened_at DESC, r.rowid DESC
          """
      ).map(Self.summary)
    }
  }
}
