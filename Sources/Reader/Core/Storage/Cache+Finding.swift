import Foundation
import GRDB

/// Tags, ignore rules and the search history: what finding articles needs from the cache beyond lists.
extension Cache {
  /// Replaces every local feed's tags (the urls file's, OPML folders'), each feed's in the order given; a
  /// synced feed keeps its labels on the server as its tags.
  ///
  /// Read first: a start whose urls file gives the tags the cache holds writes nothing and waits for no
  /// write lock; deleting every tag and inserting each again at every start cost the first frame in
  /// proportion to the tags (docs/DECISIONS.md, "The first frame at a million, per feed").
  public func setTags(_ tagsByFeedID: [Int64: [String]]) throws(CacheError) {
    let stored = try read { db in
      var rows: [Int64: [(tag: String, position: Int)]] = [:]
      let cursor = try Row.fetchCursor(
        db,
        sql: "SELECT feed_id, tag, position FROM feed_tags WHERE feed_id NOT IN (SELECT feed_id FROM sync_feeds) ORDER BY feed_id, position")
      while let row = try cursor.next() { rows[row[0], default: []].append((row[1], row[2])) }
      return rows
    }
    if Self.tagsAreStored(tagsByFeedID, stored) { return }
    try write { db in
      // A synced feed's tags are its server labels (kept by sync_feeds' triggers), not the urls file's.
      try db.execute(sql: "DELETE FROM feed_tags WHERE feed_id NOT IN (SELECT feed_id FROM sync_feeds)")
      let insert = try db.cachedStatement(
        sql: """
          INSERT INTO feed_tags (feed_id, tag, position) SELECT ?, ?, ?
          WHERE EXISTS (SELECT 1 FROM feeds WHERE id = ?1) AND NOT EXISTS (SELECT 1 FROM sync_feeds WHERE feed_id = ?1)
          ON CONFLICT DO NOTHING
          """)
      for (feedID, tags) in tagsByFeedID {
        for (position, tag) in tags.enumerated() where !tag.isEmpty {
          try insert.execute(arguments: [feedID, tag, position])
        }
      }
    }
  }

  /// Whether `setTags`' write would leave `stored` (each local feed's tags in order) as it is: each feed
  /// given its tags but the empty ones, a repeated tag at its first place (the write's `ON CONFLICT DO
  /// NOTHING`), compared as bytes, as SQLite compares them (two spellings of `é` are two tags), and no
  /// other feed with any. A feed that does not exist or is synced has tags here and none stored: the
  /// write runs, as it always did. A tag repeated in another spelling is kept once here and twice by the
  /// write: they differ, and the write runs again, which costs time, never a wrong tag.
  private static func tagsAreStored(_ tagsByFeedID: [Int64: [String]], _ stored: [Int64: [(tag: String, position: Int)]]) -> Bool {
    var feedsWithTags = 0
    for (feedID, tags) in tagsByFeedID {
      var seen = Set<String>()
      let kept = tags.enumerated().filter { !$0.element.isEmpty && seen.insert($0.element).inserted }
      guard !kept.isEmpty else { continue }
      feedsWithTags += 1
      guard let rows = stored[feedID], rows.count == kept.count,
        zip(rows, kept).allSatisfy({ $0.position == $1.offset && $0.tag.utf8.elementsEqual($1.element.utf8) })
      else { return false }
    }
    return feedsWithTags == stored.count
  }

  /// Every tag, sorted by name (case ignored), with its feeds in feed-list order and their counts;
  /// ignored articles are not counted.
  public func tags() throws(CacheError) -> [TagSummary] {
    let feeds = try self.feeds()
    let byID = Dictionary(uniqueKeysWithValues: feeds.map { ($0.id, $0) })
    var summaries: [String: TagSummary] = [:]
    for feed in feeds {
      for tag in Set(feed.tags) {
        var summary = summaries[tag] ?? TagSummary(name: tag, unreadCount: 0, totalCount: 0, feedIDs: [])
        summary.feedIDs.append(feed.id)
        summary.unreadCount += byID[feed.id]?.unreadCount ?? 0
        summary.totalCount += byID[feed.id]?.totalCount ?? 0
        summaries[tag] = summary
      }
    }
    return summaries.values.sorted {
      let order = $0.name.localizedCaseInsensitiveCompare($1.name)
      return order == .orderedSame ? $0.name < $1.name : order == .orderedAscending
    }
  }

  /// The ignore rules (`ignore-article`) this Cache's reads honour from now on. The rules over the article
  /// alone become the file's stored flags (`IgnoredArticles`; every flag is set again when they differ from
  /// the last ones given); the others, and all of them in a read-only cache, are tested on read.
  public func setIgnoreRules(_ rules: [IgnoreRule]) throws(CacheError) {
    if isReadOnly {
      ignoring.withLock { $0 = Ignoring(live: rules, flagged: false) }
      return
    }
    let kept = rules.filter(IgnoredArticles.isKept)
    do {
      if try !read({ db in try IgnoredArticles.areFollowing(kept, in: db) }) {
        try write { db in try IgnoredArticles.follow(kept, in: db) }
      }
    } catch {
      ignoring.withLock { $0 = Ignoring(live: rules, flagged: false) }  // still honoured, tested on read
      throw error
    }
    ignoring.withLock { $0 = Ignoring(live: rules.filter { !IgnoredArticles.isKept($0) }, flagged: !kept.isEmpty) }
  }

  /// What the ignore rules leave: `always` without rules. `flagged` false leaves out the stored flags.
  func ignoredHidden(now: Date, flagged: Bool = true) -> SQLCondition {
    let ignoring = ignoring.withLock { $0 }
    var shown = ignoring.flagged && flagged ? SQLCondition("i.ignored = 0") : .always
    if let live = IgnoredArticles.matching(ignoring.live, now: now) {
      shown = shown && SQLCondition("NOT \(live.sql)", live.arguments)
    }
    return shown
  }

  /// How many searches the history keeps.
  public static let searchHistoryLimit = 100

  /// Remembers a search (blank ones are not): it becomes the newest, once.
  public func recordSearch(_ text: String) throws(CacheError) {
    guard !text.allSatisfy(\.isWhitespace) else { return }
    try write { db in
      try db.execute(
        sql: """
          INSERT INTO search_history (text, sequence) VALUES (?, (SELECT coalesce(max(sequence), 0) + 1 FROM search_history))
          ON CONFLICT (text) DO UPDATE SET sequence = excluded.sequence
          """, arguments: [text])
      try db.execute(
        sql: "DELETE FROM search_history WHERE text NOT IN (SELECT text FROM search_history ORDER BY sequence DESC LIMIT ?)",
        arguments: [Self.searchHistoryLimit])
    }
  }

  /// The searches recorded, newest first, each once.
  public func searchHistory(limit: Int) throws(CacheError) -> [String] {
    try read { db in
      try String.fetchAll(db, sql: "SELECT text FROM search_history ORDER BY sequence DESC LIMIT ?", arguments: [limit])
    }
  }
}

extension Cache {
  /// Indexes every article for search again from scratch (the queue and `SearchIndexer` keep the index
  /// current; this is for measuring what indexing costs, and for mending an index damaged by hand). One
  /// transaction.
  public func rebuildSearchIndex() throws(CacheError) {
    try write { db in try FindingSchema.reindex(db) }
  }

  /// How many characters of plain text the search index reads from every article: the conversion
  /// alone, without the index, to tell the two costs apart when measuring.
  public func plainTextCharacters() throws(CacheError) -> Int {
    try read { db in
      try Int.fetchOne(db, sql: "SELECT sum(length(splitfeed_plain_text(coalesce(content, summary)))) FROM items") ?? 0
    }
  }
}

/// The ignore rules a Cache's reads honour: those tested on read (`live`), and whether the stored flags
/// hide articles too (`flagged`).
struct Ignoring: Sendable {
  var live: [IgnoreRule] = []
  var flagged = false
}
