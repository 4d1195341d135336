import Foundation
import Synchronization
import GRDB
import TestSupport
import Testing

@testable import Reader

@Suite("Cache")
struct CacheTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var feedID: Int64 { fixture.feedIDs[0] }

  init() throws {
    fixture = try CacheFixture("splitfeed-cache", file: "data/splitfeed/cache.db", feeds: ["https://example.com/feed.xml"])
  }

  static func item(_ n: Int, id: String? = nil, link: String? = nil, date: Double? = nil) -> Item {
    Item(
      title: "Item \(n)", link: link, id: id, published: date.map(Date.init(timeIntervalSince1970:)),
      summary: "<p>summary \(n)</p>")
  }

  static func mode(_ path: String) throws -> Int {
    try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  /// The cache holds the sync login's token: the file, its WAL and shared memory, its lock and the
  /// folders made for it are private whatever the umask (0644 and 0755 under the usual 022 before), and
  /// an existing cache's looser files are tightened on open (issue 33, item 11).
  @Test func theCacheAndItsFoldersArePrivate() throws {
    try cache.storeNow(Feed(title: "T", items: [Self.item(1, id: "a")]), feedID: feedID, validators: Validators())
    for file in ["", "-wal", "-shm", ".lock"] {
      #expect(try Self.mode(cache.path + file) == 0o600, "cache.db\(file)")
    }
    #expect(try Self.mode(dir.path("data")) == 0o700)
    #expect(try Self.mode(dir.path("data/splitfeed")) == 0o700)
    for file in ["", "-wal", "-shm", ".lock"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cache.path + file)
    }
    _ = try Cache(path: cache.path)
    for file in ["", "-wal", "-shm", ".lock"] {
      #expect(try Self.mode(cache.path + file) == 0o600, "cache.db\(file) tightened on open")
    }
  }

  /// the feeds a web page advertised stay with the feed until a fetch succeeds (or fails
  /// otherwise), and a failure touches no item.
  @Test func offeredFeedsAreKeptUntilTheNextOutcome() async throws {
    try cache.storeNow(Feed(title: "T", items: [Self.item(1, id: "a")]), feedID: feedID, validators: Validators())
    let links = ["https://example.com/rss", "https://example.com/atom"]
    try await cache.recordFailure(feedID: feedID, error: "page", offeredFeeds: links)
    var feed = try #require(try cache.feed(id: feedID))
    #expect(feed.offeredFeeds == links)
    #expect(feed.lastError == "page")
    #expect(feed.totalCount == 1)
    #expect(try Cache(path: cache.path).feed(id: feedID)?.offeredFeeds == links, "survives a reopen")
    try await cache.recordFailure(feedID: feedID, error: "404")
    #expect(try cache.feed(id: feedID)?.offeredFeeds == [])
    try await cache.recordFailure(feedID: feedID, error: "page", offeredFeeds: links)
    try cache.storeNow(Feed(title: "T", items: [Self.item(1, id: "a")]), feedID: feedID, validators: Validators())
    feed = try #require(try cache.feed(id: feedID))
    #expect(feed.offeredFeeds == [])
    #expect(feed.lastError == nil)
  }

  @Test("8 first opens of one new cache at once all succeed (the migrations run once, under a lock)")
  func concurrentFirstOpens() throws {
    let temporary = try TemporaryDirectory("cache-race")
    let folder = temporary.url.appendingPathComponent("race")  // made by the racing opens themselves
    for round in 0..<5 {
      let path = folder.appendingPathComponent("cache-\(round).db").path
      let failures = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        do { _ = try Cache(path: path) } catch { failures.withLock { $0.append("\(error)") } }
      }
      #expect(failures.withLock { $0 } == [], "round \(round)")
    }
  }

  @Test func freshFileIsMigratedInWALModeAndReopens() throws {
    #expect(try cache.feeds().map(\.url) == ["https://example.com/feed.xml"])
    let mode = try DatabaseQueue(path: cache.path).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
    let reopened = try Cache(path: cache.path)
    #expect(try reopened.feeds().count == 1)
  }

  @Test(arguments: [
    (Item(title: "A", link: "https://x/1", id: "guid-1"), "g:guid-1"),
    (Item(title: "A", link: "https://x/1", id: ""), "l:https://x/1"),
    (Item(title: "A", publishedText: "Mon, 01 Jan 2024"), "t:A\u{1F}Mon, 01 Jan 2024"),
    (Item(title: "A"), "t:A\u{1F}"),
  ])
  func identityIsGuidElseLinkElseTitleAndDate(item: Item, key: String) {
    #expect(ItemKey.of(item) == key)
  }

  @Test func upsertKeepsIdentityReadFlagAndFirstSeen() throws {
    let first = Feed(
      title: "Example", link: "https://example.com/",
      items: [
        Self.item(1, id: "a", date: 300), Self.item(2, link: "https://example.com/2", date: 200),
        Self.item(3, date: 100),
      ])
    let summary = try cache.storeNow(first, feedID: feedID, validators: Validators(etag: "\"v1\""), at: Date(timeIntervalSince1970: 1000))
    #expect(summary == StoreSummary(newItems: 3, itemsInDocument: 3))
    var rows = try cache.items(feedID: feedID)
    #expect(rows.map(\.title) == ["Item 1", "Item 2", "Item 3"])
    try cache.setRead(true, itemIDs: [rows[0].id, rows[2].id])

    // Same items again, one retitled (same guid), one dropped from the document, one new.
    var second = first
    second.items = [
      Item(title: "Item 1 (edited)", id: "a", published: Date(timeIntervalSince1970: 300)),
      Self.item(3, date: 100), Self.item(4, id: "d", date: 400),
    ]
    let again = try cache.storeNow(second, feedID: feedID, validators: Validators(), at: Date(timeIntervalSince1970: 2000))
    #expect(again == StoreSummary(newItems: 1, itemsInDocument: 3))
    rows = try cache.items(feedID: feedID)
    #expect(rows.map(\.title) == ["Item 4", "Item 1 (edited)", "Item 2", "Item 3"])
    #expect(rows.map(\.isRead) == [false, true, false, true])
    let edited = try #require(try cache.article(id: rows[1].id))
    #expect(edited.firstSeen == Date(timeIntervalSince1970: 1000))
    #expect(edited.item.summary == nil)
    let feed = try #require(try cache.feed(id: feedID))
    #expect(feed.title == "Example")
    #expect(feed.unreadCount == 2 && feed.totalCount == 4)
    #expect(feed.lastFetch == Date(timeIntervalSince1970: 2000))
  }

  @Test func articleRoundTripsEveryField() throws {
    let item = Item(
      title: "Full", link: "https://example.com/full", id: "full", author: "Ann",
      published: Date(timeIntervalSince1970: 1_400_000_000), publishedText: "Tue, 13 May 2014",
      updated: Date(timeIntervalSince1970: 1_400_000_500), updatedText: "later", summary: "<p>s</p>",
      content: "<p>c</p>", enclosures: [Enclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 42)],
      categories: ["swift", "ios 8"])
    try cache.storeNow(Feed(title: "T", items: [item]), feedID: feedID, validators: Validators())
    let id = try #require(try cache.items(feedID: feedID).first?.id)
    try cache.setFullContent("<article>page</article>", itemID: id)
    let article = try #require(try cache.article(id: id))
    #expect(article.item == item)
    #expect(article.fullContent == "<article>page</article>")
  }

  /// The reload path binds strings through the C API and writes the list columns' JSON by hand: empty
  /// strings stay empty (not NULL), and quotes, backslashes, control characters and non-ASCII text
  /// survive the round trip.
  @Test func awkwardTextRoundTrips() throws {
    let item = Item(
      title: "", link: "https://example.com/q?a=\"b\"", id: "tab\there", author: "Zoë \\ \"O'Brien\"",
      summary: "", content: "nul? no; bell \u{7} 🚀 東京",
      enclosures: [
        Enclosure(url: "https://example.com/\"x\".mp3", duration: 61), Enclosure(url: "u", type: "a/b\n", length: 0),
      ],
      categories: ["", "quote \" back \\ slash", "line\nbreak\u{1}", "Économie 🚀"])
    try cache.storeNow(Feed(title: "T", items: [item]), feedID: feedID, validators: Validators())
    let id = try #require(try cache.items(feedID: feedID).first?.id)
    #expect(try cache.article(id: id)?.item == item)
  }

  @Test func textAfterANulIsKept() throws {
    // Text columns are read back as C strings: the content used to end at its NUL.
    let item = Item(title: "t", id: "nul", author: "a\u{0}b", content: "<p>before \u{0} after</p><p>more</p>")
    try cache.storeNow(Feed(title: "T", items: [item]), feedID: feedID, validators: Validators())
    let id = try #require(try cache.items(feedID: feedID).first?.id)
    let stored = try #require(try cache.article(id: id)?.item)
    #expect(stored.content == "<p>before \u{FFFD} after</p><p>more</p>")
    #expect(stored.author == "a\u{FFFD}b")
  }

  @Test func newCacheUsesLargePages() throws {
    let size = try DatabaseQueue(path: cache.path).read { try Int.fetchOne($0, sql: "PRAGMA page_size") }
    #expect(size == CacheSchema.pageSize)
  }

  @Test func undatedItemsKeepDocumentOrderAndTheirPlace() throws {
    let feed = Feed(items: (1...3).map { Self.item($0, id: "u\($0)") })
    try cache.storeNow(feed, feedID: feedID, validators: Validators(), at: Date(timeIntervalSince1970: 1000))
    try cache.storeNow(feed, feedID: feedID, validators: Validators(), at: Date(timeIntervalSince1970: 9000))
    #expect(try cache.items(feedID: feedID).map(\.title) == ["Item 1", "Item 2", "Item 3"])
    #expect(try cache.items(feedID: feedID, limit: 1, offset: 1).map(\.title) == ["Item 2"])
  }

  @Test func recentsAreDedupedLimitedAndNewestFirst() throws {
    let feed = Feed(items: (1...25).map { Self.item($0, id: "r\($0)", date: Double($0)) })
    try cache.storeNow(feed, feedID: feedID, validators: Validators())
    let ids = try cache.items(feedID: feedID).map(\.id)  // newest first: Item 25 … Item 1
    for (n, id) in ids.reversed().enumerated() {
      try cache.recordOpened(itemID: id, at: Date(timeIntervalSince1970: Double(n)))
    }
    try cache.recordOpened(itemID: ids[24], at: Date(timeIntervalSince1970: 100))  // Item 1 again
    let recents = try cache.recents()
    #expect(recents.count == Cache.recentLimit)
    #expect(recents.first?.title == "Item 1")
    #expect(recents.dropFirst().map(\.title) == (7...25).reversed().map { "Item \($0)" })
    #expect(recents.allSatisfy { $0.isRead })
  }

  @Test func pagingOnFromARowGivesTheSameRowsAsOffsetsAlsoThroughTiedDates() throws {
    // 50 items; dates tie in runs of 7 (and a few undated), so the order falls back on the id.
    let feed = Feed(items: (0..<50).map { n in Self.item(n, id: "p\(n)", date: n % 9 == 0 ? nil : Double(n / 7)) })
    try cache.storeNow(feed, feedID: feedID, validators: Validators())
    let all = try cache.items(feedID: feedID)
    #expect(all.count == 50)
    var paged: [ItemSummary] = try cache.items(feedID: feedID, limit: 8, offset: 0)
    while let last = paged.last, paged.count < 50 {
      let next = try cache.items(feedID: feedID, limit: 8, after: last.id)
      if next.isEmpty { break }
      paged += next
    }
    #expect(paged.map(\.id) == all.map(\.id))
  }

  @Test func aLateWriteOfAnOlderOpeningDoesNotMoveAnArticleDown() throws {
    let feed = Feed(items: (1...2).map { Self.item($0, id: "o\($0)", date: Double($0)) })
    try cache.storeNow(feed, feedID: feedID, validators: Validators())
    let ids = try cache.items(feedID: feedID).map(\.id)  // Item 2, Item 1
    // Opened: Item 1 at 1, Item 2 at 2, Item 1 again at 3 — but the writes land 3, 2, 1.
    try cache.recordOpened(itemID: ids[1], at: Date(timeIntervalSince1970: 3))
    try cache.recordOpened(itemID: ids[0], at: Date(timeIntervalSince1970: 2))
    try cache.recordOpened(itemID: ids[1], at: Date(timeIntervalSince1970: 1))
    #expect(try cache.recents().map(\.title) == ["Item 1", "Item 2"])
  }

  @Test func tenThousandItemsInOneTransaction() throws {
    let items = (0..<10_000).map {
      Item(
        title: "Article number \($0)", link: "https://example.com/\($0)", id: "id-\($0)",
        published: Date(timeIntervalSince1970: Double(1_600_000_000 + $0)),
        content: String(repeating: "<p>Lorem ipsum dolor sit amet.</p>", count: 20))
    }
    let start = Date()
    let summary = try cache.storeNow(Feed(title: "Big", items: items), feedID: feedID, validators: Validators())
    let elapsed = Date().timeIntervalSince(start)
    let readStart = Date()
    let rows = try cache.items(feedID: feedID)
    print("cache: wrote 10,000 items in \(Int(elapsed * 1000)) ms; listed them in \(Int(Date().timeIntervalSince(readStart) * 1000)) ms")
    #expect(summary.newItems == 10_000)
    #expect(rows.count == 10_000)
    #expect(rows.first?.title == "Article number 9999")
  }

  @Test func aSecondWriterGetsAClearLockedError() throws {
    let other = try DatabaseQueue(path: cache.path)
    let second = try Cache(path: cache.path, busyTimeout: 0.2)
    try other.inTransaction(.immediate) { (_: Database) throws -> Database.TransactionCompletion in
      #expect(throws: CacheError.locked(path: cache.path, seconds: 0.2)) {
        try second.setTags([feedID: ["locked"]])
      }
      // Readers are not blocked by the writer (WAL).
      #expect(try second.feeds().count == 1)
      return .rollback
    }
  }

  @Test func readOnlyFileIsReportedNotCrashed() throws {
    guard getuid() != 0 else {
      // root writes through permissions; a read-only open still must refuse writes.
      let readOnly = try Cache(path: cache.path, readOnly: true)
      #expect(try readOnly.feeds().count == 1)
      #expect(throws: CacheError.readOnly(path: cache.path)) { try readOnly.setTags([feedID: ["read-only"]]) }
      return
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cache.path)
    #expect(throws: CacheError.readOnly(path: cache.path)) { try Cache(path: cache.path) }
  }

  @Test func garbageFileIsReportedAsNotACache() throws {
    let path = dir.path("garbage.db")
    try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
    #expect(throws: CacheError.corrupt(path: path)) { try Cache(path: path) }
  }

  @Test func unwritableFolderIsReported() throws {
    #expect(throws: CacheError.self) { try Cache(path: "/proc/splitfeed/cache.db") }
    do {
      _ = try Cache(path: "/proc/splitfeed/cache.db")
    } catch {
      #expect(error.description.contains("/proc/splitfeed/cache.db"))
    }
  }
}
