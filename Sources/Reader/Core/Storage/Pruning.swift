import GRDB

/// A prune's SQL, split like the indexer's (`SearchIndexer`): what each feed may lose is found once, in a
/// read; each batch's articles are read and their index text made outside any transaction; the write then
/// removes them converting nothing.
///
/// Why: each batch of the first batched prune ran the count rule's search for every feed's cutoff again
/// and took each removed article out of the contentless index with its text made again from its HTML by
/// the delete trigger (`FindingSchema.triggers`), inside the write (docs/DECISIONS.md, "a prune at a
/// million").
enum Pruning {
  /// The end of what a feed may lose: its removable articles before (`date`, `id`) in the date order (the
  /// age rule's cutoff has the least id: every article of an earlier date).
  struct Cutoff: Sendable, Equatable {
    var feedID: Int64
    var date: Double
    var id: Int64
  }

  /// An article a batch removes, as read before its write: `indexed` holds what the index was made of,
  /// nil when the article was queued for the indexer (then it is not in the index).
  struct Doomed: Sendable {
    var feedID: Int64
    var id: Int64
    var key: String
    var indexed: FindingSchema.Queued?
  }

  /// Each feed's cutoff under `rule` at `now`, feed by feed in id order; a feed with nothing the rule
  /// allows has none. The count rule's is its `maxPerFeed`th newest article, found by a seek of
  /// `items_by_feed_date` (a feed with fewer has none). Found once per prune: what comes in meanwhile
  /// only leaves a few more articles for the next prune.
  static func cutoffs(_ rule: PruneRule, now: Double, _ db: Database) throws -> [Cutoff] {
    var byFeed: [Int64: Cutoff] = [:]
    if rule.keepDays > 0 {
      let date = now - Double(rule.keepDays) * 86_400
      for feed in try Int64.fetchAll(db, sql: "SELECT id FROM feeds") {
        byFeed[feed] = Cutoff(feedID: feed, date: date, id: .min)
      }
    }
    if rule.maxPerFeed > 0 {
      for row in try Row.fetchAll(db, sql: countCutoffSQL, arguments: [rule.maxPerFeed]) {
        let cutoff = Cutoff(feedID: row["feed_id"], date: row["date"], id: row["id"])
        if let age = byFeed[cutoff.feedID], (age.date, age.id) >= (cutoff.date, cutoff.id) { continue }
        byFeed[cutoff.feedID] = cutoff
      }
    }
    return byFeed.values.sorted { $0.feedID < $1.feedID }
  }

  /// Each feed's `?`th newest article (argument: `maxPerFeed`).
  static let countCutoffSQL = """
    SELECT f.id AS feed_id, i.sort_date AS date, i.id AS id FROM feeds f
    JOIN items i ON i.id = (
      SELECT id FROM items WHERE feed_id = f.id ORDER BY sort_date DESC, id DESC LIMIT 1 OFFSET ? - 1)
    """

  /// A feed's removable articles before its cutoff, oldest first: a range of its read articles by date
  /// (`items_by_feed_read_date`, no sort); the HTML only of those in the index (a queued one leaves
  /// nothing to take out).
  /// Arguments: the feed, the cutoff's date twice and its id, the most rows.
  static let doomedSQL = """
    SELECT id, key, title, coalesce(author, '') AS author, \(queued) AS queued,
      iif(\(queued), NULL, coalesce(content, summary)) AS html, iif(\(queued), NULL, full_content) AS page
    FROM items
    WHERE feed_id = ? AND read = 1 AND starred = 0 AND sort_date <= ? AND (sort_date < ? OR id < ?)
      AND id NOT IN (SELECT item_id FROM recents)
    ORDER BY sort_date, id LIMIT ?
    """

  /// Whether the article of the row is queued for the indexer (then it is not in the index).
  private static let queued = "EXISTS (SELECT 1 FROM fts_pending p WHERE p.id = items.id)"

  /// The next batch: at most `limit` articles from the feeds of `cutoffs`, in order, and past the first at
  /// most `maxBytes` of the HTML whose text is made for the index (the indexer's bound, `SearchIndexer`).
  /// Returns the articles and how many leading feeds it read to their ends. A read: no lock is held.
  static func batch(_ cutoffs: ArraySlice<Cutoff>, limit: Int, maxBytes: Int, _ db: Database) throws
    -> (articles: [Doomed], ended: Int)
  {
    var articles: [Doomed] = []
    var bytes = 0
    var ended = 0
    for cutoff in cutoffs {
      let asked = limit - articles.count
      let rows = try Row.fetchCursor(
        db, sql: doomedSQL, arguments: [cutoff.feedID, cutoff.date, cutoff.date, cutoff.id, asked])
      var read = 0
      while let row = try rows.next() {
        let queued: Bool = row["queued"]
        var indexed: FindingSchema.Queued?
        if !queued {
          let article = FindingSchema.Queued(
            id: row["id"], title: row["title"], author: row["author"], html: row["html"], page: row["page"])
          bytes += (article.html?.count ?? 0) + (article.page?.count ?? 0)
          if !articles.isEmpty, bytes > maxBytes { return (articles, ended) }
          indexed = article
        }
        articles.append(Doomed(feedID: cutoff.feedID, id: row["id"], key: row["key"], indexed: indexed))
        read += 1
      }
      if read < asked { ended += 1 }
      if articles.count >= limit { break }
    }
    return (articles, ended)
  }

  /// Removes `articles`, in the caller's (write) transaction, taking each indexed one out of the index
  /// with the text made for it before the write (`FindingSchema.body(of:)`), and remembers each key in
  /// `pruned_items` at `now`. An article goes only if it is still removable and its place in the index is
  /// as it was read: an indexed one still indexed with the same fields, or one queued now (not in the
  /// index, whatever it was when read: an edit takes an article out and queues it). One indexed since
  /// its read, or indexed again after an edit, is left, and another batch reads it again. Returns how
  /// many went and the feeds of the articles left.
  static func remove(_ articles: [(Doomed, body: String?)], now: Double, _ db: Database) throws
    -> (removed: Int, left: Set<Int64>)
  {
    // Queued first, each indexed one still as it was read: the delete trigger's rule is that a queued
    // article is not in the index, so it makes no text, and the entry leaves below.
    let queue = try db.cachedStatement(
      sql: """
        INSERT INTO fts_pending (id) SELECT id FROM items WHERE id = ? AND \(removable) AND title IS ?
          AND coalesce(author, '') IS ? AND coalesce(content, summary) IS CAST(? AS TEXT) AND full_content IS CAST(? AS TEXT)
          AND NOT \(queued)
        """)
    var takeOut: [(article: FindingSchema.Queued, body: String)] = []
    for case let (article, body?) in articles.sorted(by: { $0.0.id < $1.0.id }) {
      guard let indexed = article.indexed else { continue }
      try queue.execute(arguments: [article.id, indexed.title, indexed.author, indexed.html, indexed.page])
      if db.changesCount == 1 { takeOut.append((indexed, body)) }
    }
    // Then the batch in two statements, the same articles in each: the keys remembered, the rows deleted.
    let ids = "[" + articles.map { String($0.0.id) }.joined(separator: ",") + "]"
    let doomed = "id IN (SELECT value FROM json_each(?)) AND \(removable) AND \(queued)"
    try db.execute(
      sql: """
        INSERT INTO pruned_items (feed_id, key, seen_at) SELECT feed_id, key, ? FROM items WHERE \(doomed)
        ON CONFLICT (feed_id, key) DO UPDATE SET seen_at = excluded.seen_at
        """, arguments: [now, ids])
    let removed = Set(try Int64.fetchAll(db, sql: "DELETE FROM items WHERE \(doomed) RETURNING id", arguments: [ids]))
    // Last, and in rowid order: FTS5 writes out what it holds as a segment at each statement with a
    // statement journal (the delete, with its triggers) and whenever a rowid is not above the last one,
    // so the batch's entries leave the index as one segment, not one per article.
    let entry = try db.cachedStatement(
      sql: "INSERT INTO items_fts (items_fts, rowid, title, author, body) VALUES ('delete', ?, ?, ?, ?)")
    for (article, body) in takeOut where removed.contains(article.id) {
      try entry.execute(arguments: [article.id, article.title, article.author, body])
    }
    return (removed.count, Set(articles.filter { !removed.contains($0.0.id) }.map(\.0.feedID)))
  }

  /// What a rule may never remove, of the row `items`.
  private static let removable = "items.read = 1 AND items.starred = 0 AND items.id NOT IN (SELECT item_id FROM recents)"
}
