import Foundation
import GRDB

/// An article as a list row (`summary`) or whole (`article`), and a feed's next unread one.
extension Cache {
  /// A row of `summaryColumns`, by column name.
  static func summary(_ row: Row) -> ItemSummary {
    ItemSummary(
      id: row["id"], feedID: row["feed_id"], title: row["title"],
      date: (row["date"] as Double?).map(Date.init(timeIntervalSince1970:)), isRead: row["read"], isStarred: row["starred"])
  }

  /// The columns `summary` reads, for an `items` table aliased `i`.
  static let summaryColumns = "i.id, i.feed_id, i.title, coalesce(i.published, i.updated) AS date, i.read, i.starred"

  /// A feed's articles, newest first, as light rows; `limit`/`offset` page through a long feed.
  public func items(feedID: Int64, limit: Int = -1, offset: Int = 0) throws(CacheError) -> [ItemSummary] {
    try items(in: ItemScope(feedID: feedID), limit: limit, offset: offset)
  }

  /// The `limit` articles that come after `itemID` in `items(feedID:)`'s order (see `items(in:limit:after:)`).
  public func items(feedID: Int64, limit: Int, after itemID: Int64) throws(CacheError) -> [ItemSummary] {
    try items(in: ItemScope(feedID: feedID), limit: limit, after: itemID)
  }

  /// The whole article, body included.
  public func article(id: Int64) throws(CacheError) -> CachedArticle? {
    try read { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT id, feed_id, guid, title, link, author, published, published_text, updated, updated_text,
              summary, content, enclosures, categories, read, first_seen, full_content, starred, flags
            FROM items WHERE id = ?
            """, arguments: [id])
      else { return nil }
      let date = { (column: String) in (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
      let item = Item(
        title: row["title"], link: row["link"], id: row["guid"], author: row["author"], published: date("published"),
        publishedText: row["published_text"], updated: date("updated"), updatedText: row["updated_text"],
        summary: row["summary"], content: row["content"], enclosures: ItemColumns.enclosures(row["enclosures"]),
        categories: ItemColumns.strings(row["categories"]))
      return CachedArticle(
        id: row["id"], feedID: row["feed_id"], item: item, isRead: row["read"],
        firstSeen: Date(timeIntervalSince1970: row["first_seen"]), fullContent: row["full_content"],
        isStarred: row["starred"], flags: row["flags"])
    }
  }

  /// The first unread article of a feed after `itemID` in list order (newest first), for `n`.
  /// One indexed query, so `n` costs the same on a 50,000-article feed.
  public func nextUnread(feedID: Int64, after itemID: Int64?) throws(CacheError) -> ItemSummary? {
    let shown = ignoredHidden(now: Date())
    return try read { db in
      let start = try itemID.flatMap { id in
        try Row.fetchOne(db, sql: "SELECT sort_date, id FROM items WHERE id = ? AND feed_id = ?", arguments: [id, feedID])
      }
      // Newest first: the articles after `start` are those whose (date, id) row value is smaller.
      let after = start.map { _ in "AND (sort_date, id) < (?, ?)" } ?? ""
      var arguments: StatementArguments = [feedID]
      if let start { arguments += [start["sort_date"] as Double, start["id"] as Int64] }
      return try Row.fetchOne(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM items i
          WHERE feed_id = ? AND read = 0 \(after) AND \(shown.sql) ORDER BY sort_date DESC, id DESC LIMIT 1
          """, arguments: arguments + shown.arguments
      ).map(Self.summary)
    }
  }
}
