import Foundation
import GRDB

/// Which articles a list shows: one feed's, or the starred ones of every feed; with `unreadOnly`, only
/// those not read. Lists filter in SQL, so a page costs the same on a 50,000-article feed.
public struct ItemScope: Sendable, Equatable, Hashable {
  public enum Source: Sendable, Equatable, Hashable {
    case feed(Int64)
    case starred
  }

  public var source: Source
  public var unreadOnly: Bool

  public init(_ source: Source, unreadOnly: Bool = false) {
    self.source = source
    self.unreadOnly = unreadOnly
  }

  public init(feedID: Int64, unreadOnly: Bool = false) { self.init(.feed(feedID), unreadOnly: unreadOnly) }

  /// The WHERE clause (for `items` aliased `i`) and its arguments.
  var filter: (sql: String, arguments: StatementArguments) {
    let unread = unreadOnly ? " AND i.read = 0" : ""
    switch source {
    case .feed(let id): return ("i.feed_id = ?" + unread, [id])
    case .starred: return ("i.starred = 1" + unread, [])
    }
  }
}

/// Reads the interactive reader needs beyond the commands': pages of a list, its
/// length, where an article sits in it (so `n` and the Recent tab can select its row without loading the
/// whole list), and what marking a list read touches.
extension Cache {
  /// Articles of `scope`, newest first, as light rows; `limit`/`offset` page through a long list.
  public func items(in scope: ItemScope, limit: Int = -1, offset: Int = 0) throws(CacheError) -> [ItemSummary] {
    let filter = scope.filter
    return try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM items i WHERE \(filter.sql)
          ORDER BY i.sort_date DESC, i.id DESC LIMIT ? OFFSET ?
          """, arguments: filter.arguments + [limit, offset]
      ).map(Self.summary)
    }
  }

  /// The `limit` articles that come after `itemID` in `items(in:)`'s order: the next page of a long list
  /// found through the index from the last row read, where `OFFSET` walks past every row before the page
  /// (see docs/DECISIONS.md).
  public func items(in scope: ItemScope, limit: Int, after itemID: Int64) throws(CacheError) -> [ItemSummary] {
    let filter = scope.filter
    return try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM items i
          WHERE \(filter.sql) AND (i.sort_date, i.id) < (SELECT sort_date, id FROM items WHERE id = ?)
          ORDER BY i.sort_date DESC, i.id DESC LIMIT ?
          """, arguments: filter.arguments + [itemID, limit]
      ).map(Self.summary)
    }
  }

  /// How many articles `scope` lists (one indexed count, read when a list is shown or refreshed).
  public func count(in scope: ItemScope) throws(CacheError) -> Int {
    let filter = scope.filter
    return try read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM items i WHERE \(filter.sql)", arguments: filter.arguments) ?? 0
    }
  }

  /// The row of article `itemID` in `scope`'s list (newest first, as `items(in:)` orders it); nil when
  /// the article is not in it.
  public func position(ofItem itemID: Int64, in scope: ItemScope) throws(CacheError) -> Int? {
    let filter = scope.filter
    return try read { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT i.sort_date FROM items i WHERE i.id = ? AND \(filter.sql)",
          arguments: [itemID] + filter.arguments)
      else { return nil }
      let date: Double = row[0]
      return try Int.fetchOne(
        db,
        sql: """
          SELECT count(*) FROM items i
          WHERE \(filter.sql) AND (i.sort_date > ? OR (i.sort_date = ? AND i.id > ?))
          """, arguments: filter.arguments + [date, date, itemID])
    }
  }

  /// The unread articles of feeds `feedIDs` (every feed when nil), as (article, feed) ids: what marking
  /// them read changes, kept so the mark can be undone exactly.
  public func unreadItems(feedIDs: [Int64]?) throws(CacheError) -> [(id: Int64, feedID: Int64)] {
    try read { db in
      let rows: [Row]
      if let feedIDs {
        let statement = try db.cachedStatement(sql: "SELECT id, feed_id FROM items WHERE feed_id = ? AND read = 0")
        rows = try feedIDs.flatMap { try Row.fetchAll(statement, arguments: [$0]) }
      } else {
        rows = try Row.fetchAll(db, sql: "SELECT id, feed_id FROM items WHERE read = 0")
      }
      return rows.map { (id: $0[0], feedID: $0[1]) }
    }
  }
}
