import Foundation
import GRDB

/// The write side of a reload: each function is one transaction for one feed, so a crash between two of
/// them leaves every feed either as it was or fully updated.
extension Cache {
  /// Writes a freshly fetched and parsed feed: its title, link and validators, and every item upserted by
  /// its key (`ItemKey`). Existing items keep their read flag and first-seen date; items no longer in the
  /// document stay. Clears the feed's last error.
  @discardableResult
  public func store(
    _ feed: Feed, feedID: Int64, validators: Validators, at date: Date = Date()
  ) async throws(CacheError) -> StoreSummary {
    try await asyncWrite { db in try Self.store(feed, feedID: feedID, validators: validators, at: date, in: db) }
  }

  /// `store` for synchronous callers (tests, tools); same transaction.
  @discardableResult
  public func storeNow(
    _ feed: Feed, feedID: Int64, validators: Validators, at date: Date = Date()
  ) throws(CacheError) -> StoreSummary {
    try write { db in try Self.store(feed, feedID: feedID, validators: validators, at: date, in: db) }
  }

  /// The server said 304: only the validators and the fetch time change.
  public func recordNotModified(feedID: Int64, validators: Validators, at date: Date = Date()) async throws(CacheError) {
    try await asyncWrite { db in
      try db.execute(
        sql: """
          UPDATE feeds SET etag = ?, last_modified = ?, last_fetch = ?, last_error = NULL, offered_feeds = NULL
          WHERE id = ?
          """,
        arguments: [validators.etag, validators.lastModified, date.timeIntervalSince1970, feedID])
    }
  }

  /// The fetch or the parse failed: the error sentence is kept for the feed list, with the feeds an HTML
  /// page at the address advertised (`offeredFeeds`, empty for other failures); items are untouched.
  public func recordFailure(
    feedID: Int64, error: String, offeredFeeds: [String] = [], at date: Date = Date()
  ) async throws(CacheError) {
    try await asyncWrite { db in
      try db.execute(
        sql: "UPDATE feeds SET last_fetch = ?, last_error = ?, offered_feeds = ? WHERE id = ?",
        arguments: [date.timeIntervalSince1970, error, ItemColumns.json(offeredFeeds), feedID])
    }
  }

  private static func store(
    _ feed: Feed, feedID: Int64, validators: Validators, at date: Date, in db: Database
  ) throws -> StoreSummary {
    let now = date.timeIntervalSince1970
    try db.execute(
      sql: """
        UPDATE feeds SET title = ?, site_link = ?, etag = ?, last_modified = ?, last_fetch = ?, last_error = NULL,
          offered_feeds = NULL
        WHERE id = ?
        """,
      arguments: [
        feed.title.isEmpty ? nil : feed.title, feed.link, validators.etag, validators.lastModified, now, feedID,
      ])
    let before = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE feed_id = ?", arguments: [feedID]) ?? 0
    let upsert = try ItemUpsert(db)
    for (index, item) in feed.items.enumerated() {
      let published = item.published?.timeIntervalSince1970
      let updated = item.updated?.timeIntervalSince1970
      // Undated items sort by first sight, in document order (the first one newest).
      let sortDate = published ?? updated ?? (now - Double(index) * 1e-6)
      try upsert.run(
        feedID: feedID, key: ItemKey.of(item), item: item, published: published, updated: updated,
        firstSeen: now, sortDate: sortDate)
    }
    let after = try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE feed_id = ?", arguments: [feedID]) ?? 0
    return StoreSummary(newItems: after - before, itemsInDocument: feed.items.count)
  }
}
