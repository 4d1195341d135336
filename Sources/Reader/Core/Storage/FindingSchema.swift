import GRDB

/// The "v7-finding" migration: what search, tags, query feeds and sorting need.
///
/// - `items_fts`: an FTS5 index over each article's title, author and plain text (its content, else its
///   summary, through `splitfeed_plain_text`: words, not markup). Triggers keep it in step with `items`
///   whatever writes it (a reload, a merge, pruning, a removed feed's cascade); an update reindexes only
///   when one of the indexed fields changed, so a reload of unchanged articles costs no indexing.
///   Existing articles are indexed by the migration itself.
/// - `feed_tags`: each feed's tags in the order the urls file gives them.
/// - `search_history`: the `/` prompt's history (`sequence` orders it, newest highest).
/// - `items_by_date`: lists over every feed (Unread, a tag, a query feed, a search) walk this index in
///   date order and stop at the first page, instead of sorting every match; it holds the columns those
///   lists test most (feed, read, starred), so most rows are tested without reading the article's row,
///   which is large (its HTML) and may spill into overflow pages.
/// - `items_by_title`, `items_by_author`: the same for the title and author sort orders.
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
        CREATE INDEX items_by_title ON items(title COLLATE NOCASE);
        CREATE INDEX items_by_author ON items(coalesce(author, '') COLLATE NOCASE, sort_date);
        CREATE VIRTUAL TABLE items_fts USING fts5(title, author, body, tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO items_fts (rowid, title, author, body) SELECT id, \(indexedColumns) FROM items;
        CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
          INSERT INTO items_fts (rowid, title, author, body) VALUES (new.id, \(newColumns));
        END;
        CREATE TRIGGER items_fts_update AFTER UPDATE OF title, author, content, summary ON items
        WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.content IS NOT new.content
          OR old.summary IS NOT new.summary
        BEGIN
          DELETE FROM items_fts WHERE rowid = old.id;
          INSERT INTO items_fts (rowid, title, author, body) VALUES (new.id, \(newColumns));
        END;
        CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
          DELETE FROM items_fts WHERE rowid = old.id;
        END;
        """)
  }

  private static let newColumns = """
    new.title, coalesce(new.author, ''), splitfeed_plain_text(coalesce(new.content, new.summary))
    """
}
