import Foundation
import GRDB
// GRDB's own SQLite module (a transitive dependency): the raw sqlite3_bind_* / sqlite3_step calls below.
import GRDBSQLite

/// The per-item statements of a reload, bound and stepped through the SQLite C API.
///
/// Why not `statement.execute(arguments:)`: for each of 10,000 items that path builds an array of 16
/// existentials, converts each to a `DatabaseValue`, validates the count against the statement and then
/// binds — about as much CPU as SQLite's own insert (profiled with perf on the 10,000-item bench feed).
/// Here each column is bound straight from the item's field; the statements are still GRDB's cached ones,
/// run inside GRDB's transaction, so durability and error mapping are unchanged.
///
/// Why an insert and an update, not one `INSERT … ON CONFLICT DO UPDATE`: SQLite gives a statement that
/// may write several rows (an `INSERT … SELECT`, or an update that fires a trigger) a statement journal,
/// and inside a transaction every page it touches is first copied there — a third of the writer's work
/// in a reload (docs/DECISIONS.md, "An insert and an update instead of an upsert"). The plain insert has
/// neither, so a new article, the common case of a first reload or sync, is written once.
///
/// A transaction that stores articles through it ends with `finish`: each feed's kept counts take the
/// articles it inserted (`FeedCounts`: this is the one insert of articles, so it counts them, once per
/// feed, instead of a trigger per row), then the stored ignore flags follow what was stored: only the
/// rows it inserted or changed are tested against the rules, once each (a rule's `=~` costs up to its
/// regex budget per article).
final class ItemUpsert {
  static let insertSQL = """
    INSERT INTO items (feed_id, key, guid, title, link, author, published, published_text, updated,
      updated_text, summary, content, enclosures, categories, first_seen, sort_date)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
    ON CONFLICT(feed_id, key) DO NOTHING
    """

  /// The same article stored again: only a row whose fields differ is written (an unchanged one costs
  /// neither a page write nor a trigger). An item without an author keeps the stored one, which is the
  /// feed's author given to it after the store (`Cache.store(streamedFrom:)`): taking it away and giving
  /// it back on every reload would take the article out of the search index and index it again.
  static let updateSQL = """
    UPDATE items SET guid = ?3, title = ?4, link = ?5, author = coalesce(?6, author), published = ?7,
      published_text = ?8, updated = ?9, updated_text = ?10, summary = ?11, content = ?12,
      enclosures = ?13, categories = ?14,
      sort_date = CASE WHEN ?7 IS NULL AND ?9 IS NULL THEN sort_date ELSE ?16 END
    WHERE feed_id = ?1 AND key = ?2
      AND (guid IS NOT ?3 OR title IS NOT ?4 OR link IS NOT ?5 OR (?6 IS NOT NULL AND author IS NOT ?6)
        OR published IS NOT ?7 OR published_text IS NOT ?8 OR updated IS NOT ?9 OR updated_text IS NOT ?10
        OR summary IS NOT ?11 OR content IS NOT ?12 OR enclosures IS NOT ?13 OR categories IS NOT ?14
        OR (?7 IS NOT NULL OR ?9 IS NOT NULL) AND sort_date IS NOT ?16)
    """

  private let insert: Statement
  private let update: Statement
  /// A pruned article the document still lists is not stored again; its key is kept a while longer.
  private let pruned: Statement
  private let touchPruned: Statement
  /// A new article joins the search index's queue (`FindingSchema`). Here rather than in an `AFTER
  /// INSERT` trigger: a trigger gives the insert a statement journal.
  private let queueForSearch: Statement
  private let db: Database
  /// Whether each feed met so far has pruned keys at all: a reload into an empty cache (or of a feed
  /// never pruned) then skips the lookup per new article (docs/DECISIONS.md, "The reload's own CPU").
  /// Pruning runs in transactions of its own, so the answer holds for this upsert's transaction.
  private var hasPrunedKeys: [Int64: Bool] = [:]
  private let anyPruned: Statement
  /// The rows this upsert inserted (by id) or changed (by key), by feed.
  private var written: [Int64: IgnoredArticles.Written] = [:]

  init(_ db: Database) throws {
    self.db = db
    insert = try db.cachedStatement(sql: Self.insertSQL)
    update = try db.cachedStatement(sql: Self.updateSQL)
    pruned = try db.cachedStatement(sql: "SELECT 1 FROM pruned_items WHERE feed_id = ? AND key = ?")
    touchPruned = try db.cachedStatement(sql: "UPDATE pruned_items SET seen_at = ? WHERE feed_id = ? AND key = ?")
    anyPruned = try db.cachedStatement(sql: "SELECT 1 FROM pruned_items WHERE feed_id = ? LIMIT 1")
    queueForSearch = try db.cachedStatement(sql: "INSERT INTO fts_pending (id) VALUES (?)")
  }

  /// Upserts the `index`th item of a document stored at `now`; returns the row id of a new article (nil
  /// when it was stored already, or is pruned). Undated items sort by first sight, in document order (the
  /// first one newest). `likelyStored` (the key was in the cache when the reload began) only chooses which
  /// statement to try first. `bodies`, when given, are the item's summary and content (the item's own are
  /// then nil), stored as the parser's bytes.
  @discardableResult
  func run(
    feedID: Int64, key: String, item: Item, bodies: FeedParser.ItemBodies? = nil, index: Int, now: Double,
    likelyStored: Bool = false
  ) throws -> Int64? {
    // Every writer stores through here (reload, sync, import): the one place a date is clamped.
    let published = item.published.flatMap { StoredDate.clamped($0.timeIntervalSince1970) }
    let updated = item.updated.flatMap { StoredDate.clamped($0.timeIntervalSince1970) }
    let fields = Fields(
      feedID: feedID, key: key, item: item, bodies: bodies, published: published, updated: updated, firstSeen: now,
      sortDate: published ?? updated ?? (now - Double(index) * 1e-6))
    if likelyStored {
      if try step(update, fields) > 0 {
        markChanged(feedID: feedID, key: key)
        return nil
      }
    }
    if try isPruned(feedID: feedID, key: key) {
      try touchPruned.execute(arguments: [now, feedID, key])
      return nil
    }
    if try step(insert, fields) > 0 {
      let id = db.lastInsertedRowID
      try queue(id)
      written[feedID, default: .init()].ids.append(id)
      return id
    }
    // Stored already (and, when tried first, unchanged).
    if !likelyStored, try step(update, fields) > 0 { markChanged(feedID: feedID, key: key) }
    return nil
  }

  /// Notes that the article `key` of `feedID` was changed outside `run` (its author given after the store).
  func markChanged(feedID: Int64, key: String) { written[feedID, default: .init()].keys.append(key) }

  /// Ends the upsert's work in its transaction: adds the rows inserted so far to their feeds' kept
  /// counts (new articles are unread and not ignored), then sets the ignore flags of the rows written by
  /// the rules in the file (whose updates move the counts through `FeedCounts`' update trigger).
  func finish() throws {
    for (feedID, rows) in written where !rows.ids.isEmpty {
      try FeedCounts.addInserted(rows.ids.count, feedID: feedID, in: db)
    }
    try IgnoredArticles.refresh(written, in: db)
    written.removeAll()
  }

  /// Queues a new article for the search index, stepped like the upsert: through GRDB's arguments it
  /// cost as much as a third of the insert itself.
  private func queue(_ id: Int64) throws {
    let h = queueForSearch.sqliteStatement
    sqlite3_reset(h)
    sqlite3_bind_int64(h, 1, id)
    let code = sqlite3_step(h)
    guard code == SQLITE_DONE else { throw error(code, h) }
  }

  private func error(_ code: CInt, _ h: SQLiteStatement) -> DatabaseError {
    DatabaseError(
      resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
      sql: String(cString: sqlite3_sql(h)))
  }

  /// Whether `key` of feed `feedID` was pruned; stepped like the upsert (one lookup per new article of
  /// a feed that has pruned keys).
  private func isPruned(feedID: Int64, key: String) throws -> Bool {
    let hasKeys: Bool
    if let known = hasPrunedKeys[feedID] {
      hasKeys = known
    } else {
      hasKeys = try Bool.fetchOne(anyPruned, arguments: [feedID]) ?? false
      hasPrunedKeys[feedID] = hasKeys
    }
    guard hasKeys else { return false }
    let h = pruned.sqliteStatement
    sqlite3_reset(h)
    sqlite3_bind_int64(h, 1, feedID)
    Self.bind(key, at: 2, h)
    let code = sqlite3_step(h)
    guard code == SQLITE_ROW || code == SQLITE_DONE else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
    sqlite3_reset(h)
    return code == SQLITE_ROW
  }

  /// The values both statements bind.
  private struct Fields {
    let feedID: Int64
    let key: String
    let item: Item
    let bodies: FeedParser.ItemBodies?
    let published: Double?
    let updated: Double?
    let firstSeen: Double
    let sortDate: Double
  }

  /// Binds `fields` to `statement` and steps it; returns how many rows it changed. Small strings are
  /// bound with SQLITE_TRANSIENT (SQLite copies them); the two large HTML fields are bound in place
  /// (SQLITE_STATIC, valid while `withCString` runs), which saves a copy of most of the feed's bytes.
  private func step(_ statement: Statement, _ fields: Fields) throws -> Int {
    let h = statement.sqliteStatement
    let item = fields.item
    sqlite3_reset(h)  // its error, if any, is the previous step's, already reported
    sqlite3_bind_int64(h, 1, fields.feedID)
    Self.bind(fields.key, at: 2, h)
    Self.bind(item.id, at: 3, h)
    Self.bind(item.title, at: 4, h)
    Self.bind(item.link, at: 5, h)
    Self.bind(item.author, at: 6, h)
    Self.bind(fields.published, at: 7, h)
    Self.bind(item.publishedText, at: 8, h)
    Self.bind(fields.updated, at: 9, h)
    Self.bind(item.updatedText, at: 10, h)
    Self.bind(ItemColumns.jsonBytes(item.enclosures), at: 13, h)
    Self.bind(ItemColumns.jsonBytes(item.categories), at: 14, h)
    sqlite3_bind_double(h, 15, fields.firstSeen)
    sqlite3_bind_double(h, 16, fields.sortDate)
    let code =
      if let bodies = fields.bodies {
        Self.withStatic(bytes: bodies.summary, at: 11, h) {
          Self.withStatic(bytes: bodies.content, at: 12, h) { sqlite3_step(h) }
        }
      } else {
        Self.withStatic(item.summary, at: 11, h) {
          Self.withStatic(item.content, at: 12, h) { sqlite3_step(h) }
        }
      }
    let message = code == SQLITE_DONE ? nil : sqlite3_db_handle(h).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    // Drop the in-place bindings now (binding needs a reset statement): the strings they point to may be
    // freed after this call.
    sqlite3_reset(h)
    sqlite3_bind_null(h, 11)
    sqlite3_bind_null(h, 12)
    guard code == SQLITE_DONE else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: String(cString: sqlite3_sql(h)))
    }
    return db.changesCount
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

  /// Binds UTF-8 text without a NUL (the JSON columns: JSON escapes every control character).
  private static func bind(_ value: [UInt8]?, at index: CInt, _ h: SQLiteStatement) {
    guard let value else {
      sqlite3_bind_null(h, index)
      return
    }
    value.withUnsafeBytes { _ = sqlite3_bind_text(h, index, $0.baseAddress, CInt($0.count), transient) }
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

  /// `withStatic` for text already in UTF-8 (a parse's bodies): bound in place, no `String` made. A NUL
  /// (which XML cannot carry, but a stray one must not cut the text short) takes the `String` path.
  private static func withStatic<T>(
    bytes value: [UInt8]?, at index: CInt, _ h: SQLiteStatement, _ body: () -> T
  ) -> T {
    guard let value, !value.isEmpty else {
      return withStatic(value.map { _ in "" }, at: index, h, body)
    }
    return value.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      if memchr(base, 0, buffer.count) != nil {
        return withStatic(String(decoding: buffer, as: UTF8.self), at: index, h, body)
      }
      sqlite3_bind_text(h, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), CInt(buffer.count), nil)
      return body()
    }
  }
}
