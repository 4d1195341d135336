import Foundation
import GRDB
// GRDB's own SQLite module (a transitive dependency): the raw sqlite3_bind_* / sqlite3_step calls below.
import GRDBSQLite

/// The per-item statement of a reload, bound and stepped through the SQLite C API.
///
/// Why not `statement.execute(arguments:)`: for each of 10,000 items that path builds an array of 16
/// existentials, converts each to a `DatabaseValue`, validates the count against the statement and then
/// binds — about as much CPU as SQLite's own insert (profiled with perf on the 10,000-item bench feed).
/// Here each column is bound straight from the item's field; the statement is still GRDB's cached one,
/// run inside GRDB's transaction, so durability and error mapping are unchanged.
struct ItemUpsert {
  static let sql = """
    INSERT INTO items (feed_id, key, guid, title, link, author, published, published_text, updated,
      updated_text, summary, content, enclosures, categories, first_seen, sort_date)
    SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16
    WHERE NOT EXISTS (SELECT 1 FROM pruned_items WHERE feed_id = ?1 AND key = ?2)
    ON CONFLICT(feed_id, key) DO UPDATE SET
      guid = excluded.guid, title = excluded.title, link = excluded.link, author = excluded.author,
      published = excluded.published, published_text = excluded.published_text,
      updated = excluded.updated, updated_text = excluded.updated_text, summary = excluded.summary,
      content = excluded.content, enclosures = excluded.enclosures, categories = excluded.categories,
      sort_date = CASE WHEN excluded.published IS NULL AND excluded.updated IS NULL
        THEN items.sort_date ELSE excluded.sort_date END
    """

  private let statement: Statement
  private var handle: SQLiteStatement { statement.sqliteStatement }
  /// A pruned article the document still lists is not stored again; its key is kept a while longer.
  private let touchPruned: Statement
  /// A new article joins the search index's queue (`FindingSchema`). Here rather than in an `AFTER
  /// INSERT` trigger: a trigger makes every upsert keep a statement journal (docs/DECISIONS.md, "Reloads
  /// without a savepoint, search text from the parse threads").
  private let queueForSearch: Statement
  private let db: Database

  init(_ db: Database) throws {
    self.db = db
    statement = try db.cachedStatement(sql: Self.sql)
    touchPruned = try db.cachedStatement(sql: "UPDATE pruned_items SET seen_at = ? WHERE feed_id = ? AND key = ?")
    queueForSearch = try db.cachedStatement(sql: "INSERT INTO fts_pending (id) VALUES (?)")
  }

  /// Upserts the `index`th item of a document stored at `now`; returns the row id of a new article (nil
  /// when it updated one, or did not store a pruned one). Undated items sort by first sight, in
  /// document order (the first one newest).
  @discardableResult
  func run(feedID: Int64, key: String, item: Item, index: Int, now: Double) throws -> Int64? {
    let published = item.published?.timeIntervalSince1970
    let updated = item.updated?.timeIntervalSince1970
    return try run(
      feedID: feedID, key: key, item: item, published: published, updated: updated, firstSeen: now,
      sortDate: published ?? updated ?? (now - Double(index) * 1e-6))
  }

  /// Upserts one item. Small strings are bound with SQLITE_TRANSIENT (SQLite copies them); the two large
  /// HTML fields are bound in place (SQLITE_STATIC, valid while `withCString` runs), which saves a copy
  /// of most of the feed's bytes.
  private func run(
    feedID: Int64, key: String, item: Item, published: Double?, updated: Double?, firstSeen: Double,
    sortDate: Double
  ) throws -> Int64? {
    let h = handle
    sqlite3_reset(h)  // its error, if any, is the previous step's, already reported
    sqlite3_bind_int64(h, 1, feedID)
    Self.bind(key, at: 2, h)
    Self.bind(item.id, at: 3, h)
    Self.bind(item.title, at: 4, h)
    Self.bind(item.link, at: 5, h)
    Self.bind(item.author, at: 6, h)
    Self.bind(published, at: 7, h)
    Self.bind(item.publishedText, at: 8, h)
    Self.bind(updated, at: 9, h)
    Self.bind(item.updatedText, at: 10, h)
    Self.bind(ItemColumns.json(item.enclosures), at: 13, h)
    Self.bind(ItemColumns.json(item.categories), at: 14, h)
    sqlite3_bind_double(h, 15, firstSeen)
    sqlite3_bind_double(h, 16, sortDate)
    // An insert sets the connection's last inserted row id; the upsert's update leaves the 0 set here.
    // (Not `RETURNING id`: SQLite runs it as a trigger, and a trigger makes every upsert keep a statement
    // journal.)
    sqlite3_set_last_insert_rowid(db.sqliteConnection, 0)
    let code = Self.withStatic(item.summary, at: 11, h) {
      Self.withStatic(item.content, at: 12, h) { sqlite3_step(h) }
    }
    let message = code == SQLITE_DONE ? nil : sqlite3_db_handle(h).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    // Drop the in-place bindings now (binding needs a reset statement): the strings they point to may be
    // freed after this call.
    sqlite3_reset(h)
    sqlite3_bind_null(h, 11)
    sqlite3_bind_null(h, 12)
    guard code == SQLITE_DONE else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: Self.sql)
    }
    if db.changesCount == 0 {
      try touchPruned.execute(arguments: [firstSeen, feedID, key])
      return nil
    }
    let id = sqlite3_last_insert_rowid(db.sqliteConnection)
    guard id != 0 else { return nil }
    try queueForSearch.execute(arguments: [id])
    return id
  }

  // SQLITE_TRANSIENT ((sqlite3_destructor_type)-1): SQLite copies the bytes before the call returns.
  private static var transient: sqlite3_destructor_type {
    unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
  }

  /// Runs `body` with `value` as a C string and its byte count. A NUL inside a string survives binding
  /// but not reading (text columns come back as C strings, so an article's content ended at its first
  /// NUL — a JSON Feed's `\u0000`): such a string is stored with U+FFFD in its place. The check
  /// is a `strlen` on the bytes `withCString` exposes anyway (a `utf8.contains(0)` per field was 9 % of
  /// the 10,000-item reload).
  private static func withStorableCString<T>(_ value: String, _ body: (UnsafePointer<CChar>, Int) -> T) -> T {
    let count = value.utf8.count
    return value.withCString { pointer in
      if strlen(pointer) == count { return body(pointer, count) }
      let replaced = String(String.UnicodeScalarView(value.unicodeScalars.lazy.map { $0 == "\0" ? "\u{FFFD}" : $0 }))
      return replaced.withCString { body($0, replaced.utf8.count) }
    }
  }

  private static func bind(_ value: String?, at index: CInt, _ h: SQLiteStatement) {
    guard let value else {
      sqlite3_bind_null(h, index)
      return
    }
    withStorableCString(value) { _ = sqlite3_bind_text(h, index, $0, CInt($1), transient) }
  }

  private static func bind(_ value: Double?, at index: CInt, _ h: SQLiteStatement) {
    if let value { sqlite3_bind_double(h, index, value) } else { sqlite3_bind_null(h, index) }
  }

  private static func withStatic<T>(
    _ value: String?, at index: CInt, _ h: SQLiteStatement, _ body: () -> T
  ) -> T {
    guard let value else {
      sqlite3_bind_null(h, index)
      return body()
    }
    return withStorableCString(value) { pointer, count in
      sqlite3_bind_text(h, index, pointer, CInt(count), nil)  // nil = SQLITE_STATIC
      return body()
    }
  }
}
