import Foundation
import GRDB

/// The write side of a reload: each feed is stored whole in one transaction (a reload's stores waiting
/// together may share one: `StoreBatches`), so a crash leaves every feed either as it was or fully updated.
extension Cache {
  /// Writes a freshly fetched and parsed feed: its title, link and validators, and every item upserted by
  /// its key (`ItemKey`). Existing items keep their read flag and first-seen date; items no longer in the
  /// document stay. Clears the feed's last error and replaces its parse warnings with `warnings`.
  @discardableResult
  public func store(
    _ feed: Feed, feedID: Int64, validators: Validators, warnings: [String] = [], at date: Date = Date()
  ) async throws(CacheError) -> StoreSummary {
    try await asyncWrite { db in
      try Self.store(feed, feedID: feedID, validators: validators, warnings: warnings, at: date, in: db)
    }
  }

  /// `store` for synchronous callers (tests, tools); same transaction.
  @discardableResult
  public func storeNow(
    _ feed: Feed, feedID: Int64, validators: Validators, warnings: [String] = [], at date: Date = Date()
  ) throws(CacheError) -> StoreSummary {
    try write { db in
      try Self.store(feed, feedID: feedID, validators: validators, warnings: warnings, at: date, in: db)
    }
  }

  /// `store` for items parsed apart from `feed` (whose own `items` are ignored), each with its bodies as
  /// bytes where the parse gave them so (`Reloader`). Stores waiting together share a transaction
  /// (`Cache.batchedWrite`); each still stores all of its feed or none of it.
  func store(
    _ feed: Feed, items: [(Item, FeedParser.ItemBodies?)], feedID: Int64, validators: Validators,
    warnings: [String] = [], at date: Date = Date()
  ) async throws(CacheError) -> StoreSummary {
    try await batchedWrite { db in
      try Self.store(feed, items: items, feedID: feedID, validators: validators, warnings: warnings, at: date, in: db)
    }
  }

  /// `store` for a feed whose items arrive from a parse still under way (`channel`), in one transaction
  /// like `store`: nothing is kept unless the channel ends with `.finished`. Throws
  /// `CacheError.database` with `streamFailed` as the reason when the parse failed.
  func store(
    streamedFrom channel: ItemChannel, feedID: Int64, validators: Validators, at date: Date = Date()
  ) async throws(CacheError) -> StoreSummary {
    defer { channel.close() }  // also when the write never starts (a read-only cache)
    return try await asyncWrite { db in
      try Self.store(streamedFrom: channel, feedID: feedID, validators: validators, at: date, in: db)
    }
  }

  /// The keys of feed `feedID`'s stored items.
  func itemKeys(feedID: Int64) throws(CacheError) -> Set<String> {
    try read { db in Set(try String.fetchAll(db, sql: "SELECT key FROM items WHERE feed_id = ?", arguments: [feedID])) }
  }

  /// Why a streamed store stored nothing: its parse failed (the parse's own error says why).
  struct StreamFailed: Error {}

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
    _ feed: Feed, items: [(Item, FeedParser.ItemBodies?)]? = nil, feedID: Int64, validators: Validators,
    warnings: [String], at date: Date, in db: Database
  ) throws -> StoreSummary {
    let now = date.timeIntervalSince1970
    try updateFeedRow(feed, feedID: feedID, validators: validators, warnings: warnings, now: now, in: db)
    let before = try itemCount(feedID: feedID, in: db)
    let upsert = try ItemUpsert(db)
    let items = items ?? feed.items.map { ($0, nil) }
    for (index, (item, bodies)) in items.enumerated() {
      try upsert.run(feedID: feedID, key: ItemKey.of(item), item: item, bodies: bodies, index: index, now: now)
    }
    try upsert.finish()
    let after = try itemCount(feedID: feedID, in: db)
    return StoreSummary(newItems: after - before, itemsInDocument: items.count)
  }

  private static func store(
    streamedFrom channel: ItemChannel, feedID: Int64, validators: Validators, at date: Date, in db: Database
  ) throws -> StoreSummary {
    let now = date.timeIntervalSince1970
    let before = try itemCount(feedID: feedID, in: db)
    let upsert = try ItemUpsert(db)
    var index = 0
    var keysWithoutAuthor: [String] = []
    while true {
      switch channel.next() {
      case .item(let item, let key, let bodies):
        try upsert.run(
          feedID: feedID, key: key, item: item, bodies: bodies, index: index, now: now, likelyStored: channel.knows(key))
        if item.author == nil { keysWithoutAuthor.append(key) }
        index += 1
      case .restart:
        // The whole transaction is rolled back and begun again, not a savepoint: inside an open
        // savepoint every upsert cuts its in-memory statement journal back by walking all of the
        // savepoint's journal (docs/DECISIONS.md, "Reloads without a savepoint, search text from the
        // parse threads").
        throw WriteAgain()
      case .failed:
        throw StreamFailed()
      case .finished(let feed, let inheritedAuthor, let warnings):
        if let inheritedAuthor, !keysWithoutAuthor.isEmpty {
          let statement = try db.cachedStatement(
            sql: "UPDATE items SET author = ?1 WHERE feed_id = ?2 AND key = ?3 AND author IS NOT ?1")
          for key in keysWithoutAuthor {
            try statement.execute(arguments: [inheritedAuthor, feedID, key])
            if db.changesCount > 0 { upsert.markChanged(feedID: feedID, key: key) }
          }
        }
        try upsert.finish()
        try updateFeedRow(feed, feedID: feedID, validators: validators, warnings: warnings, now: now, in: db)
        let after = try itemCount(feedID: feedID, in: db)
        return StoreSummary(newItems: after - before, itemsInDocument: index)
      }
    }
  }

  private static func updateFeedRow(
    _ feed: Feed, feedID: Int64, validators: Validators, warnings: [String], now: Double, in db: Database
  ) throws {
    try db.execute(
      sql: """
        UPDATE feeds SET title = ?, site_link = ?, etag = ?, last_modified = ?, last_fetch = ?, last_error = NULL,
          offered_feeds = NULL, warnings = ?
        WHERE id = ?
        """,
      arguments: [
        feed.title.isEmpty ? nil : feed.title, feed.link, validators.etag, validators.lastModified, now,
        ItemColumns.json(warnings), feedID,
      ])
  }

  private static func itemCount(feedID: Int64, in db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count(*) FROM items WHERE feed_id = ?", arguments: [feedID]) ?? 0
  }
}

extension Cache {
  /// Keeps a feed's polling state (DESIGN §8) — after a reload, and when the user clears a moved-to
  /// address. A reload calls it only when the state changed, so a feed without hints costs no write.
  public func recordPoll(feedID: Int64, _ state: PollState) async throws(CacheError) {
    try await asyncWrite { db in
      try db.execute(
        sql: "UPDATE feeds SET poll_hold = ?, poll_until = ?, poll_strikes = ?, moved_to = ? WHERE id = ?",
        arguments: [
          state.hold?.rawValue, state.until?.timeIntervalSince1970, state.strikes, state.movedTo, feedID,
        ])
    }
  }
}

extension Cache {
  /// The feed takes the address it moved to as its own (`splitfeed moved --update-urls`, once the urls
  /// file says so too): its articles and read state stay, the moved-to address is cleared. Fails when
  /// another feed row already has that address.
  public func adoptMovedAddress(feedID: Int64) throws(CacheError) {
    try write { db in
      try db.execute(
        sql: "UPDATE feeds SET url = moved_to, moved_to = NULL WHERE id = ? AND moved_to IS NOT NULL",
        arguments: [feedID])
    }
  }
}

extension Cache {
  /// How many of a feed's newest articles the timer's pace is read from.
  static let paceSample = 10

  /// Each feed's median gap between its newest `paceSample` articles (`PollSchedule.medianGap`), for
  /// the timer's own pace (DESIGN §8); feeds with fewer than two articles are left out. One short
  /// indexed read per feed (`items_by_feed_date`), in one read transaction.
  public func postingGaps(feedIDs: [Int64]) throws(CacheError) -> [Int64: Double] {
    try read { db in
      var gaps: [Int64: Double] = [:]
      let statement = try db.cachedStatement(
        sql: "SELECT sort_date FROM items WHERE feed_id = ? ORDER BY sort_date DESC LIMIT \(Self.paceSample)")
      for id in feedIDs {
        let dates = try Double.fetchAll(statement, arguments: [id])
        if let gap = PollSchedule.medianGap(dates) { gaps[id] = gap }
      }
      return gaps
    }
  }
}

extension Cache {
  /// Gives a feed the title (and site link) an OPML import knew, until its first fetch brings its own.
  public func setTitleIfMissing(_ title: String?, siteLink: String?, feedID: Int64) throws(CacheError) {
    try write { db in
      try db.execute(
        sql: "UPDATE feeds SET title = coalesce(title, ?), site_link = coalesce(site_link, ?) WHERE id = ?",
        arguments: [title, siteLink, feedID])
    }
  }

  /// Stores the HTML of an article's page.
  public func setFullContent(_ html: String?, itemID: Int64) throws(CacheError) {
    try write { db in
      try db.execute(sql: "UPDATE items SET full_content = ? WHERE id = ?", arguments: [html, itemID])
    }
  }
}
