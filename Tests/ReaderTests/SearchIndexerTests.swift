import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import Reader

/// The search index off the reload's path (docs/ARCHITECTURE.md, "A reload"): a reload stores and
/// queues, `SearchIndexer` indexes afterwards in short transactions, and neither a stop nor a killed
/// batch loses an article or indexes one twice.
@Suite("Search indexer")
struct SearchIndexerTests {
  static func feed(_ count: Int, word: String = "needle") -> Feed {
    Feed(title: "Bulk", items: (0..<count).map { n in
      Item(title: "Article \(n)", id: "a\(n)", published: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
        content: "<p>body \(n % 10 == 0 ? word : "hay") text</p>")
    })
  }

  static func search(_ cache: Cache, _ text: String) throws -> Int {
    try cache.count(in: ItemScope(.all, search: try SearchQuery(parsing: text)))
  }

  /// How many articles FTS5 itself counts as indexed (its "averages" record, whose first varint is the
  /// number of rows): an article indexed twice counts twice here, though a search finds it once.
  static func indexedRows(_ path: String) throws -> Int {
    let block = try DatabaseQueue(path: path).read { db in
      try Data.fetchOne(db, sql: "SELECT block FROM items_fts_data WHERE id = 1")
    }
    var value = 0
    for byte in block ?? Data() {
      value = value << 7 | Int(byte & 0x7f)
      if byte & 0x80 == 0 { break }
    }
    return value
  }

  @Test func aReloadLeavesABacklogThatTheIndexerDrains() async throws {
    let dir = try TemporaryDirectory("splitfeed-indexer")
    let file = dir.path("feed.xml")
    let items = (0..<300).map { n in
      FeedXML.Item(
        title: "Article \(n)", guid: "a\(n)", pubDate: FeedXML.date(Date(timeIntervalSince1970: 1_700_000_000 + Double(n))),
        description: "body \(n % 10 == 0 ? "needle" : "hay") text")
    }
    try FeedXML.rss(title: "Bulk", items: items).write(toFile: file, atomically: true, encoding: .utf8)
    let cache = try Cache(path: dir.path("cache.db"))
    let results = await Reloader(cache: cache).run(try cache.addFeeds(urls: [file]))
    #expect(results.results.map(\.error) == [nil])
    #expect(try cache.count(in: ItemScope(.all)) == 300, "stored and listed")
    #expect(try cache.searchBacklog() == 300, "queued, not indexed")
    #expect(try Self.search(cache, "needle") == 0)
    let sizes = Mutex<[Int]>([])
    var indexer = SearchIndexer(cache: cache)
    indexer.batchSizes = 100...100
    let done = try await indexer.run { progress in sizes.withLock { $0.append(progress.indexed) } }
    #expect(done == SearchIndexer.Progress(indexed: 300, total: 300))
    #expect(sizes.withLock { $0 } == [100, 200, 300], "one transaction per batch")
    #expect(try cache.searchBacklog() == 0)
    #expect(try Self.search(cache, "needle") == 30)
    #expect(try Self.indexedRows(dir.path("cache.db")) == 300)
  }

  /// A stopped run (quit, or paused for a reload) leaves the rest queued; the next run goes on from
  /// there and indexes each article once.
  @Test func aStoppedRunLeavesTheRestQueuedAndTheNextFinishes() async throws {
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", Self.feed(500))], indexed: false)
    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.batchSizes = 100...100
    let task = Task {
      try await indexer.run { progress in if progress.indexed >= 200 { withUnsafeCurrentTask { $0?.cancel() } } }
    }
    let stopped = try await task.value
    #expect(stopped.indexed == 200)
    #expect(try fixture.cache.searchBacklog() == 300)
    let rest = try await SearchIndexer(cache: fixture.cache).run()
    #expect(rest == SearchIndexer.Progress(indexed: 300, total: 300))
    #expect(try Self.search(fixture.cache, "needle") == 50)
    #expect(try Self.indexedRows(fixture.path) == 500, "nothing indexed twice")
  }

  /// The indexer reads its next batch while the one before it, still queued, is written: that read
  /// takes the rows below the batch (a range of the queue's ids, walked newest first with no sort), and
  /// the run goes back to the queue's top for what a writer queued meanwhile.
  @Test func theNextBatchIsReadBelowTheOneBeingWritten() async throws {
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", Self.feed(300))], indexed: false)
    let plan = try await DatabaseQueue(path: fixture.path).read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + FindingSchema.queuedSQL, arguments: [1_000, 100]).map { $0["detail"] as String }
    }
    #expect(plan.contains { $0.hasPrefix("SEARCH p USING INTEGER PRIMARY KEY (rowid<?)") }, "\(plan)")
    #expect(plan.contains { $0.hasPrefix("SEARCH i USING INTEGER PRIMARY KEY (rowid=?)") }, "\(plan)")
    #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.hasPrefix("SCAN") }, "\(plan)")
    let (first, second) = try await DatabaseQueue(path: fixture.path).read { db in
      let first = try FindingSchema.queued(limit: 100, maxBytes: .max, db).map(\.id)
      return (first, try FindingSchema.queued(limit: 100, maxBytes: .max, below: first.min(), db).map(\.id))
    }
    #expect(first.count == 100 && second.count == 100 && Set(first).isDisjoint(with: second))
    #expect(second.max()! < first.min()!)

    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.batchSizes = 100...100
    let late = Self.feed(40, word: "late")
    let done = try await indexer.run { progress in
      if progress.indexed == 100 {
        _ = try? fixture.cache.addFeeds(urls: ["https://x.example/late"]).first.map {
          try fixture.cache.storeNow(late, feedID: $0.id, validators: Validators())
        }
      }
    }
    #expect(done.indexed == 340)
    #expect(try fixture.cache.searchBacklog() == 0)
    #expect(try Self.indexedRows(fixture.path) == 340, "each article indexed once")
    #expect(try Self.search(fixture.cache, "late") == 4)
  }

  /// `kill -9` mid-batch: the batch's transaction never commits (here its connection is closed with
  /// the batch written but not committed), so the index and the queue are both as before it.
  @Test func aBatchKilledBeforeItsCommitLosesNothingAndIndexesNothingTwice() async throws {
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", Self.feed(250))], indexed: false)
    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.batchSizes = 100...100
    let first = Task { try await indexer.run { _ in withUnsafeCurrentTask { $0?.cancel() } } }
    #expect(try await first.value.indexed == 100)

    var configuration = Configuration()
    configuration.prepareDatabase { db in CacheFunctions.register(in: db) }
    configuration.allowsUnsafeTransactions = true  // a transaction left open, as a killed process leaves it
    let killed = try DatabaseQueue(path: fixture.path, configuration: configuration)
    try killed.inDatabase { db in
      let queued = try FindingSchema.queued(limit: 100, maxBytes: .max, db)
      try db.execute(sql: "BEGIN IMMEDIATE")
      #expect(try FindingSchema.index(queued.map { ($0, FindingSchema.body(of: $0)) }, db) == 100)
    }
    try killed.close()  // the connection goes with its transaction open: SQLite rolls it back

    #expect(try fixture.cache.searchBacklog() == 150)
    #expect(try Self.indexedRows(fixture.path) == 100)
    try await SearchIndexer(cache: fixture.cache).run()
    #expect(try fixture.cache.searchBacklog() == 0)
    #expect(try Self.indexedRows(fixture.path) == 250, "each article indexed once")
    #expect(try Self.search(fixture.cache, "needle") == 25)
  }

  /// Issue 33, item 3: a batch is bounded by the HTML it indexes, not only by its count, and its text is
  /// made before its write: a 1.2 MB article is a batch of its own (before, the first batch of 200 took
  /// it with 199 others and converted all of them inside the write), and what it is indexed by is what
  /// `splitfeed_plain_text` makes, so a later update takes it out exactly. An article changed between
  /// the batch's read and its write stays queued, and is indexed as it is now.
  @Test func aBatchIsBoundedByItsHTMLAndConvertsOutsideItsWrite() async throws {
    let huge = String(repeating: "<p>boulder <b>scree</b> talus</p>\n", count: 36_000)  // ~1.2 MB
    var feed = Self.feed(300)
    feed.items.append(Item(title: "The big one", id: "big", published: Date(timeIntervalSince1970: 1_800_000_000), content: huge))
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", feed)], indexed: false)
    let writes = Mutex<[Int]>([])
    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.batchSizes = 200...200
    indexer.batchBytes = 256 << 10
    let done = try await indexer.run(wrote: { write in
      if case .batch(let articles, _, _) = write { writes.withLock { $0.append(articles) } }
    })
    #expect(done.indexed == 301)
    #expect(writes.withLock { $0 } == [1, 200, 100], "the huge article alone, then batches by count")
    #expect(try Self.search(fixture.cache, "scree") == 1)
    #expect(try Self.search(fixture.cache, "needle") == 30)
    #expect(try Self.indexedRows(fixture.path) == 301)
    // Taken out by the trigger's own conversion when it changes: the old words leave the index.
    let big = try #require(try fixture.cache.items(in: ItemScope(.all, search: try SearchQuery(parsing: "scree"))).first)
    try await fixture.cache.asyncWrite { db in
      try db.execute(sql: "UPDATE items SET content = '<p>pebble</p>' WHERE id = ?", arguments: [big.id])
    }
    try await indexer.run()
    #expect(try Self.search(fixture.cache, "scree") == 0)
    #expect(try Self.search(fixture.cache, "pebble") == 1)
    #expect(try Self.indexedRows(fixture.path) == 301)

    // Changed between the read and the write: left queued, then indexed as it is now.
    let queued = try await fixture.cache.asyncWrite { db in
      try db.execute(sql: "UPDATE items SET content = '<p>gravel</p>' WHERE id = ?", arguments: [big.id])
      return try FindingSchema.queued(limit: 10, maxBytes: .max, db)
    }
    try await fixture.cache.asyncWrite { db in
      try db.execute(sql: "UPDATE items SET content = '<p>cobble</p>' WHERE id = ?", arguments: [big.id])
    }
    let stale = try await fixture.cache.asyncWrite { db in
      try FindingSchema.index(queued.map { ($0, FindingSchema.body(of: $0)) }, db)
    }
    #expect(stale == 0)
    #expect(try fixture.cache.searchBacklog() == 1)
    try await indexer.run()
    #expect(try Self.search(fixture.cache, "cobble") == 1)
    #expect(try Self.search(fixture.cache, "gravel") == 0)
  }

  /// Pruning and deletes keep the queue and the index right, queued or indexed: a deleted article
  /// leaves both, and its terms do not linger.
  @Test func pruningAndDeletesKeepTheQueueAndTheIndexRight() async throws {
    let fixture = try CacheFixture(
      "splitfeed-indexer",
      stored: [("https://x.example/feed", Self.feed(100)), ("https://y.example/feed", Self.feed(100, word: "straw"))],
      indexed: false)
    let (cache, news, other) = (fixture.cache, fixture.feedIDs[0], fixture.feedIDs[1])
    var indexer = SearchIndexer(cache: cache)
    indexer.batchSizes = 100...100
    let half = Task { try await indexer.run { _ in withUnsafeCurrentTask { $0?.cancel() } } }
    #expect(try await half.value.indexed == 100, "the newest 100 (the second feed's) indexed, the first's queued")
    // Every article read, then pruned down to 10 per feed: queued ones leave the queue, indexed ones the index.
    try cache.markFeedRead(news)
    try cache.markFeedRead(other)
    #expect(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 10)) == 180)
    #expect(try cache.searchBacklog() == 10)
    #expect(try Self.indexedRows(fixture.path) == 10)
    try cache.removeFeed(id: other)
    #expect(try Self.indexedRows(fixture.path) == 0)
    #expect(try Self.search(cache, "straw") == 0)
    try await SearchIndexer(cache: cache).run()
    #expect(try Self.indexedRows(fixture.path) == 10)
    #expect(try Self.search(cache, "needle") == 1, "only article 90 of the kept 90…99 has the word")
    #expect(try Self.search(cache, "hay") == 9)
  }

  /// The index's merge settings: v15 leaves merging to the indexer (`automerge` 0) at v10's fan-in
  /// (`usermerge` 16), with v14's `crisismerge` as the backstop.
  @Test func theIndexLeavesMergingToTheIndexer() throws {
    let fixture = try CacheFixture("splitfeed-indexer")
    let config = try DatabaseQueue(path: fixture.path).read { db in
      try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT k, v FROM items_fts_config").map {
        ($0["k"] as String, $0["v"] as Int)
      })
    }
    #expect(config["automerge"] == 0)
    #expect(config["usermerge"] == 16)
    #expect(config["crisismerge"] == 64)
  }

  /// How many FTS5 segments the index has (each has its rows in `items_fts_idx`).
  static func segments(_ path: String) throws -> Int {
    try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT count(DISTINCT segid) FROM items_fts_idx") ?? 0
    }
  }

  /// The write lock's bound (docs/DECISIONS.md, "Indexing under the lock's bound"): a batch writes only
  /// its own segment, not merges; a merge step writes a bounded number of pages and leaves the rest of
  /// the merge to the next step; the indexer's steps go on until no level has 16 segments, and the index
  /// finds what it found before.
  @Test func theIndexerMergesInBoundedStepsOfTheirOwn() async throws {
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", Self.feed(1_600))], indexed: false)
    for _ in 0..<32 {
      let batch = try #require(try await fixture.cache.preparedIndexBatch(limit: 50, maxBytes: 1 << 20, in: .shared))
      #expect(try await fixture.cache.index(batch).indexed == 50)
    }
    #expect(try Self.segments(fixture.path) == 32, "one segment per batch, none merged inside a batch")

    #expect(try await fixture.cache.asyncWrite { db in try FindingSchema.mergeStep(pages: 1, db) })
    #expect(try Self.segments(fixture.path) == 33, "one page of 16 segments' merge: the inputs stay, the output begun")

    let writes = Mutex<[SearchIndexer.Write]>([])
    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.mergePages = 1...1
    try await indexer.run(wrote: { write in writes.withLock { $0.append(write) } })
    let steps = writes.withLock { $0 }
    #expect(steps.count > 2, "the merges split over several transactions")
    #expect(steps.allSatisfy { if case .merge(pages: 1, _, _) = $0 { true } else { false } })
    #expect(try Self.segments(fixture.path) < 16)
    #expect(try await fixture.cache.asyncWrite { db in try FindingSchema.mergeStep(pages: 1, db) } == false)
    #expect(try Self.search(fixture.cache, "needle") == 160)
    #expect(try Self.indexedRows(fixture.path) == 1_600)
  }

  /// A cache indexed with another text version is emptied and queued on open, not indexed there.
  @Test func aStaleIndexIsQueuedOnOpenNotRebuiltThere() async throws {
    let fixture = try CacheFixture("splitfeed-indexer", stored: [("https://x.example/feed", Self.feed(40))])
    try await DatabaseQueue(path: fixture.path).write { db in try db.execute(sql: "PRAGMA user_version = 0") }
    let reopened = try Cache(path: fixture.path)
    #expect(try reopened.searchBacklog() == 40)
    #expect(try Self.indexedRows(fixture.path) == 0)
    try await SearchIndexer(cache: reopened).run()
    #expect(try Self.indexedRows(fixture.path) == 40)
    #expect(try Self.search(reopened, "needle") == 4)
  }

  /// The write knows an article changed since its read by the queue row's stamp (v20), not by comparing
  /// its HTML again: an article queued before stamps existed (or by its insert, without one) and edited
  /// after the batch's read stays queued, and is indexed later with its new text only.
  @Test func anArticleEditedAfterTheReadStaysQueuedThoughItWasQueuedWithoutAStamp() async throws {
    let dir = try TemporaryDirectory("splitfeed-indexer")
    let path = dir.path("old.db")
    let queue = try DatabaseQueue(path: path)
    queue.inDatabase { CacheFunctions.register(in: $0) }
    try CacheSchema.migrator.migrate(queue, upTo: "v19-counted-inserts")
    try await queue.write { db in
      try db.execute(sql: "INSERT INTO feeds (url) VALUES ('https://old.example/')")
      for (key, word) in [("a", "granite"), ("b", "basalt")] {
        try db.execute(
          sql: "INSERT INTO items (feed_id, key, title, content, first_seen, sort_date) VALUES (1, ?, 'Rock', ?, 0, 0)",
          arguments: [key, "<p>\(word)</p>"])
        try db.execute(sql: "INSERT INTO fts_pending (id) VALUES (?)", arguments: [db.lastInsertedRowID])
      }
    }
    try queue.close()
    let cache = try Cache(path: path)
    let read = try cache.read { db in try FindingSchema.queued(limit: 10, maxBytes: .max, db) }
    #expect(read.count == 2 && read.allSatisfy { $0.stamp == nil })
    try await cache.asyncWrite { db in try db.execute(sql: "UPDATE items SET content = '<p>obsidian</p>' WHERE key = 'b'") }
    let indexed = try await cache.asyncWrite { db in try FindingSchema.index(read.map { ($0, FindingSchema.body(of: $0)) }, db) }
    #expect(indexed == 1, "the edited article stays queued")
    #expect(try cache.searchBacklog() == 1)
    try await SearchIndexer(cache: cache).run()
    #expect(try Self.search(cache, "granite") == 1)
    #expect(try Self.search(cache, "obsidian") == 1)
    #expect(try Self.search(cache, "basalt") == 0)
    #expect(try Self.indexedRows(path) == 2)
  }
}
