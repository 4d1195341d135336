import Foundation
import GRDB

/// The "v7-finding" migration: what search, tags, query feeds and sorting need.
///
/// - `items_fts`: an FTS5 index over each article's title, author and plain text (its content, else its
///   summary, through `splitfeed_plain_text`: words, not markup). Existing articles are indexed by the
///   migration itself. A new article is not indexed by a trigger row by row — FTS5 written from a
///   trigger cost three times as much per article as one `INSERT … SELECT` (docs/DECISIONS.md, "Finding
///   at scale") — but queued in `fts_pending` and indexed in batches (`indexBatch`). An article whose
///   indexed fields change is taken out of the index and queued again; a deleted one (pruning, a removed
///   feed's cascade) is taken out, and off the queue.
/// - `feed_tags`: each feed's tags in the order the urls file gives them.
/// - `search_history`: the `/` prompt's history (`sequence` orders it, newest highest).
/// - `items_by_date`: lists over every feed (Unread, a tag, a query feed, a search) walk this index in
///   date order and stop at the first page, instead of sorting every match; it holds the columns those
///   lists test most (feed, read, starred), so most rows are tested without reading the article's row,
///   which is large (its HTML) and may spill into overflow pages.
///
/// Since "v10-contentless-search":
/// - the index keeps no copy of the text (`content=''`): the copy was 190 MB of a 100,000-article cache,
///   written twice (WAL, then checkpoint). Taking an article out of such an index needs the very text it
///   was indexed with, which the triggers compute again from the row (`indexedColumns`), so that text
///   must not change under an existing index: `textVersion` is kept in the file (`PRAGMA user_version`)
///   and a cache indexed with another version is indexed again on open.
/// - FTS5 merges its segments 16 at a time instead of 4 (`automerge`): a term's entries are rewritten
///   fewer times as the index grows, and searches, which read every segment, measured no slower.
/// - a new article is queued by `ItemUpsert`, whose insert is the one statement that inserts articles,
///   not by a trigger (which gave every insert a statement journal).
///
/// Since the indexer (docs/DECISIONS.md, "The search index off the reload's path"): no writer indexes.
/// `fts_pending` is the durable queue of what the index lacks; `SearchIndexer` empties it in short
/// transactions (`indexBatch`), each indexing its articles and taking them off the queue together, so an
/// interrupted batch leaves both as they were. The triggers' rule stands: an article in the queue is not
/// in the index, one out of it is, with the text `indexedColumns` makes.
///
/// Since "v20-indexer-stamps": a queued article's row carries a stamp drawn anew by each change, by which
/// the indexer's write tells an article changed since its read (`migrateToStampedQueue`).
enum FindingSchema {
  /// The indexed title, author and body of the `items` row `row` (`old.`, `new.` or "" for the row
  /// itself), in the index's column order. Since "v16-full-article-search" the body ends with the plain
  /// text of the article's fetched page (`full_content`, `f`), so a word only on the page finds the
  /// article; an article without one is indexed with the same text as before (`withPage` false: the
  /// text of the migrations before v16, which must stay as they ran).
  static func indexedColumns(of row: String = "", withPage: Bool = true) -> String {
    let body = "splitfeed_plain_text(coalesce(\(row)content, \(row)summary))"
    let page = withPage ? " || iif(\(row)full_content IS NULL, '', ' ' || splitfeed_plain_text(\(row)full_content))" : ""
    return "\(row)title, coalesce(\(row)author, ''), \(body)\(page)"
  }

  /// The version of the text the index is built from. Raise it whenever what `indexedColumns` yields for
  /// the same row changes (`PlainText`, the tokenizer, the columns): every cache is then indexed again.
  static let textVersion = 1

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
        INSERT INTO items_fts (rowid, title, author, body) SELECT id, \(indexedColumns(withPage: false)) FROM items;
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

  /// "v10-contentless-search": the index again, without its copy of the text. Taking an article out
  /// repeats its indexed text (computed from the old row); an article still queued was never indexed,
  /// so there is nothing to take out.
  static func migrateToContentless(_ db: Database) throws {
    try db.execute(
      sql: """
        DROP TRIGGER items_fts_insert;
        DROP TRIGGER items_fts_update;
        DROP TRIGGER items_fts_delete;
        DROP TABLE items_fts;
        CREATE VIRTUAL TABLE items_fts USING fts5(
          title, author, body, content = '', tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 16);
        \(triggers(withPage: false))
        """)
    try reindex(db, withPage: false)
  }

  /// The triggers that take an article out of the contentless index with the text it was indexed with
  /// (`indexedColumns`) when its indexed fields change (queueing it again) or it is deleted. `stamped`
  /// (v20): an article queued again gets a new `stamp` even when it was queued already, so that the
  /// indexer can tell it changed since its read (`index`).
  static func triggers(withPage: Bool, stamped: Bool = false) -> String {
    let takeOut = """
      INSERT INTO items_fts (items_fts, rowid, title, author, body)
        SELECT 'delete', old.id, \(indexedColumns(of: "old.", withPage: withPage))
        WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE id = old.id);
      """
    let page = withPage ? ", full_content" : ""
    let pageChanged = withPage ? " OR old.full_content IS NOT new.full_content" : ""
    let queue = stamped
      ? "INSERT INTO fts_pending (id, stamp) VALUES (new.id, random()) ON CONFLICT (id) DO UPDATE SET stamp = excluded.stamp;"
      : "INSERT OR IGNORE INTO fts_pending (id) VALUES (new.id);"
    return """
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, author, content, summary\(page) ON items
      WHEN old.title IS NOT new.title OR old.author IS NOT new.author OR old.content IS NOT new.content
        OR old.summary IS NOT new.summary\(pageChanged)
      BEGIN
        \(takeOut)
        \(queue)
      END;
      CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
        \(takeOut)
        DELETE FROM fts_pending WHERE id = old.id;
      END;
      """
  }

  /// "v16-full-article-search": the fetched page's text joins the article's body in the index
  /// (`indexedColumns`), and storing a page queues the article again. Only articles with a page change
  /// text, so only they are taken out of the index (with the text they were indexed with) and queued for
  /// the indexer; every other article's index row stays, and `textVersion` with it.
  static func migrateToFullArticleSearch(_ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO items_fts (items_fts, rowid, title, author, body)
          SELECT 'delete', id, \(indexedColumns(withPage: false)) FROM items
          WHERE full_content IS NOT NULL AND id NOT IN (SELECT id FROM fts_pending);
        INSERT OR IGNORE INTO fts_pending (id) SELECT id FROM items WHERE full_content IS NOT NULL;
        DROP TRIGGER items_fts_update;
        DROP TRIGGER items_fts_delete;
        \(triggers(withPage: true))
        """)
  }

  /// "v20-indexer-stamps": each queued article carries a `stamp`, drawn anew whenever a change queues it
  /// again (the update trigger; every article queued at once by a requeue gets one too). The indexer
  /// read an article's fields to make its text; in its write it asked whether the row still held those
  /// very fields, comparing its whole HTML again (docs/DECISIONS.md, "The indexer's backlog, its second
  /// profile"). Now the write asks whether the queue's row still holds the
  /// stamp read with them: `items` ids are never reused (AUTOINCREMENT), a deleted article leaves the
  /// queue, and any change of an indexed field draws a new stamp. An article queued by its insert has none
  /// (NULL): nothing can have been read of it before.
  static func migrateToStampedQueue(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE fts_pending ADD COLUMN stamp INTEGER;
        DROP TRIGGER items_fts_update;
        DROP TRIGGER items_fts_delete;
        \(triggers(withPage: true, stamped: true))
        """)
  }

  /// "v14-indexer-merges": the index is written by the indexer's short transactions, each a new segment.
  /// FTS5 merges 16 segments of a level at once when that level reaches `crisismerge` (16 by default,
  /// the same as our `automerge`), and that merge stalled every 16th batch for 160–310 ms on 100,000
  /// articles; at 64 the incremental merges `automerge` spreads over the writes do most of the work: one
  /// batch of ~100 still took ~200 ms, the others under ~90 ms (docs/DECISIONS.md, "The search index
  /// off the reload's path").
  static func migrateForIndexer(_ db: Database) throws {
    try db.execute(sql: "INSERT INTO items_fts (items_fts, rank) VALUES ('crisismerge', 64)")
  }

  /// "v15-indexer-explicit-merges": v14 still left one batch in ~100 holding the write lock ~200 ms, for
  /// the merge work `automerge` does inside the write that adds a segment. With `automerge` 0 a batch
  /// writes only its own segment, and the indexer merges in steps of its own (`mergeStep`), each a short
  /// transaction; `usermerge` 16 keeps v10's fan-in (a level's segments are merged 16 at a time).
  /// `crisismerge` 64 (v14) stays as the backstop for segments no indexer merges (a prune's deletes in a
  /// run without the reader): a merge of small segments, inside that write.
  static func migrateToExplicitMerges(_ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 0);
        INSERT INTO items_fts (items_fts, rank) VALUES ('usermerge', 16);
        """)
  }

  /// One bounded step of merging the index's segments, in the caller's transaction: FTS5's `'merge'`
  /// writes about `pages` pages, going on with a merge an earlier step left unfinished or starting one on
  /// a level of `usermerge` segments; returns whether there was anything to merge (FTS5 then changes at
  /// least two rows; a step with nothing to merge changes one).
  static func mergeStep(pages: Int, _ db: Database) throws -> Bool {
    let before = db.totalChangesCount
    try db.execute(sql: "INSERT INTO items_fts (items_fts, rank) VALUES ('merge', ?)", arguments: [max(pages, 1)])
    return db.totalChangesCount - before >= 2
  }

  /// Indexes every article from scratch and records `textVersion` (`withPage` false: as v10 did).
  static func reindex(_ db: Database, withPage: Bool = true) throws {
    try db.execute(
      sql: """
        INSERT INTO items_fts (items_fts) VALUES ('delete-all');
        DELETE FROM fts_pending;
        INSERT INTO items_fts (rowid, title, author, body) SELECT id, \(indexedColumns(withPage: withPage)) FROM items;
        PRAGMA user_version = \(textVersion);
        """)
  }

  /// Whether the index was built from another version of the text.
  static func isStale(_ db: Database) throws -> Bool {
    try Int.fetchOne(db, sql: "PRAGMA user_version") != textVersion
  }

  /// When the index was built from another version of the text: empties it and queues every article, so
  /// the indexer builds it again in the background (opening the cache does not wait for it) and deletes
  /// meanwhile have nothing to take out.
  static func requeueIfStale(_ db: Database) throws {
    guard try isStale(db) else { return }
    try db.execute(
      sql: """
        INSERT INTO items_fts (items_fts) VALUES ('delete-all');
        DELETE FROM fts_pending;
        INSERT INTO fts_pending (id, stamp) SELECT id, random() FROM items;
        PRAGMA user_version = \(textVersion);
        """)
  }

  /// A cheap probe of the index, for a search that found nothing (docs/ROBUSTNESS.md, "Files splitfeed owns"): the newest
  /// indexed articles must be found by a word of their own titles. An index whose pages or term index were
  /// lost or overwritten finds nothing (or fails as corrupt) where it must find one; true when no indexed
  /// article has a word in its title to ask with.
  static func isIntact(_ db: Database) throws -> Bool {
    let newest = try Row.fetchAll(
      db, sql: "SELECT id, title FROM items WHERE id NOT IN (SELECT id FROM fts_pending) ORDER BY id DESC LIMIT 8")
    for row in newest {
      let title: String = row["title"] ?? ""
      guard let word = title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).first else { continue }
      let query = "title : \"" + word + "\""
      do {
        return try Bool.fetchOne(
          db, sql: "SELECT 1 FROM items_fts WHERE items_fts MATCH ? AND rowid = ?", arguments: [query, row["id"] as Int64]) != nil
      } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
        return false
      }
    }
    return true
  }

  /// A damaged index made empty and every article queued, in the caller's transaction, for the indexer to
  /// build it again. FTS5's `delete-all` rewrites the index's own records; an index too broken for it
  /// (a shadow table gone) is made again as the migrations left it (v10, v14, v15).
  static func requeueDamaged(_ db: Database) throws {
    do {
      try db.execute(sql: "INSERT INTO items_fts (items_fts) VALUES ('delete-all')")
    } catch {
      try db.execute(
        sql: """
          DROP TABLE IF EXISTS items_fts;
          CREATE VIRTUAL TABLE items_fts USING fts5(
            title, author, body, content = '', tokenize = 'unicode61 remove_diacritics 2');
          INSERT INTO items_fts (items_fts, rank) VALUES ('crisismerge', 64);
          INSERT INTO items_fts (items_fts, rank) VALUES ('automerge', 0);
          INSERT INTO items_fts (items_fts, rank) VALUES ('usermerge', 16);
          """)
    }
    try db.execute(
      sql: """
        DELETE FROM fts_pending;
        INSERT INTO fts_pending (id, stamp) SELECT id, random() FROM items;
        """)
  }

  /// How many articles wait to be indexed.
  static func backlog(_ db: Database) throws -> Int {
    try Int.fetchOne(db, sql: "SELECT count(*) FROM fts_pending") ?? 0
  }

  /// A queued article as the indexer reads it, outside any transaction: what `indexedColumns` is made of.
  struct Queued: Sendable {
    var id: Int64
    /// Its queue row's `stamp` when read (v20); nil for an article read elsewhere (a prune's).
    var stamp: Int64? = nil
    var title: String
    var author: String
    /// The HTML the body's text comes from (`coalesce(content, summary)`), its bytes as stored: read as
    /// a String, every article's HTML was checked as UTF-8 once more only to be converted from bytes
    /// (docs/DECISIONS.md, "The indexer's backlog, its second profile"). Bound as a BLOB: compare it as
    /// `CAST(? AS TEXT)`.
    var html: Data?
    /// The article's fetched page (`full_content`), whose text ends the body (`indexedColumns`); bytes too.
    var page: Data? = nil
    /// A queued id with no article left (it only leaves the queue).
    var gone = false
  }

  /// `queued`'s read: a range of the queue's ids, newest first, each joined to its article by id.
  static let queuedSQL = """
    SELECT p.id, p.stamp, i.title, coalesce(i.author, '') AS author, coalesce(i.content, i.summary) AS html,
      i.full_content AS page, i.id IS NULL AS gone
    FROM fts_pending p LEFT JOIN items i ON i.id = p.id WHERE p.id < ? ORDER BY p.id DESC LIMIT ?
    """

  /// The newest queued articles (the ones a search most likely wants), at most `limit` of them and, past
  /// the first, at most `maxBytes` of HTML together: a batch is bounded by its work, not only by its count
  /// (docs/ROBUSTNESS.md, "Files splitfeed owns"). A read: no write lock is held. With `below`, only the
  /// articles queued under that id (`SearchIndexer.run` reads its next batch below the one it writes).
  static func queued(limit: Int, maxBytes: Int, below: Int64? = nil, _ db: Database) throws -> [Queued] {
    let rows = try Row.fetchCursor(db, sql: queuedSQL, arguments: [below ?? Int64.max, limit])
    var batch: [Queued] = []
    var bytes = 0
    while let row = try rows.next() {
      let html: Data? = row["html"]
      let page: Data? = row["page"]
      bytes += (html?.count ?? 0) + (page?.count ?? 0)
      if !batch.isEmpty, bytes > maxBytes { break }
      batch.append(
        Queued(
          id: row["id"], stamp: row["stamp"], title: row["title"] ?? "", author: row["author"] ?? "", html: html, page: page,
          gone: row["gone"]))
    }
    return batch
  }

  /// The index's body text of a queued article: `splitfeed_plain_text`'s, made by the indexer outside
  /// any transaction, so however long the conversion takes it holds no lock.
  static func body(of article: Queued) -> String {
    let text = { (html: Data) in html.withUnsafeBytes { PlainText.title($0.bindMemory(to: UInt8.self), kind: .html) } }
    let body = text(article.html ?? Data())
    guard let page = article.page else { return body }
    return body + " " + text(page)
  }

  /// Indexes `articles` with the body text made for them (`body(of:)`) and takes them off the queue, in
  /// the caller's (write) transaction, which converts nothing: each is indexed only if it is still queued
  /// with the stamp it was read with, i.e. unchanged since (v20; else it stays queued for the next batch,
  /// as its update's trigger left it); one whose article is gone only leaves the queue. Returns how many
  /// left the queue.
  static func index(_ articles: [(article: Queued, body: String)], _ db: Database) throws -> Int {
    // Off the queue only as it was read: one statement is both the test and the dequeue.
    let dequeue = try db.cachedStatement(sql: "DELETE FROM fts_pending WHERE id = ? AND stamp IS ?")
    let insert = try db.cachedStatement(sql: "INSERT INTO items_fts (rowid, title, author, body) VALUES (?, ?, ?, ?)")
    var done = 0
    // In rowid order: FTS5 writes its pending rows out as a segment whenever a rowid is not above the last
    // one, so the queue's newest-first order made a segment per article (and merges inside the write).
    for (article, body) in articles.sorted(by: { $0.article.id < $1.article.id }) {
      try dequeue.execute(arguments: [article.id, article.stamp])
      guard db.changesCount == 1 else { continue }
      if !article.gone { try insert.execute(arguments: [article.id, article.title, article.author, body]) }
      done += 1
    }
    return done
  }

  /// Indexes the newest `limit` queued articles (the ones a search most likely wants) and takes them off
  /// the queue, in the caller's transaction, converting their text inside it; returns how many. For what
  /// has no background indexer (`Cache.indexForSearchNow`); the indexer converts outside its writes
  /// (`queued`, `body(of:)`, `index`). The queue's ids are its rowids, so the batch is one range of it.
  static func indexBatch(limit: Int, _ db: Database) throws -> Int {
    guard
      let low = try Int64.fetchOne(
        db, sql: "SELECT min(id) FROM (SELECT id FROM fts_pending ORDER BY id DESC LIMIT ?)", arguments: [limit])
    else { return 0 }
    try db.execute(
      sql: """
        INSERT INTO items_fts (rowid, title, author, body)
        SELECT id, \(indexedColumns()) FROM items WHERE id IN (SELECT id FROM fts_pending WHERE id >= ?)
        """, arguments: [low])
    try db.execute(sql: "DELETE FROM fts_pending WHERE id >= ?", arguments: [low])
    return db.changesCount
  }
}
