import GRDB

/// The cache's tables, as numbered migrations so an old cache file upgrades in place and a newer one is
/// refused (GRDB's `DatabaseMigrator` records what ran in `grdb_migrations`).
///
/// Dates are stored as seconds since 1970 (REAL): they sort as numbers and cost no formatting on the
/// 10,000-row write path. `items.key` is the per-feed identity (`ItemKey`); `sort_date` is the date the
/// lists sort by (published, else updated, else first seen, kept stable across reloads).
enum CacheSchema {
  /// The page size of a newly created cache file (see `Cache.init`).
  static let pageSize = 16384

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE feeds (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            url TEXT NOT NULL UNIQUE,
            title TEXT,
            site_link TEXT,
            etag TEXT,
            last_modified TEXT,
            last_fetch REAL,
            last_error TEXT,
            position INTEGER NOT NULL DEFAULT 0
          );
          CREATE TABLE items (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            guid TEXT,
            title TEXT NOT NULL DEFAULT '',
            link TEXT,
            author TEXT,
            published REAL,
            published_text TEXT,
            updated REAL,
            updated_text TEXT,
            summary TEXT,
            content TEXT,
            enclosures TEXT,
            categories TEXT,
            read INTEGER NOT NULL DEFAULT 0,
            first_seen REAL NOT NULL,
            sort_date REAL NOT NULL,
            full_content TEXT,
            UNIQUE (feed_id, key)
          );
          CREATE INDEX items_by_feed_date ON items(feed_id, sort_date);
          CREATE INDEX items_by_feed_read ON items(feed_id, read);
          CREATE TABLE recents (
            item_id INTEGER NOT NULL UNIQUE REFERENCES items(id) ON DELETE CASCADE,
            opened_at REAL NOT NULL
          );
          """)
    }
    // the feeds an HTML page advertised when a feed's address answered with one (JSON array),
    // so the reader can offer them after a restart, not only right after the reload that found them.
    migrator.registerMigration("v2-offered-feeds") { db in
      try db.execute(sql: "ALTER TABLE feeds ADD COLUMN offered_feeds TEXT")
    }
    // A starred article (the reader's keep-this mark) and its flag letters (newsboat's `a`–`z`, `A`–`Z`,
    // which its query feeds filter on), so a newsboat user's flagged articles survive the switch.
    migrator.registerMigration("v3-starred-flags") { db in
      try db.execute(sql: "ALTER TABLE items ADD COLUMN starred INTEGER NOT NULL DEFAULT 0")
      try db.execute(sql: "ALTER TABLE items ADD COLUMN flags TEXT NOT NULL DEFAULT ''")
    }
    // Pruning: the keys of pruned articles (so a reload does not bring them back as new while the feed
    // still lists them), and each feed's read, unstarred articles by date, which are all pruning may remove.
    migrator.registerMigration("v4-pruning") { db in
      try db.execute(
        sql: """
          CREATE TABLE pruned_items (
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            seen_at REAL NOT NULL,
            PRIMARY KEY (feed_id, key)
          ) WITHOUT ROWID;
          CREATE INDEX items_prunable ON items(feed_id, sort_date) WHERE read = 1 AND starred = 0;
          """)
    }
    // Unread-only lists and the Starred list page through the index in list order (newest first), so a
    // page costs the same at 50,000 articles; the new index also serves the counts the old one did.
    migrator.registerMigration("v5-unread-starred-order") { db in
      try db.execute(
        sql: """
          DROP INDEX items_by_feed_read;
          CREATE INDEX items_by_feed_read_date ON items(feed_id, read, sort_date);
          CREATE INDEX items_starred_by_date ON items(sort_date) WHERE starred = 1;
          """)
    }
    // What the parser repaired or skipped in the stored document (JSON array of sentences), so the reader
    // can mark the feed and say why, not only `dump`.
    migrator.registerMigration("v6-feed-warnings") { db in
      try db.execute(sql: "ALTER TABLE feeds ADD COLUMN warnings TEXT")
    }
    migrator.registerMigration("v7-finding") { db in try FindingSchema.migrate(db) }
    SyncSchema.register(in: &migrator)
    // A synced feed's labels on the server are its tags: triggers copy them into `feed_tags` whenever
    // sync writes them, so the tag level, `tags # "…"` and the feed rows see one kind of tag.
    migrator.registerMigration("v9-labels-as-tags") { db in
      let copy = """
        DELETE FROM feed_tags WHERE feed_id = NEW.feed_id;
        INSERT OR IGNORE INTO feed_tags (feed_id, tag, position)
          SELECT NEW.feed_id, value, key FROM json_each(NEW.labels) WHERE type = 'text' AND value <> '';
        """
      try db.execute(
        sql: """
          CREATE TRIGGER sync_labels_inserted AFTER INSERT ON sync_feeds BEGIN \(copy) END;
          CREATE TRIGGER sync_labels_updated AFTER UPDATE OF labels ON sync_feeds BEGIN \(copy) END;
          INSERT OR IGNORE INTO feed_tags (feed_id, tag, position)
            SELECT s.feed_id, j.value, j.key FROM sync_feeds s, json_each(s.labels) j
            WHERE j.type = 'text' AND j.value <> '';
          """)
    }
    migrator.registerMigration("v10-contentless-search") { db in try FindingSchema.migrateToContentless(db) }
    migrator.registerMigration("v11-ignored-flag") { db in try IgnoredArticles.migrate(db) }
    // The feed order of article lists walks the feeds by title (`ArticleSort.from`).
    migrator.registerMigration("v12-feeds-by-title") { db in
      try db.execute(sql: "CREATE INDEX feeds_by_title ON feeds(coalesce(title, '') COLLATE NOCASE, id)")
    }
    // Dates a build without `StoredDate`'s clamp (or newsboat's 2^63−1) left in the cache made every
    // list that drew them trap; moved into the range once. Without an index on these columns it scans
    // the table, which a migration does only once.
    migrator.registerMigration("v13-dates-clamped") { db in
      for column in ["published", "updated", "sort_date"] {
        try db.execute(
          sql: "UPDATE items SET \(column) = max(min(\(column), ?1), ?2) WHERE \(column) > ?1 OR \(column) < ?2",
          arguments: [StoredDate.latest, StoredDate.earliest])
      }
    }
    migrator.registerMigration("v14-indexer-merges") { db in try FindingSchema.migrateForIndexer(db) }
    migrator.registerMigration("v15-indexer-explicit-merges") { db in try FindingSchema.migrateToExplicitMerges(db) }
    migrator.registerMigration("v16-full-article-search") { db in try FindingSchema.migrateToFullArticleSearch(db) }
    // Each feed's polling state (DESIGN §8, `PollState`): why and until when reloads leave it alone,
    // the 429s in a row, the address permanent redirects led to. Kept in the cache so it survives
    // restarts; the urls file is never rewritten behind the user's back.
    migrator.registerMigration("v17-poll-state") { db in
      try db.execute(
        sql: """
          ALTER TABLE feeds ADD COLUMN poll_hold TEXT;
          ALTER TABLE feeds ADD COLUMN poll_until REAL;
          ALTER TABLE feeds ADD COLUMN poll_strikes INTEGER NOT NULL DEFAULT 0;
          ALTER TABLE feeds ADD COLUMN moved_to TEXT;
          """)
    }
    migrator.registerMigration("v18-feed-counts") { db in try FeedCounts.migrate(db) }
    migrator.registerMigration("v19-counted-inserts") { db in try FeedCounts.migrateToCountedInserts(db) }
    migrator.registerMigration("v20-indexer-stamps") { db in try FindingSchema.migrateToStampedQueue(db) }
    return migrator
  }
}
