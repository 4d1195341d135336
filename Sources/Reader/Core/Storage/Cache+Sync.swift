import Foundation
import GRDB

/// What the sync keeps in `sync_state`, by name.
enum SyncValue: String {
  /// The ClientLogin token (the password is never stored).
  case auth
  /// The server's clock at the start of the last complete sync (seconds): the next sync's `ot`.
  case serverTime = "server_time"
  /// When the queue may be sent again after a failure (seconds since 1970), and how many failed in a row.
  case retryAt = "retry_at"
  case failures
  /// The last failure's line, said again while the queue waits.
  case lastError = "last_error"
}

/// A feed the server keeps, as the sync found it.
public struct SyncedFeed: Sendable, Equatable {
  public var feedID: Int64
  /// The server's stream id ("feed/12").
  public var remoteID: String
  /// Its labels on the server (the feed's tags).
  public var labels: [String]
}

/// One queued mark as it is sent: `flag` is `read` or `starred`.
struct QueuedChange: Sendable {
  var seq: Int64
  var remoteItem: String
  var flag: String
  var value: Bool
}

extension Cache {
  /// Every mark API (`setRead(_:itemIDs:)`, `setStarred(_:itemIDs:)`) also queues the change for the server, in the same transaction, for items of synced
  /// feeds. The queue survives quit, kill -9 and offline periods.
  public func pendingSyncChanges() throws(CacheError) -> Int {
    try read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_changes") ?? 0 }
  }

  /// The feeds the server keeps, with their labels, in list order.
  public func syncedFeeds() throws(CacheError) -> [SyncedFeed] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT s.feed_id, s.remote_id, s.labels FROM sync_feeds s JOIN feeds f ON f.id = s.feed_id
          ORDER BY f.position, f.id
          """
      ).map { SyncedFeed(feedID: $0["feed_id"], remoteID: $0["remote_id"], labels: ItemColumns.strings($0["labels"])) }
    }
  }

  func syncValue(_ name: SyncValue) throws(CacheError) -> String? {
    try read { db in
      try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE name = ?", arguments: [name.rawValue])
    }
  }

  func setSyncValue(_ value: String?, for name: SyncValue) throws(CacheError) {
    try write { db in try Self.setSyncValue(value, for: name, in: db) }
  }

  static func setSyncValue(_ value: String?, for name: SyncValue, in db: Database) throws {
    if let value {
      try db.execute(
        sql: "INSERT INTO sync_state (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        arguments: [name.rawValue, value])
    } else {
      try db.execute(sql: "DELETE FROM sync_state WHERE name = ?", arguments: [name.rawValue])
    }
  }

  // MARK: - Subscriptions

  /// Makes the cache's synced feeds the server's list, in one transaction: a new subscription gets a feed
  /// row (a cached feed of the same address becomes synced), titles and labels follow the server, and a
  /// synced feed the server no longer lists is removed with its articles. Returns stream id → feed id.
  ///
  /// A feed at one of `localURLs` (the urls file's, kept with `sync-keep-local`) is never taken over, and
  /// one taken over before is let go rather than removed when the server drops it: the server listing
  /// an address for a while must not delete the user's own feed and its starred articles.
  func applySubscriptions(
    _ subscriptions: [(remoteID: String, url: String, title: String?, siteLink: String?, labels: [String])],
    localURLs: Set<String> = []
  ) throws(CacheError) -> [String: Int64] {
    try write { db in
      var map: [String: Int64] = [:]
      var position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM feeds") ?? 0
      // Prepared once for the whole list; a row already as the server has it is not written again.
      let synced = try db.cachedStatement(sql: "SELECT feed_id FROM sync_feeds WHERE remote_id = ?")
      let setLabels = try db.cachedStatement(sql: "UPDATE sync_feeds SET labels = ?1 WHERE feed_id = ?2 AND labels IS NOT ?1")
      let setFeed = try db.cachedStatement(
        sql: """
          UPDATE feeds SET title = coalesce(nullif(?1, ''), title), site_link = coalesce(nullif(?2, ''), site_link),
            last_error = NULL
          WHERE id = ?3 AND (title IS NOT coalesce(nullif(?1, ''), title)
            OR site_link IS NOT coalesce(nullif(?2, ''), site_link) OR last_error IS NOT NULL)
          """)
      for sub in subscriptions where map[sub.remoteID] == nil {
        var feedID = try Int64.fetchOne(synced, arguments: [sub.remoteID])
        if feedID == nil {
          if localURLs.contains(sub.url) { continue }  // the local feed stays local; the server's copy is skipped
          feedID = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [sub.url])
          if feedID == nil {
            try db.execute(sql: "INSERT INTO feeds (url, position) VALUES (?, ?)", arguments: [sub.url, position])
            feedID = db.lastInsertedRowID
            position += 1
          }
          guard let id = feedID,
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_feeds WHERE feed_id = ?", arguments: [id]) == 0
          else { continue }  // two subscriptions of one address: the first keeps it
          try db.execute(sql: "INSERT INTO sync_feeds (feed_id, remote_id) VALUES (?, ?)", arguments: [id, sub.remoteID])
        }
        guard let id = feedID else { continue }
        map[sub.remoteID] = id
        try setLabels.execute(arguments: [ItemColumns.json(sub.labels) ?? "[]", id])
        try setFeed.execute(arguments: [sub.title, sub.siteLink, id])
      }
      let kept = Set(map.values)
      let gone = try Row.fetchAll(db, sql: "SELECT s.feed_id, f.url FROM sync_feeds s JOIN feeds f ON f.id = s.feed_id")
        .filter { !kept.contains($0["feed_id"]) }
      for row in gone {
        let id: Int64 = row["feed_id"]
        if localURLs.contains(row["url"]) {
          try db.execute(sql: "DELETE FROM sync_feeds WHERE feed_id = ?", arguments: [id])
        } else {
          try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id])
        }
      }
      return map
    }
  }

  // MARK: - Articles and states

  /// Stores one page of the server's articles in one transaction, keyed `s:` + the server's item id. A
  /// new article takes the server's read and starred state unless a mark of it is queued here (the
  /// queued change wins). Returns the feeds that gained articles and how many each.
  func storeSyncedItems(_ items: [(feedID: Int64, remoteID: String, item: Item, read: Bool, starred: Bool)], at date: Date)
    throws(CacheError) -> [Int64: Int]
  {
    try write { db in
      let now = date.timeIntervalSince1970
      let upsert = try ItemUpsert(db)
      let mark = try db.cachedStatement(
        sql: """
          UPDATE items SET
            read = CASE WHEN EXISTS (SELECT 1 FROM sync_changes WHERE remote_item = ?3 AND flag = 'read')
              THEN read ELSE ?4 END,
            starred = CASE WHEN EXISTS (SELECT 1 FROM sync_changes WHERE remote_item = ?3 AND flag = 'starred')
              THEN starred ELSE ?5 END
          WHERE feed_id = ?1 AND key = ?2
          """)
      var added: [Int64: Int] = [:]
      for (index, entry) in items.enumerated() {
        let key = "s:" + entry.remoteID
        guard try upsert.run(feedID: entry.feedID, key: key, item: entry.item, index: index, now: now) != nil else { continue }
        added[entry.feedID, default: 0] += 1
        if entry.read || entry.starred {  // a new row is unread and unstarred already
          try mark.execute(arguments: [entry.feedID, key, entry.remoteID, entry.read, entry.starred])
        }
      }
      for feedID in added.keys {
        try db.execute(sql: "UPDATE feeds SET last_fetch = ?, last_error = NULL WHERE id = ?", arguments: [now, feedID])
      }
      try upsert.finish()
      return added
    }
  }

  /// Whether the cache holds an article of a feed synced before: a sync into a cache without one (a
  /// first sync) takes the articles' flags from their pages instead of the server's id lists.
  func holdsSyncedItems() throws(CacheError) -> Bool {
    try read { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM items WHERE feed_id IN (SELECT feed_id FROM sync_feeds))") ?? false
    }
  }

  /// Gives every synced article the server's state: unread when `unread` holds its id, starred when
  /// `starred` does, except the flags a queued change sets (the change made here wins). One transaction;
  /// returns how many flags changed. The articles' flags are read in one pass and only the rows whose
  /// state differs are written, so a sync with nothing new writes nothing.
  func applyRemoteStates(unread: Set<String>, starred: Set<String>) throws(CacheError) -> Int {
    try write { db in
      let queuedRead = Set(try String.fetchAll(db, sql: "SELECT remote_item FROM sync_changes WHERE flag = 'read'"))
      let queuedStarred = Set(try String.fetchAll(db, sql: "SELECT remote_item FROM sync_changes WHERE flag = 'starred'"))
      var changes: [(id: Int64, read: Bool, starred: Bool)] = []
      var changed = 0
      try SyncedFlags.forEach(in: db) { row in
        let remoteID = row.remoteID
        var read = row.read
        var isStarred = row.starred
        if !queuedRead.contains(remoteID) { read = !unread.contains(remoteID) }
        if !queuedStarred.contains(remoteID) { isStarred = starred.contains(remoteID) }
        guard read != row.read || isStarred != row.starred else { return }
        changed += (read != row.read ? 1 : 0) + (isStarred != row.starred ? 1 : 0)
        changes.append((row.id, read, isStarred))
      }
      let update = try db.cachedStatement(sql: "UPDATE items SET read = ?, starred = ? WHERE id = ?")
      for change in changes { try update.execute(arguments: [change.read, change.starred, change.id]) }
      return changed
    }
  }

  // MARK: - The queue

  /// The queued changes, oldest first.
  func queuedChanges(limit: Int = 100_000) throws(CacheError) -> [QueuedChange] {
    try read { db in
      try Row.fetchAll(
        db, sql: "SELECT seq, remote_item, flag, value FROM sync_changes ORDER BY seq LIMIT ?", arguments: [limit]
      ).map { QueuedChange(seq: $0["seq"], remoteItem: $0["remote_item"], flag: $0["flag"], value: $0["value"]) }
    }
  }

  /// Removes the changes the server took. A change queued again meanwhile has a new seq and stays.
  func removeSentChanges(_ seqs: [Int64]) throws(CacheError) {
    try write { db in
      let statement = try db.cachedStatement(sql: "DELETE FROM sync_changes WHERE seq = ?")
      for seq in seqs { try statement.execute(arguments: [seq]) }
    }
  }

  /// Records a synced feed the server just added (subscribe), returning its row.
  func addSyncedFeed(remoteID: String, url: String, title: String?, labels: [String]) throws(CacheError) -> Int64 {
    let map = try write { db -> Int64 in
      var id = try Int64.fetchOne(db, sql: "SELECT feed_id FROM sync_feeds WHERE remote_id = ?", arguments: [remoteID])
      if id == nil {
        id = try Int64.fetchOne(db, sql: "SELECT id FROM feeds WHERE url = ?", arguments: [url])
      }
      if id == nil {
        let position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM feeds") ?? 0
        try db.execute(sql: "INSERT INTO feeds (url, position) VALUES (?, ?)", arguments: [url, position])
        id = db.lastInsertedRowID
      }
      let feedID = id ?? db.lastInsertedRowID
      try db.execute(
        sql: """
          INSERT INTO sync_feeds (feed_id, remote_id, labels) VALUES (?, ?, ?)
          ON CONFLICT(feed_id) DO UPDATE SET remote_id = excluded.remote_id, labels = excluded.labels
          """, arguments: [feedID, remoteID, ItemColumns.json(labels) ?? "[]"])
      try db.execute(
        sql: "UPDATE feeds SET title = coalesce(nullif(?, ''), title) WHERE id = ?", arguments: [title, feedID])
      return feedID
    }
    return map
  }

  /// Forgets a feed the server no longer keeps, its articles and its queued changes.
  func removeSyncedFeed(feedID: Int64, remoteID: String) throws(CacheError) {
    try write { db in
      try db.execute(
        sql: """
          DELETE FROM sync_changes WHERE remote_item = ? OR remote_item IN
            (SELECT substr(key, 3) FROM items WHERE feed_id = ? AND key LIKE 's:%')
          """, arguments: [remoteID, feedID])
      try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [feedID])
    }
  }
}
