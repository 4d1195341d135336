import Foundation
import GRDB

/// The read flag written by hand: some articles (`N`, `A` on a list, an undo), or every unread article
/// of whole feeds (`A` on a feed, `C`). Either is written in transactions of at most `markChunk`
/// articles, so a mark over a million articles never holds the write lock longer than a reload's batch
/// does, and its log stays small (docs/ARCHITECTURE.md, "A mark, from key to count").
extension Cache {
  /// The most articles one transaction of a mark writes.
  public static let markChunk = 500

  /// Sets the read flag of some articles (and queues it for the sync server, for synced articles).
  public func setRead(_ read: Bool, itemIDs: [Int64]) throws(CacheError) {
    var start = itemIDs.startIndex
    while start < itemIDs.endIndex {
      let chunk = itemIDs[start..<min(start + Self.markChunk, itemIDs.endIndex)]
      try write { db in try Self.writeRead(read, Array(chunk), in: db) }
      start = chunk.endIndex
    }
  }

  /// Every unread article of `feeds` (every feed when nil) up to article `through` — what the lists
  /// showed when the mark was made, not the articles a reload stores after it — made read, as lists
  /// show them (what the ignore rules hide is left alone). The articles go out in chunks, each handed
  /// to `wrote` inside its transaction; `wrote` returning false rolls that chunk back and stops the mark
  /// there (its undo came first: what it was told is exactly what is written). Returns how many
  /// articles it made read.
  @discardableResult
  public func markRead(
    feeds: Set<Int64>?, through: Int64, wrote: ([(id: Int64, feedID: Int64)]) -> Bool
  ) throws(CacheError) -> Int {
    let shown = ignoredHidden(now: Date())
    let limit = "LIMIT \(Self.markChunk)"
    // Every feed: along the rowid from the last chunk's end, one pass over the table in all. Some
    // feeds: each feed's unread articles along its index (marked ones leave it, so each chunk starts
    // at its front).
    let sql =
      feeds == nil
      ? "SELECT i.id, i.feed_id FROM items i NOT INDEXED WHERE i.id > ? AND i.id <= ? AND i.read = 0 AND \(shown.sql) ORDER BY i.id \(limit)"
      : """
      SELECT i.id, i.feed_id FROM items i INDEXED BY items_by_feed_read_date
      WHERE i.feed_id IN (SELECT value FROM json_each(?)) AND i.read = 0 AND i.id <= ? AND \(shown.sql) \(limit)
      """
    let first: DatabaseValueConvertible = feeds.map { "[" + $0.map(String.init).joined(separator: ",") + "]" } ?? 0
    var after: Int64 = 0
    var made = 0
    var stopped = false
    while true {
      let found: [(id: Int64, feedID: Int64)]
      do {
        found = try write { db in
          let rows = try Row.fetchAll(
            db, sql: sql, arguments: [feeds == nil ? after : first, through] + shown.arguments
          ).map { (id: $0[0] as Int64, feedID: $0[1] as Int64) }
          try Self.writeRead(true, rows.map(\.id), in: db)
          guard rows.isEmpty || wrote(rows) else {
            stopped = true
            throw CancellationError()
          }
          return rows
        }
      } catch where stopped {
        return made
      }
      guard let last = found.last else { return made }
      made += found.count
      after = last.id
      guard found.count == Self.markChunk else { return made }
    }
  }

  /// The newest article's id: what a mark over whole feeds reaches (`markRead(feeds:through:wrote:)`).
  public func newestItemID() throws(CacheError) -> Int64 {
    try read { db in try Int64.fetchOne(db, sql: "SELECT max(id) FROM items") ?? 0 }
  }

  /// One transaction's part of a read mark: the flags, and the same flags queued for the sync server
  /// (synced articles only).
  private static func writeRead(_ read: Bool, _ ids: [Int64], in db: Database) throws {
    let statement = try db.cachedStatement(sql: "UPDATE items SET read = ? WHERE id = ?")
    for id in ids { try statement.execute(arguments: [read, id]) }
    try SyncSchema.queueItems("read", value: read, itemIDs: ids, in: db)
  }
}
