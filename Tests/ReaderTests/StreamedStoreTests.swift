import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// The streamed reload of a large feed (`Reloader.parseAndStoreStreaming`): the parser hands items to
/// the cache writer while it runs. It must store exactly what the whole-document path stores, and store
/// nothing when the parse fails.
@Suite("Streamed parse and store")
struct StreamedStoreTests {
  /// Parses `data` both ways; returns the whole parse and the streamed items (with the inherited author
  /// applied as the cache writer applies it) plus how many restarts the stream saw.
  static func bothWays(_ data: Data, url: URL) throws -> (whole: FeedParser.Result, streamed: [Item], restarts: Int, result: FeedParser.Result) {
    let whole = try FeedParser.parse(data: data, url: url)
    var items: [Item] = []
    var restarts = 0
    let streamed = try FeedParser.parse(
      data: data, url: url,
      streamingItemsTo: .init(item: { items.append($0) }, restart: { restarts += 1; items = [] }))
    if let author = streamed.inheritedAuthor {
      for i in items.indices where items[i].author == nil { items[i].author = author }
    }
    return (whole, items, restarts, streamed)
  }

  static var fixtureFiles: [URL] {
    let fm = FileManager.default
    var files = (try? fm.contentsOfDirectory(at: Fixture.directory, includingPropertiesForKeys: nil)) ?? []
    if Fixture.hasRealWorld {
      files += (try? fm.contentsOfDirectory(at: Fixture.realWorldDirectory, includingPropertiesForKeys: nil)) ?? []
    }
    return files.filter { ["xml", "json", "rss", "atom", "rdf"].contains($0.pathExtension) }
      .sorted { $0.path < $1.path }
  }

  @Test func streamedParseGivesTheSameItemsAsTheWholeParseForEveryFixture() throws {
    var compared = 0
    for file in Self.fixtureFiles {
      let data = try Data(contentsOf: file)
      let whole: FeedParser.Result
      do { whole = try FeedParser.parse(data: data, url: file) } catch {
        // The streamed parse fails the same way.
        #expect(throws: (any Error).self, "\(file.lastPathComponent)") {
          try FeedParser.parse(data: data, url: file, streamingItemsTo: .init(item: { _ in }, restart: {}))
        }
        continue
      }
      let (_, streamed, _, result) = try Self.bothWays(data, url: file)
      #expect(streamed == whole.feed.items, "\(file.lastPathComponent)")
      #expect(result.itemCount == whole.feed.items.count, "\(file.lastPathComponent)")
      #expect(result.feed.items.isEmpty)
      #expect(result.warnings == whole.warnings, "\(file.lastPathComponent)")
      #expect(result.feed.title == whole.feed.title)
      compared += 1
    }
    #expect(compared >= 20)
  }

  /// The reload streams bodies as bytes (`itemWithBodies`) for the cache to store as they are: decoded,
  /// they must be the whole parse's summary and content, for every fixture.
  @Test func bodiesStreamedAsBytesAreTheWholeParsesBodies() throws {
    var compared = 0
    var withBytes = 0
    for file in Self.fixtureFiles {
      let data = try Data(contentsOf: file)
      guard let whole = try? FeedParser.parse(data: data, url: file) else { continue }
      var items: [Item] = []
      let streamed = try FeedParser.parse(
        data: data, url: file,
        streamingItemsTo: .init(
          item: { items.append($0) }, restart: { items = [] },
          itemWithBodies: { item, bodies in
            var item = item
            #expect(item.summary == nil && item.content == nil)
            if bodies.summary != nil || bodies.content != nil { withBytes += 1 }
            item.summary = bodies.summary.map { String(decoding: $0, as: UTF8.self) }
            item.content = bodies.content.map { String(decoding: $0, as: UTF8.self) }
            items.append(item)
          }))
      if let author = streamed.inheritedAuthor {
        for i in items.indices where items[i].author == nil { items[i].author = author }
      }
      #expect(items == whole.feed.items, "\(file.lastPathComponent)")
      compared += 1
    }
    #expect(compared >= 20)
    #expect(withBytes > 50)
  }

  /// A body handed over as bytes is stored as the `String` path stores it, a NUL included (as U+FFFD).
  @Test func bodiesAsBytesAreStoredAsStringsAre() throws {
    let dir = try TemporaryDirectory("splitfeed-streamed")
    let cache = try Cache(path: dir.path("cache.db"))
    let feedID = try #require(try cache.addFeeds(urls: ["https://example.com/feed"]).first?.id)
    let bodies = FeedParser.ItemBodies(summary: Array("Zürich \u{0}x".utf8), content: Array("<p>東京</p>".utf8))
    try cache.write { db in
      let upsert = try ItemUpsert(db)
      try upsert.run(feedID: feedID, key: "g:a", item: Item(title: "A", id: "a"), bodies: bodies, index: 0, now: 1)
      try upsert.finish()
    }
    let row = try #require(try Self.rows(dir.path("cache.db")).first)
    #expect(row["summary"] as String? == "Zürich \u{FFFD}x")
    #expect(row["content"] as String? == "<p>東京</p>")
  }

  @Test func aWrongDeclaredEncodingRestartsTheStreamOnce() throws {
    let file = Fixture.url("wrong-encoding.xml")
    let (whole, streamed, restarts, _) = try Self.bothWays(try Data(contentsOf: file), url: file)
    #expect(restarts == 1)
    #expect(streamed == whole.feed.items)
    #expect(streamed.first?.title == "Naïve – dash")
  }

  /// An Atom feed over the streaming threshold: a feed-level author inherited by every third entry,
  /// every fifth entry undated.
  static func largeAtom(entries: Int) -> Data {
    var xml = """
      <?xml version="1.0" encoding="utf-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom"><title>Large feed</title><author><name>Feed Author</name></author>
      <link href="https://example.com/"/>

      """
    let filler = String(repeating: "All work and no play makes a large feed. ", count: 80)  // 1,500 entries: over 4 MiB
    for n in 0..<entries {
      xml += "<entry><title>Entry \(n)</title><id>urn:entry:\(n)</id><link href=\"/posts/\(n)\"/>"
      if n % 3 != 0 { xml += "<author><name>Writer \(n % 7)</name></author>" }
      if n % 5 != 0 { xml += "<updated>2026-01-\(String(format: "%02d", n % 28 + 1))T10:00:00Z</updated>" }
      xml += "<content type=\"html\">&lt;p&gt;\(n) \(filler)&lt;/p&gt;</content></entry>\n"
    }
    return Data((xml + "</feed>\n").utf8)
  }

  static func rows(_ path: String) throws -> [Row] {
    try DatabaseQueue(path: path).read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT key, guid, title, link, author, published, updated, summary, content, enclosures, categories,
            read FROM items ORDER BY id
          """)
    }
  }

  /// A large feed (streamed) and a small one (parsed whole), both with their bodies handed to the cache
  /// as bytes, are stored as `storeNow` stores the whole parse's `String`s.
  @Test(arguments: [1500, 50])
  func aFeedIsStoredExactlyAsTheWholeDocumentPathStoresIt(entries: Int) async throws {
    let dir = try TemporaryDirectory("splitfeed-streamed")
    let data = Self.largeAtom(entries: entries)
    #expect((data.count >= Reloader.streamingThreshold) == (entries == 1500))
    let file = dir.path("large.xml")
    try data.write(to: URL(fileURLWithPath: file))

    let streamedCache = try Cache(path: dir.path("streamed.db"))
    let feeds = try streamedCache.addFeeds(urls: [file])
    let results = await Reloader(cache: streamedCache).reload(feeds)
    #expect(results.map(\.error) == [nil])
    guard case .updated(let summary, let warnings) = results.first?.outcome else {
      Issue.record("not updated: \(results)")
      return
    }
    #expect(summary == StoreSummary(newItems: entries, itemsInDocument: entries))
    #expect(warnings.isEmpty)

    let wholeCache = try Cache(path: dir.path("whole.db"))
    let wholeID = try #require(try wholeCache.addFeeds(urls: [file]).first?.id)
    let parsed = try FeedParser.parse(data: data, url: URL(fileURLWithPath: file))
    try wholeCache.storeNow(parsed.feed, feedID: wholeID, validators: Validators())

    let streamedRows = try Self.rows(dir.path("streamed.db"))
    #expect(streamedRows.count == entries)
    #expect(streamedRows == (try Self.rows(dir.path("whole.db"))))
    #expect(streamedRows[0]["author"] as String? == "Feed Author")  // inherited
    #expect(streamedRows[1]["author"] as String? == "Writer 1")
    #expect(try streamedCache.feeds().first?.title == "Large feed")
    #expect(try streamedCache.feeds().first?.totalCount == entries)
  }

  /// A cache in a new folder holding one large feed file (`largeAtom(entries: 1500)`), reloaded once.
  static func reloadedLargeFeed() async throws -> (TemporaryDirectory, String, Cache, [CachedFeed]) {
    let dir = try TemporaryDirectory("splitfeed-streamed")
    let file = dir.path("large.xml")
    try largeAtom(entries: 1500).write(to: URL(fileURLWithPath: file))
    let cache = try Cache(path: dir.path("cache.db"))
    let feeds = try cache.addFeeds(urls: [file])
    #expect(await Reloader(cache: cache).reload(feeds).map(\.error) == [nil])
    #expect(try cache.searchBacklog() == 1500, "a reload stores and queues; it does not index")
    try await SearchIndexer(cache: cache).run()
    return (dir, file, cache, feeds)
  }

  @Test func aLargeFeedThatFailsToParseStoresNothingAndKeepsWhatWasThere() async throws {
    let (dir, file, cache, feeds) = try await Self.reloadedLargeFeed()
    let firstID = try #require(try cache.items(feedID: feeds[0].id, limit: 1).first?.id)
    try cache.setRead(true, itemIDs: [firstID])
    let before = try Self.rows(dir.path("cache.db"))

    // The same entries, then an entity-expansion bomb in the last one: the parse fails after 1,499
    // items have streamed to the writer, which must roll them back.
    var bomb = String(decoding: Self.largeAtom(entries: 1500), as: UTF8.self)
    let laughs = (1...9).map { n in
      "<!ENTITY lol\(n) \"" + String(repeating: "&lol\(n - 1);", count: 10) + "\">"
    }
    bomb = bomb.replacingOccurrences(
      of: "<feed ", with: "<!DOCTYPE feed [<!ENTITY lol0 \"lol\">" + laughs.joined() + "]>\n<feed ")
    bomb = bomb.replacingOccurrences(of: "<title>Entry 1499</title>", with: "<title>&lol9;</title>")
    try Data(bomb.utf8).write(to: URL(fileURLWithPath: file))
    #expect(throws: FeedError.entityExpansion) { try FeedParser.parse(data: Data(bomb.utf8), url: nil) }
    let failed = await Reloader(cache: cache).reload(try cache.feeds())
    #expect(failed.first?.error != nil)
    #expect(try Self.rows(dir.path("cache.db")) == before)
    #expect(try cache.feeds().first?.lastError == failed.first?.error)
    #expect(try cache.feeds().first?.unreadCount == 1499)
  }

  @Test func aLargeTruncatedFeedKeepsTheItemsItRecoveredLikeTheWholeParse() async throws {
    let dir = try TemporaryDirectory("splitfeed-streamed")
    var data = Self.largeAtom(entries: 1500)
    data = data.prefix(data.count * 2 / 3)  // cut mid-entry: recovered with a warning
    let file = dir.path("large.xml")
    try data.write(to: URL(fileURLWithPath: file))
    let whole = try FeedParser.parse(data: data, url: URL(fileURLWithPath: file))
    #expect(!whole.warnings.isEmpty)

    let cache = try Cache(path: dir.path("cache.db"))
    let results = await Reloader(cache: cache).reload(try cache.addFeeds(urls: [file]))
    guard case .updated(let summary, let warnings) = results.first?.outcome else {
      Issue.record("not updated: \(results)")
      return
    }
    #expect(summary.itemsInDocument == whole.feed.items.count)
    #expect(warnings == whole.warnings)
    #expect(try cache.feeds().first?.totalCount == whole.feed.items.count)
  }

  /// Search terms as FTS5 sees them, whatever the articles: a stale term of a changed article would be
  /// counted here even where the article list hides it.
  static func indexed(_ term: String, in path: String) throws -> Int {
    try DatabaseQueue(path: path).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM items_fts WHERE items_fts MATCH ?", arguments: [term]) ?? -1
    }
  }

  @Test func aStreamedReloadIndexesItsArticlesForSearchAndReindexesChangedOnes() async throws {
    let (dir, file, cache, feeds) = try await Self.reloadedLargeFeed()
    let search = { (text: String) in try cache.count(in: ItemScope(.all, search: try SearchQuery(parsing: text))) }
    #expect(try search("work play") == 1500, "the body's words")
    #expect(try search("title:\"entry 1499\"") == 1)
    #expect(try search("author:\"feed author\"") == 500, "the feed's author, given to entries without one")
    #expect(try search("author:writer") == 1000)
    #expect(try Self.indexed("play", in: dir.path("cache.db")) == 1500)

    // The same entries with new words: each changed article leaves the index and comes back with them.
    let changed = String(decoding: Self.largeAtom(entries: 1500), as: UTF8.self)
      .replacingOccurrences(of: "no play", with: "no rest")
    try Data(changed.utf8).write(to: URL(fileURLWithPath: file))
    #expect(await Reloader(cache: cache).reload(try cache.feeds()).map(\.error) == [nil])
    #expect(try search("play") == 0, "the changed articles left the index")
    #expect(try search("rest") == 0, "and wait for the indexer")
    try await SearchIndexer(cache: cache).run()
    #expect(try search("rest") == 1500)
    #expect(try search("play") == 0)
    #expect(try Self.indexed("play", in: dir.path("cache.db")) == 0, "no stale terms")
    #expect(try Self.indexed("rest", in: dir.path("cache.db")) == 1500)
    #expect(try Self.indexed("\"feed author\"", in: dir.path("cache.db")) == 500)
    let queued = try await DatabaseQueue(path: dir.path("cache.db")).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM fts_pending") }
    #expect(queued == 0)
  }

  /// A reload of an unchanged document writes no article: not even those without an author of their
  /// own, which keep the feed's author instead of losing it and being indexed again.
  @Test func reloadingAnUnchangedFeedWritesNoArticle() async throws {
    let (dir, _, cache, _) = try await Self.reloadedLargeFeed()
    let writes = try DatabaseQueue(path: dir.path("cache.db"))
    try await writes.write { db in
      try db.execute(
        sql: """
          CREATE TABLE test_updates (id INTEGER);
          CREATE TRIGGER test_count_updates AFTER UPDATE ON items BEGIN INSERT INTO test_updates VALUES (new.id); END;
          """)
    }
    #expect(await Reloader(cache: cache).reload(try cache.feeds()).map(\.error) == [nil])
    #expect(try await writes.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM test_updates") } == 0)
    #expect(try Self.indexed("\"feed author\"", in: dir.path("cache.db")) == 500)
    #expect(try Self.rows(dir.path("cache.db"))[0]["author"] as String? == "Feed Author")
  }

  /// A parse that reads its document again (a wrong declared encoding) rolls back what it had stored:
  /// only the second pass's items are kept, and only they are in the search index.
  @Test func aRestartedStreamKeepsOnlyTheItemsAfterTheRestart() async throws {
    let dir = try TemporaryDirectory("splitfeed-streamed")
    let cache = try Cache(path: dir.path("cache.db"))
    let feedID = try #require(try cache.addFeeds(urls: ["https://example.com/feed"]).first?.id)
    let channel = ItemChannel()
    async let stored = cache.store(streamedFrom: channel, feedID: feedID, validators: Validators())
    let first = Item(title: "Garbled first pass", id: "a", content: "<p>mojibake</p>")
    let second = Item(title: "Only in the first pass", id: "b", content: "<p>mojibake</p>")
    for item in [first, second] { channel.stream.item(item) }
    channel.stream.restart()
    let again = Item(title: "Clean second pass", id: "a", content: "<p>readable</p>")
    channel.stream.item(again)
    channel.send(.finished(feed: Feed(title: "Feed", items: []), inheritedAuthor: nil, warnings: []))
    let summary = try await stored
    #expect(summary == StoreSummary(newItems: 1, itemsInDocument: 1))
    #expect(try cache.items(in: ItemScope(.all)).map(\.title) == ["Clean second pass"])
    #expect(try cache.searchBacklog() == 1, "only the second pass's item is queued")
    try cache.indexForSearchNow()
    #expect(try Self.indexed("mojibake", in: dir.path("cache.db")) == 0)
    #expect(try Self.indexed("readable", in: dir.path("cache.db")) == 1)
  }
}
