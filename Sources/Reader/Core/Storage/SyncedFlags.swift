import GRDB
// GRDB's own SQLite module: the rows are stepped through the C API (see below).
import GRDBSQLite

/// The read and starred flags of every synced article, read in one pass for the sync's state step.
///
/// Why the C API: a sync reads every synced article's row (10,000 in the benchmark) to find the few
/// whose state the server changed; GRDB's row decoding per column cost more than the query itself.
struct SyncedFlags {
  var id: Int64
  var feedID: Int64
  /// The server's item id (the key without its `s:`).
  var remoteID: String
  var read: Bool
  var starred: Bool

  static let sql = """
    SELECT i.id, i.feed_id, substr(i.key, 3), i.read, i.starred FROM items i
    JOIN sync_feeds s ON s.feed_id = i.feed_id WHERE i.key LIKE 's:%'
    """

  /// Calls `body` with each synced article's flags.
  static func forEach(in db: Database, _ body: (SyncedFlags) throws -> Void) throws {
    let statement = try db.cachedStatement(sql: sql)
    let h = statement.sqliteStatement
    sqlite3_reset(h)
    defer { sqlite3_reset(h) }
    while true {
      let code = sqlite3_step(h)
      guard code == SQLITE_ROW else {
        guard code == SQLITE_DONE else {
          let message = sqlite3_db_handle(h).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
          throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        return
      }
      let text = sqlite3_column_text(h, 2)
      let remoteID = text.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(sqlite3_column_bytes(h, 2))), as: UTF8.self) } ?? ""
      try body(
        SyncedFlags(
          id: sqlite3_column_int64(h, 0), feedID: sqlite3_column_int64(h, 1), remoteID: remoteID,
          read: sqlite3_column_int64(h, 3) != 0, starred: sqlite3_column_int64(h, 4) != 0))
    }
  }
}
