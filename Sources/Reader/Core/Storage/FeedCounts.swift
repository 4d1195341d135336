import GRDB

/// "v18-feed-counts": each feed's article counts kept as the articles change, so the counts the reader
/// reads on start, after every reload and on a full recount cost one row per feed, not one index entry
/// per article. At a million articles in 1,000 feeds the per-feed index counts (`items_by_feed_read_date`)
/// read a million entries for the feed list's first frame (docs/DECISIONS.md, "A million articles").
///
/// One owner: triggers on `items` keep the table, so every writer (a sync's or a mark's flags, the
/// ignore rules' flags, a prune, a removed feed's cascade) keeps it right without knowing of it, in the
/// same transaction as the change. New articles are the exception since v19 (`migrateToCountedInserts`):
/// they enter through `ItemUpsert` only, which adds each feed's inserts once at its transaction's end. `ignored` and `ignoredUnread` are the articles the stored ignore flags
/// hide (`IgnoredArticles`), subtracted when those rules are on. Rules tested on read still count
/// article by article (`Cache.feedColumns`).
enum FeedCounts {
  static func migrate(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE feed_counts (
          feed_id INTEGER PRIMARY KEY REFERENCES feeds(id) ON DELETE CASCADE,
          total INTEGER NOT NULL DEFAULT 0,
          unread INTEGER NOT NULL DEFAULT 0,
          ignored INTEGER NOT NULL DEFAULT 0,
          ignored_unread INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO feed_counts (feed_id, total, unread, ignored, ignored_unread)
          SELECT feed_id, count(*), sum(read = 0), sum(ignored = 1), sum(ignored = 1 AND read = 0) FROM items GROUP BY feed_id;
        CREATE TRIGGER feed_counts_insert AFTER INSERT ON items BEGIN \(add("new")) END;
        CREATE TRIGGER feed_counts_delete AFTER DELETE ON items BEGIN \(remove("old")) END;
        CREATE TRIGGER feed_counts_update AFTER UPDATE OF read, ignored, feed_id ON items
        WHEN old.read IS NOT new.read OR old.ignored IS NOT new.ignored OR old.feed_id IS NOT new.feed_id
        BEGIN \(remove("old")) \(add("new")) END;
        """)
  }

  /// "v19-counted-inserts": the insert trigger goes; `ItemUpsert.finish` adds a transaction's new
  /// articles to their feeds' counts, one statement per feed. A trigger makes SQLite give every insert a
  /// statement journal, a copy of each page the insert touches: with it a reload of 45 feeds × 1,000
  /// articles took 2.3–2.4 s of CPU, without it 1.3–1.4 s (docs/DECISIONS.md, "A million articles,
  /// continued"). The update and delete triggers stay: those statements may write many rows anyway.
  static func migrateToCountedInserts(_ db: Database) throws {
    try db.execute(sql: "DROP TRIGGER feed_counts_insert")
  }

  /// Adds `count` new articles (unread, not ignored: how `ItemUpsert` inserts them) to feed `feedID`'s
  /// counts, making its row at its first articles.
  static func addInserted(_ count: Int, feedID: Int64, in db: Database) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO feed_counts (feed_id, total, unread) VALUES (?1, ?2, ?2)
          ON CONFLICT (feed_id) DO UPDATE SET total = total + ?2, unread = unread + ?2
        """
    ).execute(arguments: [feedID, count])
  }

  /// Adds the article `row` (`new`) to its feed's counts, making the row at a feed's first article.
  private static func add(_ row: String) -> String {
    """
    INSERT INTO feed_counts (feed_id, total, unread, ignored, ignored_unread)
      VALUES (\(row).feed_id, 1, \(row).read = 0, \(row).ignored = 1, \(row).ignored = 1 AND \(row).read = 0)
      ON CONFLICT (feed_id) DO UPDATE SET total = total + 1, unread = unread + excluded.unread,
        ignored = ignored + excluded.ignored, ignored_unread = ignored_unread + excluded.ignored_unread;
    """
  }

  /// Takes the article `row` (`old`) away from its feed's counts. An update, never an insert: in a
  /// removed feed's cascade its row and the feed are gone already, and an insert would name a feed that
  /// no longer exists.
  private static func remove(_ row: String) -> String {
    """
    UPDATE feed_counts SET total = total - 1, unread = unread - (\(row).read = 0),
      ignored = ignored - (\(row).ignored = 1), ignored_unread = ignored_unread - (\(row).ignored = 1 AND \(row).read = 0)
      WHERE feed_id = \(row).feed_id;
    """
  }

  /// The unread and total articles of a feed `f`, as shown: less what the stored ignore flags hide when
  /// `flagged`. For a query over `feed_counts c`.
  static func columns(flagged: Bool) -> (unread: String, total: String) {
    flagged
      ? ("coalesce(c.unread - c.ignored_unread, 0)", "coalesce(c.total - c.ignored, 0)")
      : ("coalesce(c.unread, 0)", "coalesce(c.total, 0)")
  }

  /// The query counting `scope` from `feed_counts` alone, when its articles are whole feeds' (every
  /// feed, a feed, a tag's feeds; unread or all, a query feed that selects no more than that) with no
  /// filter or search; nil for any other list.
  static func count(of scope: ItemScope, flagged: Bool) -> SQLCondition? {
    guard scope.filter == nil, scope.search == nil else { return nil }
    var unreadOnly = scope.unreadOnly
    let feeds: SQLCondition
    switch scope.source {
    case .all: feeds = .always
    case .feed(let id): feeds = SQLCondition("c.feed_id = ?", [id])
    case .tag(let name): feeds = tagged(name)
    case .query(let expression):
      guard let whole = expression.root.wholeFeeds else { return nil }
      feeds = whole.tag.map(tagged) ?? .always
      unreadOnly = unreadOnly || whole.unreadOnly
    case .starred: return nil
    }
    let columns = columns(flagged: flagged)
    return SQLCondition(
      "SELECT coalesce(sum(\(unreadOnly ? columns.unread : columns.total)), 0) FROM feed_counts c WHERE \(feeds.sql)",
      feeds.arguments)
  }

  private static func tagged(_ name: String) -> SQLCondition {
    SQLCondition("c.feed_id IN (SELECT feed_id FROM feed_tags WHERE tag = ?)", [name])
  }
}

extension FilterNode {
  /// The articles this expression selects as whole feeds' — every feed's or one tag's feeds', unread
  /// or all (`unread = "yes"`, `tags # "news"`, both joined by `and`) — so its count is the kept
  /// counts' sum; nil when it tests anything an article has of its own. newsboat's own example of a
  /// query feed is `unread = "yes"`: counted article by article it held the first frame 86 ms of CPU at
  /// a million articles (docs/DECISIONS.md, "A million articles, the first screen").
  var wholeFeeds: (tag: String?, unreadOnly: Bool)? {
    switch self {
    case .mark(.unread, true): return (nil, true)
    case .tag(let name, contains: true): return (name, false)
    case .and(let a, let b):
      guard let x = a.wholeFeeds, let y = b.wholeFeeds else { return nil }
      if let one = x.tag, let other = y.tag, one != other { return nil }  // the feeds carrying both tags
      return (x.tag ?? y.tag, x.unreadOnly || y.unreadOnly)
    default: return nil
    }
  }
}
