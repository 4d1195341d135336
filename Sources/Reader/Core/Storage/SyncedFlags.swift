import GRDB
// GRDB's own SQLite module: the rows are stepped through the C API (see below).
import GRDBSQLite

/// The read and starred flags of every synced article, read for the sync's state step.
///
/// Read from two indexes rather than the table: the ids and keys from the `(feed_id, key)` index, the
/// flags from `items_by_date`, each a covering scan of small entries, where the rows themselves hold
/// the articles' HTML, all of which a scan of the table reads to reach two flags.
/// Stepped through the C API: GRDB's row decoding per column cost more than the queries.
struct SyncedFlags {
  var id: Int64
  var feedID: Int64
  /// The server's item id (the key without its `s:`).
  var remoteID: String
  var read: Bool
  var starred: Bool

  static let keysSQL = """
    SELECT i.id, i.feed_id, substr(i.key, 3) FROM items i JOIN sync_feeds s ON s.feed_id = i.feed_id
    WHERE i.key LIKE 's:%'
    """
  static let flagsSQL = "SELECT i.id, i.read, i.starred FROM items i JOIN sync_feeds s ON s.feed_id = i.feed_id"

  /// Calls `body` with each synced article's flags.
  static func forEach(in db: Database, _ body: (SyncedFlags) throws -> Void) throws {
    var flags: [Int64: (read: Bool, starred: Bool)] = [:]
    try step(flagsSQL, in: db) { h in
      flags[sqlite3_column_int64(h, 0)] = (sqlite3_column_int64(h, 1) != 0, sqlite3_column_int64(h, 2) != 0)
    }
    var rows: [SyncedFlags] = []
    rows.reserveCapacity(flags.count)
    try step(keysSQL, in: db) { h in
      let id = sqlite3_column_int64(h, 0)
      let text = sqlite3_column_text(h, 2).map {
        String(decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(h, 2))), as: UTF8.self)
      }
      let state = flags[id] ?? (false, false)
      rows.append(
        SyncedFlags(id: id, feedID: sqlite3_column_int64(h, 1), remoteID: text ?? "", read: state.read, starred: state.starred))
    }
    for row in rows { try body(row) }
  }

  /// Runs a query, calling `row` with the statement at each row.
  private static func step(_ sql: String, in db: Database, _ row: (SQLiteStatement) -> Void) throws {
    let h = try db.cachedStatement(sql: sql).sqliteStatement
    sqlite3_reset(h)
    defer { sqlite3_reset(h) }
    while true {
      let code = sqlite3_step(h)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else {
        let message = sqlite3_db_handle(h).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
      }
      row(h)
    }
  }
}
