import Foundation
import GRDB

/// Marks beside the read flag: a star (an article kept on purpose) and flag letters (newsboat's `a`–`z`,
/// `A`–`Z`, which its query feeds select on), and the merge that brings another reader's articles in
/// with their marks, so switching readers loses neither.
extension Cache {
  /// Stars (or unstars) some articles, and queues it for the sync server, for synced articles.
  public func setStarred(_ starred: Bool, itemIDs: [Int64]) throws(CacheError) {
    guard !itemIDs.isEmpty else { return }
    try write { db in
      let statement = try db.cachedStatement(sql: "UPDATE items SET starred = ? WHERE id = ?")
      for id in itemIDs { try statement.execute(arguments: [starred, id]) }
      try SyncSchema.queueItems("starred", value: starred, itemIDs: itemIDs, in: db)
    }
  }

  /// Replaces an article's flag letters (kept as `Cache.normalizedFlags` makes them; "" clears them).
  public func setFlags(_ flags: String, itemID: Int64) throws(CacheError) {
    try write { db in
      try db.execute(sql: "UPDATE items SET flags = ? WHERE id = ?", arguments: [Self.normalizedFlags(flags), itemID])
    }
  }

  /// The ASCII letters of `text`, each once, sorted: the one spelling stored, so two sets compare as text.
  public static func normalizedFlags(_ text: String) -> String {
    String(Set(text.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }).sorted().map(Character.init))
  }

  /// An article as another reader kept it: the item (its `id` the other reader's guid) and its marks.
  public struct MergedArticle: Sendable, Equatable {
    public var item: Item
    public var isRead: Bool
    public var isStarred: Bool
    public var flags: String

    public init(item: Item, isRead: Bool, isStarred: Bool, flags: String) {
      self.item = item
      self.isRead = isRead
      self.isStarred = isStarred
      self.flags = flags
    }
  }

  /// What `mergeArticles` did: articles found in the cache (marks merged) and articles added.
  public struct MergeSummary: Sendable, Equatable {
    public var matched = 0
    public var added = 0

    public init(matched: Int = 0, added: Int = 0) {
      self.matched = matched
      self.added = added
    }
  }

  /// Brings `articles` into feed `feedID` in one transaction. An article the cache has (by its key, or
  /// its guid as a link key: newsboat uses the link when an item has neither guid nor date) only gains
  /// marks: read stays read, a star stays, flag letters are united, so a second merge changes nothing.
  /// Any other article is added with its content, as a reload would have stored it.
  @discardableResult
  public func mergeArticles(_ articles: [MergedArticle], feedID: Int64, at date: Date = Date()) throws(CacheError)
    -> MergeSummary
  {
    try write { db in
      var summary = MergeSummary()
      let upsert = try ItemUpsert(db)
      let find = try db.cachedStatement(sql: "SELECT id, flags FROM items WHERE feed_id = ? AND key = ?")
      let mark = try db.cachedStatement(
        sql: "UPDATE items SET read = max(read, ?), starred = max(starred, ?), flags = ? WHERE id = ?")
      for (index, article) in articles.enumerated() {
        let key = ItemKey.of(article.item)
        var candidates = [key]
        if let guid = article.item.id, !guid.isEmpty { candidates.append("l:" + guid) }
        var found: Row?
        for candidate in candidates where found == nil {
          found = try Row.fetchOne(find, arguments: [feedID, candidate])
        }
        if found == nil {
          try upsert.run(feedID: feedID, key: key, item: article.item, index: index, now: date.timeIntervalSince1970)
          found = try Row.fetchOne(find, arguments: [feedID, key])
          summary.added += 1
        } else {
          summary.matched += 1
        }
        guard let row = found else { continue }
        let flags = Self.normalizedFlags((row["flags"] as String? ?? "") + article.flags)
        try mark.execute(arguments: [article.isRead, article.isStarred, flags, row["id"] as Int64])
      }
      try upsert.finish()
      return summary
    }
  }

  /// The guid of every read article, feed by feed in list order (`export --read-state`); an article
  /// without one gives what newsboat uses as the guid of such an item: its link and its date text.
  public func readGuids() throws(CacheError) -> [String] {
    try read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT coalesce(nullif(i.guid, ''), i.link || coalesce(i.published_text, '')) AS guid
          FROM items i JOIN feeds f ON f.id = i.feed_id
          WHERE i.read = 1 AND coalesce(nullif(i.guid, ''), i.link, '') != ''
          ORDER BY f.position, f.id, i.sort_date DESC, i.id DESC
          """)
    }
  }
}
