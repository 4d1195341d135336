import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// A prune at a million (docs/DECISIONS.md, "a prune at a million"): each feed's cutoff found once per
/// prune, each batch read and its index text made before its write, the write removing by id; the search
/// index stays exact through it (an article edited between a batch's read and its write included), and
/// every query it runs uses the index it must.
@Suite("Pruning: the index and the plans")
struct PruneIndexTests {
  let dir: TemporaryDirectory
  let cache: Cache
  let feeds: [Int64]
  /// What the cache ran, its values in place (`Cache.statementSinks`).
  let statements = Statements()
  /// Each article's id by feed and number (`n` 0 is the newest).
  let ids: [[Int64]]
  static let perFeed = 30
  static let rule = PruneRule(keepDays: 0, maxPerFeed: 10)

  /// Three feeds of 30 articles, each with words of its own: the first two indexed (with a fetched page
  /// on some of the first's), the third still queued for the indexer; every article read.
  init() throws {
    dir = try TemporaryDirectory("splitfeed-prune-index")
    let sink = statements, path = dir.path("cache.db")
    Cache.statementSinks.withLock { $0[path] = { sink.add($0) } }
    cache = try Cache(path: path)
    feeds = try cache.addFeeds(urls: (0..<3).map { "https://example.com/\($0).xml" }).map(\.id)
    var ids: [[Int64]] = []
    for (f, feedID) in feeds.enumerated() {
      try cache.storeNow(Self.feed(f), feedID: feedID, validators: Validators())
      let byTitle = Dictionary(uniqueKeysWithValues: try cache.items(feedID: feedID).map { ($0.title, $0.id) })
      ids.append(try (0..<Self.perFeed).map { n in try #require(byTitle["Title \(Self.word("t", f, n))"]) })
      if f == 0 {
        for n in stride(from: 0, to: Self.perFeed, by: 4) {
          try cache.setFullContent("<p>page \(Self.word("p", f, n))</p>", itemID: ids[f][n])
        }
      }
      if f == 1 { try cache.indexForSearchNow() }
      try cache.markFeedRead(feedID)
    }
    self.ids = ids
  }

  /// A word no other article has, nor starts with: `t0x1y` is not a prefix of `t0x10y`.
  static func word(_ kind: String, _ feed: Int, _ n: Int) -> String { "\(kind)\(feed)x\(n)y" }

  static func feed(_ f: Int) -> Feed {
    Feed(title: "Feed \(f)", items: (0..<perFeed).map { n in
      Item(
        title: "Title \(word("t", f, n))", id: "a\(n)", published: Date(timeIntervalSince1970: 1_700_000_000 - Double(n) * 3_600),
        content: "<p>Body <b>\(word("b", f, n))</b> &amp; text</p>")
    })
  }

  func storedIDs() throws -> Set<Int64> {
    Set(try DatabaseQueue(path: cache.path).read { try Int64.fetchAll($0, sql: "SELECT id FROM items") })
  }

  /// The rowids the index finds for `word`.
  func found(_ word: String) throws -> Set<Int64> {
    try DatabaseQueue(path: cache.path).read { db in
      Set(try Int64.fetchAll(db, sql: "SELECT rowid FROM items_fts WHERE items_fts MATCH ?", arguments: ["\"\(word)\""]))
    }
  }

  /// With everything indexed: each word finds exactly the stored articles that have it (`edited` maps an
  /// article to the body word it has now), the index counts each stored article once, and the probe the
  /// reader trusts finds it whole.
  func expectIndexExact(edited: [Int64: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await SearchIndexer(cache: cache).run()
    let stored = try storedIDs()
    for (f, feedIDs) in ids.enumerated() {
      for (n, id) in feedIDs.enumerated() {
        let present: Set<Int64> = stored.contains(id) ? [id] : []
        #expect(try found(Self.word("t", f, n)) == present, "title of \(f)/\(n)", sourceLocation: sourceLocation)
        let body = Self.word("b", f, n)
        #expect(try found(body) == (edited[id] == nil ? present : []), "body of \(f)/\(n)", sourceLocation: sourceLocation)
        if let now = edited[id] { #expect(try found(now) == present, "edited body of \(f)/\(n)", sourceLocation: sourceLocation) }
        if f == 0, n % 4 == 0 { #expect(try found(Self.word("p", f, n)) == present, "page of \(f)/\(n)", sourceLocation: sourceLocation) }
      }
    }
    #expect(try SearchIndexerTests.indexedRows(cache.path) == stored.count, sourceLocation: sourceLocation)
    #expect(try cache.read { try FindingSchema.isIntact($0) }, sourceLocation: sourceLocation)
    #expect(try cache.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") } == ["ok"], sourceLocation: sourceLocation)
  }

  /// Indexed and queued articles, with and without a page, pruned in many small batches: the index
  /// loses exactly the pruned ones, whichever way each was in it.
  @Test func aPruneLeavesTheIndexExact() async throws {
    try cache.setStarred(true, itemIDs: [ids[0][20]])
    try cache.recordOpened(itemID: ids[1][21])
    try cache.setRead(false, itemIDs: [ids[2][22]])
    #expect(try await cache.prune(Self.rule, batch: 3...3) == 3 * 20 - 3)
    try await expectIndexExact()
  }

  /// Between a batch's read and its write, one indexed article is edited and indexed again (its update
  /// took it out of the index with its old text), one queued article is indexed and one is starred: the
  /// write leaves all three, and their feeds are read again. Removing the edited one with the text read
  /// would take words out of the index that are not in it and leave its new ones (the index is then
  /// wrong), and the newly indexed one, taken for queued, would have its text made inside the write by
  /// the delete trigger.
  @Test func anArticleChangedBetweenTheReadAndTheWriteIsLeftForTheNextBatch() async throws {
    let cutoffs = try cache.read { try Pruning.cutoffs(Self.rule, now: 2_000_000_000, $0) }
    #expect(cutoffs.map(\.feedID) == feeds)
    let (batch, ended) = try cache.read { try Pruning.batch(cutoffs[...], limit: 100, maxBytes: 1 << 20, $0) }
    #expect(batch.count == 60 && ended == 3)
    let (edited, queued, starred) = (ids[0][12], ids[2][15], ids[1][18])
    #expect(batch.first { $0.id == edited }?.indexed != nil && batch.first { $0.id == queued }?.indexed == nil)
    try await cache.asyncWrite { db in
      try db.execute(sql: "UPDATE items SET content = '<p>fresh freshword</p>' WHERE id = ?", arguments: [edited])
    }
    try await cache.asyncWrite { db in
      try db.execute(
        sql: """
          INSERT INTO items_fts (rowid, title, author, body) SELECT id, \(FindingSchema.indexedColumns()) FROM items WHERE id IN (?, ?);
          DELETE FROM fts_pending WHERE id IN (?, ?);
          """, arguments: [edited, queued, edited, queued])
    }
    try cache.setStarred(true, itemIDs: [starred])
    let prepared = batch.map { ($0, body: $0.indexed.map(FindingSchema.body(of:))) }
    let (removed, left) = try cache.write { try Pruning.remove(prepared, now: 2_000_000_000, $0) }
    #expect(removed == 57)
    #expect(left == Set(feeds))
    let stored = try storedIDs()
    #expect(stored.isSuperset(of: [edited, queued, starred]) && stored.count == 33)
    try await expectIndexExact(edited: [edited: "freshword"])
    #expect(try await cache.prune(Self.rule) == 2, "the edited and the newly indexed ones go now, the starred one stays")
    try await expectIndexExact(edited: [edited: "freshword"])
  }

  /// Each feed's cutoff is searched once per prune, not once per batch; each batch reads one feed's
  /// range of removable articles along an index, in order, and its write finds and removes each article
  /// by their ids. Before, every batch's DELETE searched all the feeds' cutoffs again.
  @Test func cutoffsAreFoundOnceAndEveryQueryUsesItsIndex() async throws {
    statements.clear()
    #expect(try await cache.prune(Self.rule, batch: 4...4) == 60)
    let all = statements.all
    let cutoffs = all.filter { $0.contains("OFFSET") }
    #expect(cutoffs.count == 1, "\(cutoffs.count) cutoff searches")
    #expect(try cache.queryPlan(of: cutoffs[0]).contains { $0.contains("COVERING INDEX items_by_feed_date (feed_id=?)") })
    let reads = all.filter { $0.contains("AND sort_date <=") }
    #expect(reads.count >= 15, "\(reads.count) reads for 15 batches")
    for read in reads.prefix(3) {
      let plan = try cache.queryPlan(of: read)
      #expect(plan.contains { $0.hasPrefix("SEARCH items USING INDEX") && $0.contains("(feed_id=?") && $0.contains("sort_date<?") }, "\(plan)")
      #expect(!plan.contains { ScaleQueryTests.sortsTheList($0) }, "\(plan)")
    }
    // The write: each indexed article queued by its id (40 of them), then each batch's keys remembered
    // and rows deleted, each a statement over its ids.
    let queued = all.filter { $0.hasPrefix("INSERT INTO fts_pending") }
    #expect(Set(queued).count == 40)
    // … each found as it was read (its HTML compared as the bytes read), so each leaves the index with the
    // text made before the write, not through the delete trigger's conversion.
    #expect(all.filter { $0.hasPrefix("INSERT INTO items_fts (items_fts, rowid, title, author, body) VALUES ('delete'") }.count == 40)
    let batches = all.filter { $0.hasPrefix("DELETE FROM items") || $0.hasPrefix("INSERT INTO pruned_items") }
    #expect(Set(batches).count == 30, "a statement of each kind for 15 batches")
    for write in [queued[0], batches[0], batches[1]] {
      let plan = try cache.queryPlan(of: write)
      #expect(plan.contains { $0.contains("SEARCH items USING INTEGER PRIMARY KEY (rowid=?)") }, "\(write): \(plan)")
      #expect(!plan.contains { $0.hasPrefix("SCAN items") }, "\(write): \(plan)")
    }
  }
}
