import Foundation
import GRDB

/// Reads the interactive reader needs beyond the commands': pages of a list, its
/// length, where an article sits in it (so `n` and the Recent tab can select its row without loading the
/// whole list), and what marking a list read touches. Every one of them takes any `ItemScope` — source,
/// unread-only, filter, search and sort — and leaves out what the ignore rules hide.
extension Cache {
  /// Articles of `scope`, in its order, as light rows; `limit`/`offset` page through a long list.
  public func items(in scope: ItemScope, limit: Int = -1, offset: Int = 0) throws(CacheError) -> [ItemSummary] {
    try read { db in
      let condition = try visible(scope, in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM \(scope.sort.from) WHERE \(condition.sql)
          ORDER BY \(scope.sort.orderBy) LIMIT ? OFFSET ?
          """, arguments: condition.arguments + [limit, offset]
      ).map(Self.summary)
    }
  }

  /// `items(in:limit:offset:)` for a list of `total` articles (its count): a page in the list's back half
  /// is read from the list's end, in the reverse order, so `G` on a million unread articles walks past
  /// the rows after the page, not the million before it: a key stays within a frame at any size
  /// (docs/DECISIONS.md, "A million articles"). With a stale `total` the page is off by the difference,
  /// as an offset read is.
  public func items(in scope: ItemScope, limit: Int, offset: Int, of total: Int) throws(CacheError) -> [ItemSummary] {
    guard limit > 0, offset > total / 2, offset < total else { return try items(in: scope, limit: limit, offset: offset) }
    let rows = min(limit, total - offset)
    return try read { db in
      let condition = try visible(scope, in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM \(scope.sort.from) WHERE \(condition.sql)
          ORDER BY \(scope.sort.orderBy(reversed: true)) LIMIT ? OFFSET ?
          """, arguments: condition.arguments + [rows, total - offset - rows]
      ).map(Self.summary).reversed()
    }
  }

  /// The `limit` articles that come after `itemID` in `items(in:)`'s order: the next page of a long list
  /// found through the index from the last row read, where `OFFSET` walks past every row before the page
  /// (see docs/DECISIONS.md). Empty when `itemID` is not an article.
  public func items(in scope: ItemScope, limit: Int, after itemID: Int64) throws(CacheError) -> [ItemSummary] {
    try read { db in
      let condition = try visible(scope, in: db)
      guard let anchor = try Self.sortValues(of: itemID, sort: scope.sort, in: db) else { return [] }
      let after = condition && scope.sort.after(anchor)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM \(scope.sort.from) WHERE \(after.sql)
          ORDER BY \(scope.sort.orderBy) LIMIT ?
          """, arguments: after.arguments + [limit]
      ).map(Self.summary)
    }
  }

  /// How many articles `scope` lists (one count, read when a list is shown or refreshed). A list of whole
  /// feeds is counted from their kept counts; otherwise, with ignore rules kept as flags only, the articles are counted as without rules (along the indexes, not row by
  /// row) less the flagged ones among them, counted from their own small index.
  public func count(in scope: ItemScope) throws(CacheError) -> Int {
    let ignoring = ignoring.withLock { $0 }
    // Whole feeds' articles: their kept counts, one row per feed (`FeedCounts`).
    if ignoring.live.isEmpty, let query = FeedCounts.count(of: scope, flagged: ignoring.flagged) {
      return try read { db in try Int.fetchOne(db, sql: query.sql, arguments: query.arguments) ?? 0 }
    }
    let subtractFlagged = ignoring.flagged && ignoring.live.isEmpty
    return try read { db in
      let count = { (condition: SQLCondition) in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM items i WHERE \(condition.sql)", arguments: condition.arguments) ?? 0
      }
      guard subtractFlagged else { return try count(try visible(scope, in: db)) }
      let every = try visible(scope, in: db, hidingFlagged: false)
      return try count(every) - count(every && SQLCondition("i.ignored = 1"))
    }
  }

  /// The row of article `itemID` in `scope`'s list (in its order, as `items(in:)` reads it); nil when
  /// the article is not in it. Given the list's count `total`, the rows are counted from whichever end
  /// of the list is nearer, in counts of growing bounds taken from both ends in turn, so the cost follows
  /// the article's distance to that end: a refresh keeping the selection on the last row of a million
  /// unread articles counted the million rows before it (docs/DECISIONS.md, "A million articles, the first
  /// screen"). Without `total`, or for a list of a page or two, it counts every row before the article.
  /// A stale `total` puts a row counted from the end off by the difference, as
  /// `items(in:limit:offset:of:)` does.
  /// `step` is the first bound (the tests' lists are short).
  public func position(ofItem itemID: Int64, in scope: ItemScope, of total: Int? = nil, step: Int = positionStep)
    throws(CacheError) -> Int?
  {
    try read { db in
      let condition = try visible(scope, in: db)
      let member = condition && SQLCondition("i.id = ?", [itemID])
      guard try Bool.fetchOne(db, sql: "SELECT 1 FROM items i WHERE \(member.sql)", arguments: member.arguments) != nil,
        let anchor = try Self.sortValues(of: itemID, sort: scope.sort, in: db)
      else { return nil }
      let before = condition && scope.sort.after(anchor, before: true)
      // Bounded counts walk the list's order: by title or author each one sorts the whole list, so one
      // count of the rows before is cheaper (fourteen sorts at a million: 30 s behind `S`).
      guard let total, total > step, scope.sort.walksAnIndex else {
        return try Int.fetchOne(
          db, sql: "SELECT count(*) FROM \(scope.sort.from) WHERE \(before.sql)", arguments: before.arguments)
      }
      // At most `limit` rows of `side`, walked along the list's order from the article outwards.
      let count = { (side: SQLCondition, reversed: Bool, limit: Int) throws -> Int in
        try Int.fetchOne(
          db,
          sql: """
            SELECT count(*) FROM (SELECT 1 FROM \(scope.sort.from) WHERE \(side.sql)
            ORDER BY \(scope.sort.orderBy(reversed: reversed)) LIMIT ?)
            """, arguments: side.arguments + [limit]) ?? 0
      }
      let after = condition && scope.sort.after(anchor)
      var limit = step
      while true {
        let rowsBefore = try count(before, true, limit)
        if rowsBefore < limit { return rowsBefore }
        let rowsAfter = try count(after, false, limit)
        if rowsAfter < limit { return max(0, total - 1 - rowsAfter) }
        limit *= 4
      }
    }
  }

  /// The first article of `scope`'s list after article `itemID` (before it, `step` -1; from the list's
  /// top or bottom when nil) that the cache holds unread: where `n` and `P` go when the rows between are
  /// not read yet (a list sorted off the main thread reads only the pages it shows). In an order no
  /// index serves this reads the whole list once, as a page of it does. Articles under a whole-feeds mark
  /// not yet written (`readThrough`) are read already.
  public func unreadArticle(in scope: ItemScope, from itemID: Int64?, step: Int, readThrough: ReadThrough = ReadThrough())
    throws(CacheError) -> ItemSummary?
  {
    try read { db in
      var unread = scope
      unread.unreadOnly = true  // in an order no index serves, read in one pass over the table (`condition`)
      var condition = try visible(unread, in: db) && readThrough.unmarked
      if let itemID {
        guard let anchor = try Self.sortValues(of: itemID, sort: scope.sort, in: db) else { return nil }
        condition = condition && scope.sort.after(anchor, before: step < 0)
      }
      return try Row.fetchOne(
        db,
        sql: """
          SELECT \(Self.summaryColumns) FROM \(scope.sort.from) WHERE \(condition.sql)
          ORDER BY \(scope.sort.orderBy(reversed: step < 0)) LIMIT 1
          """, arguments: condition.arguments
      ).map(Self.summary)
    }
  }

  /// What a list in an order no index serves (`ArticleSort.walksAnIndex`: title, author) reads off the
  /// main thread: its count (`count` when the caller knows it), the row of article `itemID` (nil when not
  /// given or not listed) and the pages `wanted` of `pageSize` rows, with the page holding that row. Each
  /// part reads every article of the list and sorts them, a second or more at a million, so no key waits
  /// for it (docs/DECISIONS.md, "Sorting a million, bounded"). `stop` is asked before each part: once it
  /// holds (the list was given another order) the rest is not read, and the answer is nil.
  public func pages(
    of scope: ItemScope, keeping itemID: Int64?, wanted: Set<Int>, pageSize: Int, count: Int? = nil,
    stop: () -> Bool = { false }
  ) throws(CacheError) -> ListPages? {
    var total = count ?? 0
    if count == nil { total = try self.count(in: scope) }
    var position: Int?
    if let itemID {
      guard !stop() else { return nil }
      position = try self.position(ofItem: itemID, in: scope)
    }
    var pages: [Int: [ItemSummary]] = [:]
    for page in wanted.union(position.map { [$0 / pageSize] } ?? []).sorted() where page * pageSize < total {
      guard !stop() else { return nil }
      pages[page] = try items(in: scope, limit: pageSize, offset: page * pageSize, of: total)
    }
    return ListPages(count: total, position: position, pages: pages)
  }

  /// The first bound of `position(ofItem:in:of:)`'s counts: a page of rows.
  public static let positionStep = 256

  /// The values of `sort`'s keys for one article, nil when there is no such article.
  private static func sortValues(of itemID: Int64, sort: ArticleSort, in db: Database) throws -> [DatabaseValue]? {
    try Row.fetchOne(db, sql: "SELECT \(sort.keyColumns) FROM \(sort.from) WHERE i.id = ?", arguments: [itemID])
      .map { row in Array(row.databaseValues) }
  }

  /// `scope`'s condition with the ignore rules applied, for a list read in `db`: what every list, count
  /// and search shows. A search is first asked of the index alone, stopping at
  /// `narrowSearchLimit` matches, to choose how the list reads it (`SearchQuery.condition(narrow:)`).
  /// Fewer than a page of matches made the list walk the whole date index (docs/DECISIONS.md, "Search
  /// plans by match count").
  /// `hidingFlagged` false leaves the articles flagged by kept rules in (for a count that subtracts them).
  ///
  /// A damaged index (docs/ROBUSTNESS.md, "Files splitfeed owns") is never taken at its word: a search that fails as
  /// corrupt, or finds nothing where the index's own probe (`FindingSchema.isIntact`) fails too, marks it
  /// damaged, and searches read every article's text instead until the indexer has built it again.
  func visible(_ scope: ItemScope, in db: Database, now: Date = Date(), hidingFlagged: Bool = true) throws -> SQLCondition {
    let hidden = ignoredHidden(now: now, flagged: hidingFlagged)
    let few = scope.sort.walksAnIndex ? false : try Self.fewUnread(db)
    let condition = { (narrow: Bool, scan: Bool) in
      scope.condition(now: now, narrowSearch: narrow, searchByScan: scan, fewUnread: few) && hidden
    }
    guard let fts = scope.search?.ftsQuery else { return condition(false, false) }
    if try searchesByScan(db) { return condition(false, true) }
    guard !fts.negatedOnly else { return condition(false, false) }
    let matches: Int
    do {
      matches = try Int.fetchOne(
        db, sql: "SELECT count(*) FROM (SELECT rowid FROM items_fts WHERE items_fts MATCH ? LIMIT ?)",
        arguments: [fts.match, Self.narrowSearchLimit]) ?? 0
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
      searchIndex.withLock { $0 = .damaged }
      return condition(false, true)
    }
    if matches == 0, try !FindingSchema.isIntact(db) {
      searchIndex.withLock { $0 = .damaged }
      return condition(false, true)
    }
    return condition(matches < Self.narrowSearchLimit, false)
  }

  /// Whether a tenth of the cache's articles or fewer are unread (from the kept counts): then an unread
  /// list in an order no index serves finds its articles along the date index (`ItemScope.condition`).
  static func fewUnread(_ db: Database) throws -> Bool {
    try Bool.fetchOne(db, sql: "SELECT coalesce(sum(unread), 0) * 10 <= coalesce(sum(total), 0) FROM feed_counts") ?? false
  }

  /// Whether searches read every article instead of the index: while it is damaged, and while the
  /// rebuild that follows has articles left to index (then it is whole again).
  private func searchesByScan(_ db: Database) throws -> Bool {
    switch searchIndexHealth {
    case .intact: return false
    case .damaged: return true
    case .rebuilding:
      guard try FindingSchema.backlog(db) == 0 else { return true }
      searchIndex.withLock { if $0 == .rebuilding { $0 = .intact } }
      return false
    }
  }

  /// The search index as this Cache's searches last found it.
  public var searchIndexHealth: SearchIndexHealth { searchIndex.withLock { $0 } }

  /// Below this many matches a search's list is read from its matches, not along the list's order.
  static let narrowSearchLimit = 500
}

/// Pages of a list read in the background (`Cache.pages(of:keeping:wanted:pageSize:count:)`): its count,
/// the row of the article it keeps selected, and rows by page number.
public struct ListPages: Sendable, Equatable {
  public var count: Int
  public var position: Int?
  public var pages: [Int: [ItemSummary]]

  public init(count: Int, position: Int?, pages: [Int: [ItemSummary]]) {
    self.count = count
    self.position = position
    self.pages = pages
  }
}

/// What a search knows of the index (docs/ROBUSTNESS.md, "Files splitfeed owns"): `damaged` once a search found it so,
/// until the indexer empties it and queues every article (`Cache.requeueDamagedSearchIndex`); then
/// `rebuilding` until the queue is empty. Searches read every article's text meanwhile
/// (`SearchQuery.condition(scan:)`).
public enum SearchIndexHealth: Sendable, Equatable {
  case intact, damaged, rebuilding
}
