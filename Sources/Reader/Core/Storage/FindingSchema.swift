import GRDB

/// The "v7-finding" migration: what search, tags, query feeds and sorting need.
///
/// - `items_fts`: an FTS5 index over each article's title, author and plain text (its content, else its
///   summary, through `splitfeed_plain_text`: words, not markup). Existing articles are indexed by the
///   migration itself. A new article is not indexed by a trigger row by row — FTS5 written from a
///   trigger cost three times as much per article as one `INSERT … SELECT` (docs/DECISIONS.md, "Finding
///   at scale") — but queued in `fts_pending` by a trigger, and every write transaction of `Cache`
///   indexes the queue before it commits (`indexPending`), so a reload indexes each feed's new articles
///   in one statement, and no writer can forget to. An article whose indexed fields change is taken out
///   of the index and queued again; a deleted one (pruning, a removed feed's cascade) is taken out.
/// - `feed_tags`: each feed's tags in the order the urls file gives them.
/// - `search_history`: the `/` prompt's history (`sequence` orders it, newest highest).
/// - `items_by_date`: lists over every feed (Unread, a tag, a query feed, a search) walk this index in
///   date order and stop at the first page, instead of sorting every match; it holds the columns those
///   lists test most (feed, read, starred), so most rows are tested without reading the article's row,
///   which is large (its HTML) and may spill into overflow pages.
enum FindingSchema {
  static let indexedColumns = """
    title, coalesce(author, ''), splitfeed_plain_text(coalesce(content, summary))
    """

  static func migrate(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE feed_tags (
          feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
          tag TEXT NOT NULL,
          position INTEGER NOT NULL,
          PRIMARY KEY (feed_id, tag)
        ) WITHOUT ROWID;
        CREATE INDEX feed_tags_by_tag ON feed_tags(tag, feed_id);
        CREATE TABLE search_history (text TEXT PRIMARY KEY, sequence INTEGER NOT NULL) WITHOUT ROWID;
        CREATE INDEX items_by_date ON items(sort_date, feed_id, read, starred);
        CREATE VIRTUAL TABLE items_fts USING fts5(title, author, body, tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO items_fts (rowid, title, author, body) SELECT id, \(indexedColumns) FROM items;
        CREATE TABLE fts_pending (id INTEGER PRIMARY KEY);
        CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
          INSERT INTO fts_pending (id) VALUES (new.id);
        END;
        CREATE TRIGGER items_fts_update AFTER UPDATE OF title, author, content, summary ON items
        WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.content IS NOT new.content
          OR old.summary IS NOT new.summary
        BEGIN
          DELETE FROM items_fts WHERE rowid = old.id;
          INSERT OR IGNORE INTO fts_pending (id) VALUES (new.id);
        END;
        CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
          DELETE FROM items_fts WHERE rowid = old.id;
          DELETE FROM fts_pending WHERE id = old.id;
        END;
        """)
  }

  /// Indexes the queued articles in one statement and empties the queue; one indexed lookup when the
  /// queue is empty.
  static func indexPending(_ db: Database) throws {
    guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM fts_pending)") == true else { return }
    try db.execute(
      sql: """
        INSERT INTO items_fts (rowid, title, author, body)
        SELECT id, \(indexedColumns) FROM items WHERE id IN (SELECT id FROM fts_pending);
        DELETE FROM fts_pending;
        """)
  }
}
