import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// Search, tags, query feeds, ignore rules, sorting and the search history against a real cache file:
/// the FTS index follows every write, and every list API agrees with every scope.
@Suite("Finding in the cache")
struct FindingCacheTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var news: Int64 { fixture.feedIDs[0] }
  var blog: Int64 { fixture.feedIDs[1] }

  init() throws {
    fixture = try CacheFixture(
      "splitfeed-finding",
      stored: [
        ("https://news.example/feed", Feed(title: "World News", items: [
          Self.item("n1", "Swift 6 released", author: "Alice", day: 1, html: "<p>The <b>compiler</b> got faster &amp; safer.</p>"),
          Self.item("n2", "Terminal reader tips", author: "Bob Müller", day: 2, html: "<p>Use a <em>terminal reader</em> daily.</p>"),
          Self.item("n3", "Café culture", author: nil, day: 3, html: "<p>Coffee in Zürich.</p>"),
        ])),
        ("https://blog.example/feed", Feed(title: "Dev Blog", items: [
          Self.item("b1", "Compiler internals", author: "Alice", day: 4, html: "<p>Parsing <code>swift</code> code.</p>"),
          Self.item("b2", "Reader mode", author: "Carol", day: 5, html: "<p>A reader for the terminal.</p>"),
        ])),
      ])
  }

  static func item(_ id: String, _ title: String, author: String?, day: Double, html: String) -> Item {
    Item(title: title, id: id, author: author, published: Date(timeIntervalSince1970: 1_700_000_000 + day * 86_400), content: html)
  }

  func titles(_ scope: ItemScope) throws -> [String] { try cache.items(in: scope).map(\.title) }
  func search(_ text: String, in source: ItemScope.Source = .all) throws -> [String] {
    try titles(ItemScope(source, search: try SearchQuery(parsing: text)))
  }

  @Test func searchMatchesTitleAuthorAndPlainTextNotMarkup() throws {
    #expect(try search("compiler") == ["Compiler internals", "Swift 6 released"])
    #expect(try search("safer") == ["Swift 6 released"], "words from the HTML body")
    #expect(try search("em") == [], "a tag name is not text")
    #expect(try search("amp") == [], "an entity is decoded, not indexed as its name")
    #expect(try search("müller") == ["Terminal reader tips"], "the author, case ignored")
    #expect(try search("zurich cafe") == ["Café culture"], "diacritics ignored")
    #expect(try search("\"terminal reader\"") == ["Terminal reader tips"], "a phrase keeps word order")
    #expect(try search("reader -tips") == ["Reader mode"])
    #expect(try search("title:reader") == ["Reader mode", "Terminal reader tips"])
    #expect(try search("author:alice") == ["Compiler internals", "Swift 6 released"])
    #expect(try search("feed:blog") == ["Reader mode", "Compiler internals"])
    #expect(try search("-feed:blog compiler") == ["Swift 6 released"])
    #expect(try search("comp") == ["Compiler internals", "Swift 6 released"], "a word matches as a prefix while typing")
    #expect(try search("compiler", in: .feed(blog)) == ["Compiler internals"], "a feed's search stays in the feed")
    #expect(try cache.count(in: ItemScope(.all, search: try SearchQuery(parsing: "reader"))) == 2)
  }

  /// A saved search is a query feed: `search = "…"` in the query language reads the same index as `/`,
  /// and combines with the rest of the language.
  @Test func aQueryFeedSearchesThroughTheIndex() throws {
    func query(_ text: String) throws -> [String] { try titles(ItemScope(.query(try FilterExpression(parsing: text)))) }
    #expect(try query("search = \"compiler\"") == (try search("compiler")))
    #expect(try query("search = \"reader -tips\"") == ["Reader mode"])
    #expect(try query("search = \"compiler\" and feedtitle = \"Dev Blog\"") == ["Compiler internals"])
    #expect(try query("search != \"compiler\" and search = \"reader\"") == ["Reader mode", "Terminal reader tips"])
    #expect(try cache.count(in: ItemScope(.query(try FilterExpression(parsing: "search = \"reader\"")))) == 2)
    #expect(throws: QueryError.self) { try FilterExpression(parsing: "search = \"  \"") }
    #expect(throws: QueryError.self) { try FilterExpression(parsing: "search =~ \"x\"") }
  }

  /// How many articles the index itself holds `term` for (FTS5 syntax), whatever the article lists
  /// show: a term left behind by a changed or deleted article counts here.
  func indexed(_ term: String) throws -> Int {
    try DatabaseQueue(path: dir.path("cache.db")).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM items_fts WHERE items_fts MATCH ?", arguments: [term]) ?? -1
    }
  }

  /// The index is built from text that a later version may make differently (`PlainText`); a cache
  /// indexed with another version is indexed again when it is opened, so deletes repeat the right text.
  @Test func anIndexBuiltFromAnotherTextVersionIsRebuiltOnOpen() throws {
    try DatabaseQueue(path: dir.path("cache.db")).write { db in
      try db.execute(sql: "INSERT INTO items_fts (items_fts) VALUES ('delete-all')")
      try db.execute(sql: "PRAGMA user_version = 0")
    }
    #expect(try indexed("compiler") == 0)
    let reopened = try Cache(path: dir.path("cache.db"))
    #expect(try reopened.searchBacklog() == 5, "every article queued again, for the indexer")
    try reopened.indexForSearchNow()
    #expect(try reopened.items(in: ItemScope(.all, search: try SearchQuery(parsing: "compiler"))).map(\.title)
      == ["Compiler internals", "Swift 6 released"])
    let version = try DatabaseQueue(path: dir.path("cache.db")).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
    #expect(version == FindingSchema.textVersion)
  }

  /// Issue 33, item 13: a damaged index — its records lost, its pages overwritten, or emptied under an
  /// unchanged version — made every search find nothing (or fail), silently. A search now finds it out,
  /// finds its articles by reading them all (a scan), and the indexer empties the index, queues every
  /// article and builds it again, after which searches use the index again.
  @Test(arguments: [
    "DELETE FROM items_fts_data",
    "UPDATE items_fts_data SET block = zeroblob(length(block)) WHERE id > 10",
    "INSERT INTO items_fts (items_fts) VALUES ('delete-all')",
  ])
  func aDamagedIndexIsFoundOutScannedAndRebuilt(_ damage: String) async throws {
    try await DatabaseQueue(path: dir.path("cache.db")).write { db in try db.execute(sql: damage) }
    #expect(cache.searchIndexHealth == .intact)
    #expect(try search("compiler") == ["Compiler internals", "Swift 6 released"], "found by a scan")
    #expect(cache.searchIndexHealth == .damaged)
    #expect(try search("author:alice -released") == ["Compiler internals"], "fields and negation in a scan")
    #expect(try cache.count(in: ItemScope(.all, search: try SearchQuery(parsing: "reader"))) == 2)
    #expect(try search("nothing-like-this") == [])

    let done = try await SearchIndexer(cache: cache).run()
    #expect(done.indexed == 5, "every article indexed again")
    #expect(cache.searchIndexHealth == .rebuilding)
    #expect(try search("compiler") == ["Compiler internals", "Swift 6 released"])
    #expect(cache.searchIndexHealth == .intact, "the index is used again once the queue is empty")
    #expect(try indexed("compiler") == 2)
    #expect(try search("nothing-like-this") == [] && cache.searchIndexHealth == .intact, "no match is not damage")
  }

  /// A search is read along the list's order or from its matches, by how many it has
  /// (`Cache.narrowSearchLimit`); both give the same list, in the same order, page by page.
  @Test func wideAndNarrowSearchesListTheSameWay() throws {
    let many = Cache.narrowSearchLimit + 100
    try cache.storeNow(
      Feed(title: "Bulk", items: (0..<many).map { n in
        Self.item("m\(n)", "Bulk \(n)", author: nil, day: 10 + Double(n) / 24, html: n % 50 == 0 ? "<p>common rare</p>" : "<p>common</p>")
      }), feedID: news, validators: Validators())
    try cache.indexForSearchNow()
    for (text, expected) in [("rare", stride(from: many - 50, through: 0, by: -50)), ("common", stride(from: many - 1, through: 0, by: -1))] {
      let scope = ItemScope(.all, search: try SearchQuery(parsing: text))
      let titles = Array(expected).map { "Bulk \($0)" }
      #expect(try cache.count(in: scope) == titles.count, "\(text)")
      let first = try cache.items(in: scope, limit: 7)
      #expect(first.map(\.title) == Array(titles.prefix(7)), "\(text)")
      let next = try cache.items(in: scope, limit: 7, after: try #require(first.last).id)
      #expect(next.map(\.title) == Array(titles.dropFirst(7).prefix(7)), "\(text)")
      #expect(try cache.position(ofItem: try #require(next.first).id, in: scope) == 7, "\(text)")
    }
  }

  @Test func hostileSearchesNeverReachSQLOrBreakFTS() throws {
    var rng = SplitMix64(seed: 14)
    let pieces = ["\"", "'", "-", "*", "^", ":", "(", ")", "AND", "OR", "NOT", "NEAR", "title:", "feed:", "author:",
                  ";", "--", "DROP TABLE items", "\\", "{", "}", "+", " ", "x", "é", "%", "_", "\0"]
    for _ in 0..<400 {
      let text = (0..<Int.random(in: 1...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
      let query: SearchQuery
      do { query = try SearchQuery(parsing: text) } catch { continue }
      let scope = ItemScope(.all, search: query)
      // A search that parses always runs: no FTS5 syntax error, no SQL error.
      #expect(throws: Never.self, "\(text)") { _ = try cache.items(in: scope, limit: 5) }
      #expect(throws: Never.self, "\(text)") { _ = try cache.count(in: scope) }
    }
    #expect(try cache.count(in: ItemScope(.all)) == 5, "nothing was dropped")
  }

  @Test func theIndexFollowsUpdatesPruningAndRemoval() async throws {
    #expect(try search("daily") == ["Terminal reader tips"])
    try cache.storeNow(
      Feed(title: "World News", items: [Self.item("n2", "Terminal reader tips", author: "Bob", day: 2, html: "<p>Weekly now.</p>")]),
      feedID: news, validators: Validators())
    #expect(try search("daily") == [], "the old text left the index")
    #expect(try search("weekly") == [], "the new text waits for the indexer")
    try cache.indexForSearchNow()
    #expect(try indexed("daily") == 0, "no stale term")
    #expect(try search("weekly") == ["Terminal reader tips"])
    let n1 = try #require(try cache.items(in: ItemScope(.feed(news))).first { $0.title == "Swift 6 released" })
    try cache.setRead(true, itemIDs: [n1.id])
    #expect(try await cache.prune(PruneRule(keepDays: 1, maxPerFeed: 0), at: Date(timeIntervalSince1970: 1_800_000_000)) == 1)
    #expect(try search("safer") == [], "a pruned article is not found")
    #expect(try indexed("safer") == 0)
    try cache.removeFeed(id: blog)
    #expect(try search("compiler") == [])
    #expect(try indexed("compiler OR internals OR carol") == 0)
    let indexed = try await DatabaseQueue(path: dir.path("cache.db")).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM items_fts") ?? -1
    }
    #expect(indexed == 2, "one index row per remaining article")
    // Articles another reader's cache brings in are queued too, and indexed like a reload's.
    try cache.mergeArticles(
      [Cache.MergedArticle(item: Self.item("m1", "Merged in", author: nil, day: 6, html: "<p>newsboat import</p>"), isRead: false, isStarred: false, flags: "")],
      feedID: news)
    #expect(try cache.searchBacklog() == 1)
    try cache.indexForSearchNow()
    #expect(try search("import") == ["Merged in"])
    let queued = try await DatabaseQueue(path: dir.path("cache.db")).read { db in
      try Int.fetchOne(db, sql: "SELECT count(*) FROM fts_pending") ?? -1
    }
    #expect(queued == 0, "nothing is left queued after indexing")
  }

  @Test func anExistingCacheIsIndexedByTheMigration() throws {
    let path = dir.path("old.db")
    let queue = try DatabaseQueue(path: path)
    let migrator = CacheSchema.migrator
    queue.inDatabase { CacheFunctions.register(in: $0) }
    try migrator.migrate(queue, upTo: "v6-feed-warnings")
    try queue.write { db in
      try db.execute(sql: "INSERT INTO feeds (url) VALUES ('https://old.example/')")
      try db.execute(
        sql: """
          INSERT INTO items (feed_id, key, title, summary, first_seen, sort_date)
          VALUES (1, 'k', 'Old article', '<p>remembered <i>words</i></p>', 0, 0)
          """)
    }
    try queue.close()
    let upgraded = try Cache(path: path)
    #expect(try upgraded.items(in: ItemScope(.all, search: try SearchQuery(parsing: "remembered words"))).map(\.title) == ["Old article"])
  }

  @Test func tagsAreStoredAndListedWithCounts() throws {
    try cache.setTags([news: ["world", "daily"], blog: ["dev", "daily"]])
    #expect(try cache.feed(id: news)?.tags == ["world", "daily"])
    let tags = try cache.tags()
    #expect(tags.map(\.name) == ["daily", "dev", "world"])
    #expect(tags[0] == TagSummary(name: "daily", unreadCount: 5, totalCount: 5, feedIDs: [news, blog]))
    #expect(try titles(ItemScope(.tag("dev"))) == ["Reader mode", "Compiler internals"])
    try cache.setTags([blog: ["dev"]])
    #expect(try cache.feed(id: news)?.tags == [])
    #expect(try cache.tags().map(\.name) == ["dev"])
  }

  /// A synced feed's server labels are its tags (and stay when the urls file's tags are set again); a
  /// local feed that the server takes over trades its urls-file tags for the labels.
  @Test func serverLabelsAreTheTagsOfSyncedFeeds() throws {
    try cache.setTags([news: ["world"], blog: ["dev"]])
    let map = try cache.applySubscriptions([
      (remoteID: "feed/1", url: try #require(try cache.feed(id: blog)).url, title: nil, siteLink: nil, labels: ["Tech", "Daily"])
    ])
    #expect(map["feed/1"] == blog)
    #expect(try cache.feed(id: blog)?.tags == ["Tech", "Daily"])
    try cache.setTags([news: ["world"], blog: ["ignored for a synced feed"]])
    #expect(try cache.feed(id: blog)?.tags == ["Tech", "Daily"])
    #expect(try cache.feed(id: news)?.tags == ["world"])
    #expect(try titles(ItemScope(.query(try FilterExpression(parsing: "tags # \"Tech\"")))) == ["Reader mode", "Compiler internals"])
    _ = try cache.applySubscriptions([
      (remoteID: "feed/1", url: try #require(try cache.feed(id: blog)).url, title: nil, siteLink: nil, labels: ["Daily"])
    ])
    #expect(try cache.tags().map(\.name) == ["Daily", "world"])
  }

  @Test func queryFeedsAndFiltersSelectInSQL() throws {
    try cache.setTags([blog: ["dev"]])
    let first = try #require(try cache.items(in: ItemScope(.feed(news))).last)
    try cache.setRead(true, itemIDs: [first.id])
    try cache.setFlags("s", itemID: first.id)
    func query(_ text: String) throws -> [String] { try titles(ItemScope(.query(try FilterExpression(parsing: text)))) }
    #expect(try query("unread = \"no\"") == ["Swift 6 released"])
    #expect(try query("flags # \"s\"") == ["Swift 6 released"])
    #expect(try query("tags # \"dev\" and author = \"Alice\"") == ["Compiler internals"])
    #expect(try query("title =~ \"^(swift|café)\"") == ["Café culture", "Swift 6 released"], "regex, case ignored")
    #expect(try query("feedtitle = \"Dev Blog\" or author =~ \"müller\"") == ["Reader mode", "Compiler internals", "Terminal reader tips"])
    #expect(try query("not author =~ \".\"") == ["Café culture"], "no author reads as the empty text")
    #expect(try query("content =~ \"<code>\"") == ["Compiler internals"])
    #expect(try query("title = \"x' OR 1=1 --\"") == [], "a value is only ever a value")
    let filtered = ItemScope(.all, unreadOnly: true, filter: try FilterExpression(parsing: "author = \"Alice\""))
    #expect(try titles(filtered) == ["Compiler internals"])
    #expect(try cache.count(in: filtered) == 1)
  }

  @Test func ageCountsWholeDaysFromNow() throws {
    // sort dates are day 1 ... day 5 after 1_700_000_000; query with a time relative to now
    let now = Date().timeIntervalSince1970
    let id = try #require(try cache.items(in: ItemScope(.all)).first?.id)
    try DatabaseQueue(path: dir.path("cache.db")).write { db in
      try db.execute(sql: "UPDATE items SET sort_date = ? WHERE id = ?", arguments: [now - 1.5 * 86_400, id])
    }
    func query(_ text: String) throws -> Int { try cache.count(in: ItemScope(.query(try FilterExpression(parsing: text)))) }
    #expect(try query("age < 2") == 1)
    #expect(try query("age = 1") == 1)
    #expect(try query("age < 1") == 0)
    #expect(try query("age > 1") == 4)
    #expect(try query("age >= 1") == 5)
  }

  @Test func ignoreRulesHideArticlesEverywhere() throws {
    try cache.setIgnoreRules([
      IgnoreRule(feedURL: "https://news.example/feed", expression: try FilterExpression(parsing: "title =~ \"café\"")),
      IgnoreRule(feedURL: nil, expression: try FilterExpression(parsing: "author = \"Carol\"")),
    ])
    #expect(try titles(ItemScope(.all)) == ["Compiler internals", "Terminal reader tips", "Swift 6 released"])
    #expect(try cache.feed(id: news)?.unreadCount == 2)
    #expect(try cache.feed(id: blog)?.totalCount == 1)
    #expect(try cache.feeds().map { [$0.unreadCount, $0.totalCount] } == [[2, 2], [1, 1]], "the whole list counts alike")
    #expect(try search("reader") == ["Terminal reader tips"])
    #expect(try cache.nextUnread(feedID: news, after: nil)?.title == "Terminal reader tips")
    try cache.setTags([news: ["t"], blog: ["t"]])
    #expect(try cache.tags().first?.unreadCount == 3)
    try cache.setIgnoreRules([])
    #expect(try cache.count(in: ItemScope(.all)) == 5)
  }

  @Test(arguments: ArticleSort.allCases) func everySortPagesAndPositionsAgree(_ sort: ArticleSort) throws {
    // more articles, with ties on title, author and date
    try cache.storeNow(
      Feed(title: "Dev Blog", items: (0..<23).map { n in
        Self.item("x\(n)", ["alpha", "Beta", "gamma"][n % 3], author: n % 4 == 0 ? nil : ["zed", "Amy"][n % 2], day: Double(n % 5),
                  html: "<p>n</p>")
      }), feedID: blog, validators: Validators())
    let scopes = [ItemScope.Source.all, .feed(blog), .tag("none"), .query(try FilterExpression(parsing: "unread"))]
      .map { ItemScope($0, sort: sort) }
      + [
        ItemScope(.all, search: try SearchQuery(parsing: "alpha"), sort: sort),
        ItemScope(.all, unreadOnly: true, sort: sort),
        ItemScope(.query(try FilterExpression(parsing: "feedtitle =~ \"blog\" or title = \"Café culture\"")), sort: sort),
      ]
    for scope in scopes {
      let source = scope.source
      let all = try cache.items(in: scope)
      #expect(all.count == (try cache.count(in: scope)))
      var paged: [ItemSummary] = try cache.items(in: scope, limit: 4)
      while let last = paged.last, case let page = try cache.items(in: scope, limit: 4, after: last.id), !page.isEmpty {
        paged += page
      }
      #expect(paged.map(\.id) == all.map(\.id), "\(sort) \(source)")
      #expect(try cache.items(in: scope, limit: 4, offset: 8).map(\.id) == Array(all.dropFirst(8).prefix(4)).map(\.id))
      for (row, item) in all.enumerated() { #expect(try cache.position(ofItem: item.id, in: scope) == row, "\(sort)") }
    }
    let titles = try cache.items(in: ItemScope(.all, sort: sort)).map(\.title)
    if sort == .title { #expect(titles == titles.sorted { $0.lowercased() < $1.lowercased() }) }
    if sort == .feed {
      let feeds = try cache.items(in: ItemScope(.all, sort: sort)).map(\.feedID)
      #expect(feeds == feeds.sorted { $0 == blog && $1 != blog }, "Dev Blog, then World News")
    }
  }

  @Test func theSearchHistoryIsNewestFirstWithoutDuplicates() throws {
    for text in ["swift", "reader", "swift", "  ", "café"] { try cache.recordSearch(text) }
    #expect(try cache.searchHistory(limit: 10) == ["café", "swift", "reader"])
    #expect(try cache.searchHistory(limit: 1) == ["café"])
    for n in 0..<(Cache.searchHistoryLimit + 5) { try cache.recordSearch("q\(n)") }
    #expect(try cache.searchHistory(limit: 1000).count == Cache.searchHistoryLimit)
  }

  @Test func urlsFileQueryLines() {
    let parsed = UrlsFile.parse(
      """
      https://a.example/feed tech
      "query:Unread tech:unread = \\"yes\\" and tags # \\"tech\\""
      "query:Broken:title =~ \\"x\\" and (unread"
      query:NoExpression
      """, currentDirectory: "/tmp")
    #expect(parsed.entries.count == 1)
    #expect(parsed.queryFeeds.map(\.title) == ["Unread tech"])
    #expect(parsed.queryFeeds.first?.line == 2)
    #expect(parsed.queryFeeds.first?.expression.text == "unread = \"yes\" and tags # \"tech\"")
    #expect(parsed.problems.map(\.description) == [
      "urls line 3: query feed \"Broken\": expected \")\" at 24 to close the \"(\" at 17 in its expression; line skipped",
      "urls line 4: a query feed is \"query:Title:expression\"; no expression after the title; line skipped",
    ])
  }
}
