import GRDB

/// The sync's tables, in a migration of their own ("v8-sync") that touches no other table, so it merges
/// with any other migration.
///
/// - `sync_feeds`: which cached feeds the server keeps (its stream id, "feed/12") and their labels (the
///   feed's tags, JSON array). A feed without a row is a local feed.
/// - `sync_changes`: the queue of marks not yet sent. One row per (item, flag): a later mark of the same
///   article replaces the earlier one with a new `seq`, so an article read, unread and read again sends
///   one change. `flag` is `read` or `starred` (`remote_item` is the server's item id); `ts` is unused
///   (it was meant for a mark-all-read of a whole feed, which marks send item by item instead). Sent
///   rows are deleted by `seq`.
/// - `sync_state`: the auth token, the server time the next sync asks from (`ot`), the queue's backoff.
///   Never the password.
///
/// Synced items are keyed `s:` + the server's item id (16 hex digits, as in
/// `tag:google.com,2005:reader/item/…`), so a mark finds the id to send from the item row itself.
enum SyncSchema {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v8-sync") { db in
      try db.execute(
        sql: """
          CREATE TABLE sync_feeds (
            feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
            remote_id TEXT NOT NULL UNIQUE,
            labels TEXT NOT NULL DEFAULT '[]'
          );
          CREATE TABLE sync_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            remote_item TEXT NOT NULL,
            flag TEXT NOT NULL,
            value INTEGER NOT NULL,
            ts INTEGER,
            UNIQUE (remote_item, flag)
          );
          CREATE TABLE sync_state (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
          ) WITHOUT ROWID;
          """)
    }
  }

  /// Queues `flag` = `value` for the synced items among those the statement's `?` list selects; run
  /// inside the mark's own transaction. Replaces an earlier queued change of the same item and flag.
  static func queueItems(_ flag: String, value: Bool, itemIDs: [Int64], in db: Database) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO sync_changes (remote_item, flag, value)
        SELECT substr(i.key, 3), ?, ? FROM items i JOIN sync_feeds s ON s.feed_id = i.feed_id
        WHERE i.id = ? AND i.key LIKE 's:%'
        """)
    for id in itemIDs { try statement.execute(arguments: [flag, value, id]) }
  }
}
