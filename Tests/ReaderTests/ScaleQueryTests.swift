import Foundation
import GRDB
import Synchronization
import Testing

@testable import Reader
import TestSupport

/// Issue 40, a million articles: the reads a key or a frame makes stay bounded by what is on screen.
/// The feed list's and the whole-feed lists' counts come from `feed_counts` (`FeedCounts`), kept by
/// triggers through every kind of write; the query plans of what the keys read use an index, never a
/// scan of every article; `G` reads the list's last page from its end.
@Suite("Reads at scale")
struct ScaleQueryTests {
  let dir: TemporaryDirectory
  let cache: Cache
  let feeds: [Int64]
  /// What the cache ran, its values in place (`Cache.statementSinks`).
  let statements = Statements()

  init() throws {
    dir = try TemporaryDirectory("splitfeed-scale")
    let sink = statements, path = dir.path("cache.db")
    Cache.statementSinks.withLock { $0[path] = { sink.add($0) } }
    cache = try Cache(path: path)
    feeds = try cache.addFeeds(urls: ["https://example.com/a.xml", "https://example.com/b.xml"]).map(\.id)
    for (n, feedID) in feeds.enumerated() {
      let items = (1...(n == 0 ? 30 : 12)).map { CacheTests.item($0, id: "f\(n)-\($0)", date: Double(1_700_000_000 + $0 * 60)) }
      try cache.storeNow(Feed(title: "Feed \(n)", items: items), feedID: feedID, validators: Validators())
    }
    try cache.setTags([feeds[0]: ["news"], feeds[1]: ["news", "other"]])
  }

  /// Each feed's unread and total articles counted from its articles, less what the stored ignore
  /// flags hide: what `feed_counts` must always equal.
  func recounted() throws -> [Int64: (unread: Int, total: Int)] {
    try DatabaseQueue(path: cache.path).read { db in
      var counts: [Int64: (unread: Int, total: Int)] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT feed_id, sum(read = 0) AS unread, count(*) AS total FROM items WHERE ignored = 0 GROUP BY feed_id")
      {
        counts[row["feed_id"]] = (row["unread"], row["total"])
      }
      return counts
    }
  }

  /// The feed list, the snapshot and the whole-feed lists' counts all agree with a recount.
  func expectCountsTrue(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let truth = try recounted()
    let snapshot = try cache.counts()
    for feed in try cache.feeds() {
      let expected = truth[feed.id] ?? (0, 0)
      #expect(feed.unreadCount == expected.unread && feed.totalCount == expected.total, "\(step): feed \(feed.id)", sourceLocation: sourceLocation)
      #expect(snapshot.unread[feed.id] == truth[feed.id]?.unread, "\(step): snapshot", sourceLocation: sourceLocation)
      #expect(snapshot.total[feed.id] == truth[feed.id]?.total, "\(step): snapshot", sourceLocation: sourceLocation)
      #expect(try cache.count(in: ItemScope(.feed(feed.id), unreadOnly: true)) == expected.unread, "\(step)", sourceLocation: sourceLocation)
    }
    #expect(try cache.count(in: ItemScope(.all, unreadOnly: true)) == truth.values.reduce(0) { $0 + $1.unread }, "\(step)", sourceLocation: sourceLocation)
    #expect(try cache.count(in: ItemScope(.all)) == truth.values.reduce(0) { $0 + $1.total }, "\(step)", sourceLocation: sourceLocation)
    #expect(try cache.count(in: ItemScope(.tag("other"))) == (truth[feeds[1]]?.total ?? 0), "\(step)", sourceLocation: sourceLocation)
  }

  /// Every kind of write moves the kept counts as a recount does: a reload's inserts, marks, ignore
  /// rules kept as flags, a prune, a feed removed. Without any one of `FeedCounts`' triggers, or without
  /// `ItemUpsert.finish` adding the inserts (v19), a step here differs from the recount.
  @Test func keptCountsFollowEveryWrite() async throws {
    try expectCountsTrue("stored")
    let first = try cache.items(feedID: feeds[0]).map(\.id)
    try cache.setRead(true, itemIDs: Array(first.prefix(25)))
    try expectCountsTrue("marked read")
    try cache.setRead(false, itemIDs: Array(first.prefix(3)))
    try expectCountsTrue("marked unread")
    try cache.setIgnoreRules([IgnoreRule(feedURL: nil, expression: try FilterExpression(parsing: "title =~ \"Item 1\""))])
    try expectCountsTrue("ignore rule kept as a flag")
    #expect(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 5)) > 0)
    try expectCountsTrue("pruned")
    try cache.setIgnoreRules([])
    try expectCountsTrue("rule dropped")
    let more = (31...40).map { CacheTests.item($0, id: "f0-\($0)", date: Double(1_700_000_000 + $0 * 60)) }
    try cache.storeNow(Feed(title: "Feed 0", items: more), feedID: feeds[0], validators: Validators())
    try expectCountsTrue("reloaded with new articles")
    try cache.removeFeed(id: feeds[1])
    try expectCountsTrue("feed removed")
    let left = try await DatabaseQueue(path: cache.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM feed_counts WHERE feed_id = ?", arguments: [feeds[1]]) }
    #expect(left == 0, "a removed feed's counts go with it")
  }

  /// `G`: the last page read from the end is the page an offset read gives, in every order, a short
  /// last page included, and reads along the order's index (no sort of the list).
  @Test func lastPageFromTheEndIsTheOffsetPage() throws {
    for sort in ArticleSort.allCases {
      for scope in [ItemScope(.all, sort: sort), ItemScope(.all, unreadOnly: true, sort: sort), ItemScope(.feed(feeds[0]), sort: sort)] {
        let total = try cache.count(in: scope)
        for offset in [total - 1, total - 7, total / 2 + 1, 0] where offset >= 0 {
          let expected = try cache.items(in: scope, limit: 10, offset: offset).map(\.id)
          #expect(try cache.items(in: scope, limit: 10, offset: offset, of: total).map(\.id) == expected, "\(sort) \(scope.source) from \(offset)")
        }
      }
    }
    statements.clear()
    let unread = ItemScope(.all, unreadOnly: true)
    let total = try cache.count(in: unread)
    _ = try cache.items(in: unread, limit: 10, offset: total - 3, of: total)
    let page = try #require(statements.all.first { $0.contains("LIMIT") && $0.contains("ORDER BY i.sort_date ASC") })
    let plan = try cache.queryPlan(of: page)
    #expect(!plan.contains(where: Self.sortsTheList), "\(plan)")
  }

  /// The queries a frame or a key runs on the feed list and the lists of whole feeds: counts read no
  /// article (`feed_counts` only); pages and the next unread article walk an index in the list's order.
  /// Before v18 the feed list's counts searched `items_by_feed_read_date` feed by feed and the Unread
  /// list's count scanned an index of every article.
  @Test func keyQueriesUseIndexesNotScans() throws {
    try cache.setRead(true, itemIDs: Array(try cache.items(feedID: feeds[0]).map(\.id).prefix(4)))
    let unread = ItemScope(.all, unreadOnly: true)
    statements.clear()
    _ = try cache.feeds()
    _ = try cache.counts()
    _ = try cache.counts(feeds: [feeds[0]])
    _ = try cache.count(in: unread)
    _ = try cache.count(in: ItemScope(.tag("news")))
    let counting = statements.all.filter { $0.hasPrefix("SELECT") }
    #expect(!counting.isEmpty)
    for sql in counting {
      let plan = try cache.queryPlan(of: sql)
      #expect(!plan.contains { Self.readsItems($0) }, "\(sql)\n\(plan)")
    }
    statements.clear()
    let first = try cache.items(in: unread, limit: 10)
    _ = try cache.items(in: unread, limit: 10, after: try #require(first.last).id)
    _ = try cache.items(in: ItemScope(.feed(feeds[0])), limit: 10)
    _ = try cache.nextUnread(feedID: feeds[0], after: first.first?.id)
    let paging = statements.all.filter { $0.hasPrefix("SELECT") && $0.contains("LIMIT") }
    #expect(paging.count >= 4)
    for sql in paging {
      let plan = try cache.queryPlan(of: sql)
      #expect(!plan.contains(where: Self.sortsTheList), "\(sql)\n\(plan)")
      #expect(plan.contains { $0.contains("INDEX") }, "\(sql)\n\(plan)")
    }
  }

  /// A query feed that selects whole feeds (`unread = "yes"`, a tag's feeds, both) is counted from the
  /// kept counts, on start and in its list, and agrees with the articles counted one by one; one that
  /// tests an article of its own (two tags, a title) still counts its articles. Before, every query feed's count read every article: `unread = "yes"` held the first
  /// frame 86 ms of CPU at a million articles.
  @Test func wholeFeedQueryFeedsCountFromKeptCounts() throws {
    let first = try cache.items(feedID: feeds[0]).map(\.id)
    try cache.setRead(true, itemIDs: Array(first.prefix(7)))
    let whole = ["unread = \"yes\"", "tags # \"other\"", "unread = \"yes\" and tags # \"news\"", "tags # \"news\" and unread"]
    let other = ["tags # \"news\" and tags # \"other\"", "title =~ \"1\" and unread = \"yes\"", "unread = \"no\""]
    let scopes = try (whole + other).map { ItemScope(.query(try FilterExpression(parsing: $0))) }
    statements.clear()
    let counted = try cache.scopeCounts(scopes) { [] }.counts
    let listed = try scopes.map { try cache.count(in: $0) }
    let kept = statements.all.filter { $0.contains("sum(") && $0.contains("FROM feed_counts") }
    #expect(kept.count == whole.count * 3, "unread and total on start, the list's count: \(kept)")
    for sql in kept {
      let plan = try cache.queryPlan(of: sql)
      #expect(!plan.contains { Self.readsItems($0) }, "\(sql)\n\(plan)")
    }
    // The truth: each scope's articles counted one by one.
    let queue = try DatabaseQueue(path: cache.path)
    queue.inDatabase { CacheFunctions.register(in: $0) }
    let truth = try queue.read { db in
      try scopes.map { scope in
        let condition = scope.condition(now: Date())
        let rows = try Row.fetchAll(
          db, sql: "SELECT i.id, i.read FROM items i WHERE i.ignored = 0 AND \(condition.sql)", arguments: condition.arguments)
        let unread = rows.filter { $0["read"] as Int == 0 }.count
        return (counts: Cache.ScopeCount(unread: unread, total: rows.count), listed: rows.count)
      }
    }
    #expect(counted == truth.map(\.counts))
    #expect(listed == truth.map(\.listed))
    #expect(truth.map(\.listed).allSatisfy { $0 > 0 } && truth[0].counts.unread == 30 - 7 + 12)
  }

  /// An article's row is counted from the nearer end of its list, in growing bounds taken from both ends,
  /// and is its row in every order and list; the last row of the Unread list costs two counts of one
  /// bound each, along the list's index. Before, its row was the count of every row before it: a refresh
  /// keeping the selection at the end of a million unread articles counted them all.
  @Test func positionCountsFromTheNearerEnd() throws {
    try cache.setRead(true, itemIDs: Array(try cache.items(feedID: feeds[0]).map(\.id).prefix(5)))
    for sort in ArticleSort.allCases {
      for scope in [ItemScope(.all, sort: sort), ItemScope(.all, unreadOnly: true, sort: sort), ItemScope(.feed(feeds[1]), sort: sort)] {
        let ids = try cache.items(in: scope).map(\.id)
        for (row, id) in ids.enumerated() {
          #expect(try cache.position(ofItem: id, in: scope, of: ids.count, step: 4) == row, "\(sort) \(scope.source) row \(row)")
        }
        #expect(try cache.position(ofItem: try cache.items(feedID: feeds[0]).map(\.id)[0], in: ItemScope(.feed(feeds[1]), sort: sort), of: ids.count, step: 4) == nil)
      }
    }
    let unread = ItemScope(.all, unreadOnly: true)
    let total = try cache.count(in: unread)
    let last = try #require(try cache.items(in: unread).last).id
    statements.clear()
    #expect(try cache.position(ofItem: last, in: unread, of: total, step: 4) == total - 1)
    let counts = statements.all.filter { $0.hasPrefix("SELECT count(*)") }
    #expect(counts.count == 2 && counts.allSatisfy { $0.hasSuffix("LIMIT 4)") }, "\(counts)")
    for sql in counts {
      let plan = try cache.queryPlan(of: sql)
      #expect(!plan.contains(where: Self.sortsTheList), "\(sql)\n\(plan)")
      #expect(plan.contains { $0.contains("INDEX") }, "\(sql)\n\(plan)")
    }
  }

  /// In an order no index serves (title, author), an article's row is one count of the rows before it:
  /// each bounded count from the nearer end sorted the whole list, fourteen of them at a million.
  @Test func positionInAnOrderWithoutAnIndexIsOneCount() throws {
    for sort in [ArticleSort.title, .author] {
      let scope = ItemScope(.all, unreadOnly: true, sort: sort)
      let ids = try cache.items(in: scope).map(\.id)
      statements.clear()
      #expect(try cache.position(ofItem: ids[ids.count / 2], in: scope, of: ids.count, step: 4) == ids.count / 2)
      let counts = statements.all.filter { $0.hasPrefix("SELECT count(*)") }
      #expect(counts.count == 1 && !counts[0].contains("LIMIT"), "\(sort): \(counts)")
      #expect(!(try cache.queryPlan(of: counts[0])).contains(where: Self.sortsTheList), "\(sort)")
    }
  }

  /// The unread list in an order no index serves (title, author) is read in one pass over the table and
  /// sorted: read along the date index, for its read flag, each row was fetched from there for its title
  /// (12.5 s for the first page of a million unread articles, against 0.7 s).
  @Test func anUnreadListByTitleReadsTheTableOnce() throws {
    for sort in [ArticleSort.title, .author] {
      for scope in try Self.unreadScopes(sort) {
        statements.clear()
        _ = try cache.items(in: scope, limit: 50)
        let page = try #require(statements.all.first { $0.contains("LIMIT") && $0.contains("ORDER BY") })
        let plan = try cache.queryPlan(of: page)
        #expect(plan.first == "SCAN i", "\(sort) \(scope.source): \(plan)")
      }
    }
  }

  /// Every way to list the unread articles: the Unread list, a query feed and a filter (`F`).
  static func unreadScopes(_ sort: ArticleSort) throws -> [ItemScope] {
    let unread = try FilterExpression(parsing: "unread = \"yes\"")
    return [
      ItemScope(.all, unreadOnly: true, sort: sort), ItemScope(.query(unread), sort: sort),
      ItemScope(.all, filter: unread, sort: sort),
    ]
  }

  /// With a tenth of the articles or fewer unread, the same list walks the date index instead, whose read
  /// flag passes over the read articles without their rows: at a million with 1 % unread, a page by
  /// title 0.15–0.24 s this way against 0.8–1.4 s for the pass over the table.
  @Test func aFewUnreadByTitleAreFoundAlongTheDateIndex() throws {
    let all = try cache.items(in: ItemScope(.all)).map(\.id)
    try cache.setRead(true, itemIDs: Array(all.dropFirst(3)))
    for sort in [ArticleSort.title, .author] {
      for scope in try Self.unreadScopes(sort) {
        statements.clear()
        let rows = try cache.items(in: scope, limit: 50)
        #expect(Set(rows.map(\.id)) == Set(all.prefix(3)))
        let page = try #require(statements.all.first { $0.contains("LIMIT") && $0.contains("ORDER BY") })
        #expect(try cache.queryPlan(of: page).first == "SCAN i USING INDEX items_by_date", "\(sort) \(scope.source)")
      }
    }
  }

  /// The next unread article past a row (`n`, `P` in a list sorted in the background) is the one the
  /// list shows next, in every order and both ways; by title or author it is found in one pass over the
  /// table, not by fetching every article's row along the date index (seconds at a million).
  @Test func theNextUnreadArticleIsTheListsAndReadsTheTableOnce() throws {
    let first = try cache.items(feedID: feeds[0]).map(\.id)
    try cache.setRead(true, itemIDs: first.enumerated().filter { $0.offset % 3 != 0 }.map(\.element))
    for sort in ArticleSort.allCases {
      let scope = ItemScope(.all, sort: sort)
      let rows = try cache.items(in: scope)
      for (row, item) in rows.enumerated() {
        let after = rows[(row + 1)...].first { !$0.isRead }?.id
        let before = rows[..<row].last { !$0.isRead }?.id
        #expect(try cache.unreadArticle(in: scope, from: item.id, step: 1)?.id == after, "\(sort) after row \(row)")
        #expect(try cache.unreadArticle(in: scope, from: item.id, step: -1)?.id == before, "\(sort) before row \(row)")
      }
      #expect(try cache.unreadArticle(in: scope, from: nil, step: 1)?.id == rows.first { !$0.isRead }?.id)
    }
    for sort in [ArticleSort.title, .author] {
      statements.clear()
      _ = try cache.unreadArticle(in: ItemScope(.all, sort: sort), from: first[4], step: 1)
      let query = try #require(statements.all.first { $0.contains("LIMIT 1") && $0.contains("ORDER BY") })
      #expect(try cache.queryPlan(of: query).first == "SCAN i", "\(sort)")
    }
  }

  /// A prune removes in batches of its own transactions, each at most its batch size, and ends where one
  /// transaction would have: every removable article gone, each key remembered, the counts true. Before,
  /// one transaction removed all of them (5.7 s of write lock for 90,000 articles).
  @Test func pruneRemovesInBoundedBatches() async throws {
    let first = try cache.items(feedID: feeds[0]).map(\.id)
    try cache.setRead(true, itemIDs: first)
    statements.clear()
    #expect(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 2), batch: 4...4) == 28)
    let deletes = statements.all.filter { $0.contains("DELETE FROM items") }
    #expect(deletes.count >= 7, "\(deletes.count) deletes")
    #expect(try cache.items(feedID: feeds[0]).map(\.id) == Array(first.prefix(2)))
    let remembered = try await DatabaseQueue(path: cache.path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM pruned_items") }
    #expect(remembered == 28)
    try expectCountsTrue("pruned in batches")
  }

  /// The indexer counts its queue at its start and when its own count says it is done, outside its
  /// writes; before, every batch's write counted the whole queue (25–60 ms of lock at a million queued).
  @Test func theIndexerCountsItsQueueOnlyAtItsEnds() async throws {
    var indexer = SearchIndexer(cache: cache)
    indexer.batchSizes = 5...5
    statements.clear()
    let done = try await indexer.run()
    #expect(done == SearchIndexer.Progress(indexed: 42, total: 42))
    let counts = statements.all.filter { $0.contains("count(*) FROM fts_pending") }
    #expect(counts.count <= 2, "\(counts.count) counts of the queue for 9 batches")
    #expect(try cache.searchBacklog() == 0)
  }

  /// A plan step that sorts every row the list holds before the first is returned. The date order's
  /// tie-break on the id ("FOR RIGHT PART OF ORDER BY") only sorts the articles of one date at a time,
  /// as the index hands them out, and stops with the page.
  static func sortsTheList(_ detail: String) -> Bool { detail == "USE TEMP B-TREE FOR ORDER BY" }

  /// A plan step that reads the articles' table or one of its indexes, but the starred articles' own
  /// index (the Starred count walks it: as long as the starred articles, not the cache).
  static func readsItems(_ detail: String) -> Bool {
    guard !detail.contains("items_starred_by_date") else { return false }
    return detail.hasPrefix("SCAN i") || detail.hasPrefix("SEARCH i ") || detail.hasPrefix("SCAN items") || detail.hasPrefix("SEARCH items")
  }

}

extension Cache {
  /// SQLite's plan for `sql` on this cache's file, one line a step (the cache's SQL functions known).
  func queryPlan(of sql: String) throws -> [String] {
    let queue = try DatabaseQueue(path: path)
    queue.inDatabase { CacheFunctions.register(in: $0) }
    return try queue.read { db in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String } }
  }
}

/// The statements a cache ran, from whichever thread ran them.
final class Statements: Sendable {
  private let list = Mutex<[String]>([])
  func add(_ sql: String) { list.withLock { $0.append(sql) } }
  func clear() { list.withLock { $0.removeAll() } }
  var all: [String] { list.withLock { $0 } }
}
