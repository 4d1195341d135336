import Foundation
import GRDB

/// The counts the reader shows, read as one snapshot: every feed's unread and total articles and the
/// starred articles, each corrected for the flags this run has set but not yet written; and, apart, the
/// query feeds' counts with the flags of the articles marked meanwhile (`scopeCounts`). The cache is the truth and the correction only
/// covers the writes in flight: reading the stored flags of those articles in the same transaction as
/// the counts makes the sum exact whether a write lands before or after the read (docs/ARCHITECTURE.md,
/// "A mark, from key to count").
extension Cache {
  public struct CountSnapshot: Sendable, Equatable {
    /// Feed id → its unread and total articles (a feed without articles is absent).
    public var unread: [Int64: Int] = [:]
    public var total: [Int64: Int] = [:]
    public var starred = 0

    public init() {}
  }

  public struct ScopeCount: Sendable, Equatable {
    public var unread: Int
    public var total: Int
  }

  /// The snapshot, with `read` and `starred` (article id → the flag this run gave it) standing for the
  /// stored flags of those articles, over `readThrough`'s whole feeds marked read (a flag in `read` is
  /// one set after them). What the ignore rules hide is left out, as in every list.
  /// `feeds` limits the per-feed counts to those feeds (the others are absent from the snapshot): what a
  /// mark can change, read along the feed's index instead of over every article.
  public func counts(
    feeds: Set<Int64>? = nil, read: [Int64: Bool] = [:], starred: [Int64: Bool] = [:], readThrough: ReadThrough = ReadThrough()
  ) throws(CacheError) -> CountSnapshot {
    let perFeed = perFeedCounts(feeds: feeds)
    return try self.read { db in
      var snapshot = CountSnapshot()
      let all = try visible(ItemScope(.all), in: db)
      // A cursor's rows are read from the statement, a copy's through generic decoding: at 1,000 feeds
      // the copies were most of this read (docs/DECISIONS.md, "The first frame at a million, per feed").
      let rows = try Row.fetchCursor(db, sql: perFeed.sql, arguments: perFeed.arguments)
      while let row = try rows.next() {
        let feedID: Int64 = row[0]
        snapshot.unread[feedID] = row[1]
        snapshot.total[feedID] = row[2]
      }
      try Self.unreadAfter(readThrough, where: all, into: &snapshot, in: db)
      // Each feed's articles a mark not yet written makes read while the cache (or a range) says
      // unread, and the other way round: counted by the cache, one row per feed, however many marks.
      let unmarked = readThrough.unmarked
      let storedRead =
        readThrough.isEmpty ? SQLCondition("i.read = 1") : SQLCondition("(i.read = 1 OR NOT (\(unmarked.sql)))", unmarked.arguments)
      for value in [true, false] {
        let ids = Set(read.filter { $0.value == value }.keys)
        guard !ids.isEmpty else { continue }
        let differing = all && (value ? SQLCondition("NOT \(storedRead.sql)", storedRead.arguments) : storedRead)
        for (feedID, count) in try Self.perFeed(of: ids, where: differing, in: db) where feeds?.contains(feedID) != false {
          snapshot.unread[feedID, default: 0] += value ? -count : count
        }
      }
      for (id, flags) in try Self.storedFlags(of: Set(starred.keys), where: all, in: db) {
        if let value = starred[id], value != flags.starred { snapshot.starred += value ? 1 : -1 }
      }
      let starredScope = try visible(ItemScope(.starred), in: db)
      // Along the starred articles' own index: left to itself SQLite counts them by scanning a covering
      // index of every article (docs/DECISIONS.md, "Marks in a frame").
      snapshot.starred += try Self.count(starredScope, indexedBy: "items_starred_by_date", in: db)
      return snapshot
    }
  }

  /// The query feeds' counts as stored (no flags laid over but `readThrough`'s whole feeds marked
  /// read), then, in the same snapshot, `membership` of the articles `marked()` names once the counts
  /// are read. A count read off the main thread while marks go on needs the flags it counted of every
  /// article marked meanwhile: an article marked before `marked()` is called is read here, one marked
  /// after it was not yet written when the snapshot was taken (docs/ARCHITECTURE.md, "A mark, from key
  /// to count").
  public func scopeCounts(
    _ scopes: [ItemScope], readThrough: ReadThrough = ReadThrough(), thenMembershipOf marked: () -> Set<Int64>
  ) throws(CacheError) -> (counts: [ScopeCount], marked: [Int64: (read: Bool, scopes: [Bool])]) {
    try read { db in
      let counts = try scopes.map { try scopeCount($0, unmarked: readThrough.unmarked, in: db) }
      var found = try membership(of: marked(), in: scopes, db: db)
      if !readThrough.isEmpty {
        for (id, stored) in try Self.storedFlags(of: Set(found.keys), where: .always, in: db)
        where readThrough.covers(id: id, feedID: stored.feedID) {
          found[id]?.read = true
        }
      }
      return (counts, found)
    }
  }

  /// The feeds of `readThrough` in `snapshot` count as unread only their articles after the newest one
  /// marked: those a reload stored since, found along the rowid (the marked ones may still be unread in
  /// the cache while the mark is written).
  private static func unreadAfter(
    _ readThrough: ReadThrough, where all: SQLCondition, into snapshot: inout CountSnapshot, in db: Database
  ) throws {
    for limit in readThrough.limits {
      var after: [Int64: Int] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT i.feed_id, count(*) FROM items i NOT INDEXED WHERE i.id > ? AND i.read = 0 AND \(all.sql) GROUP BY i.feed_id",
        arguments: [limit] + all.arguments)
      {
        after[row[0]] = row[1]
      }
      for feed in snapshot.unread.keys where readThrough.through(feedID: feed) == limit {
        snapshot.unread[feed] = after[feed] ?? 0
      }
    }
  }

  /// `scope`'s unread and total articles as stored: from the kept counts when the scope is whole feeds'
  /// articles (a query feed of `unread = "yes"`), else article by article. `unmarked` leaves out of the
  /// unread count the articles whole-feeds marks not yet written make read.
  private func scopeCount(_ scope: ItemScope, unmarked: SQLCondition, in db: Database) throws -> ScopeCount {
    let ignoring = ignoring.withLock { $0 }
    let counted = { (scope: ItemScope, unmarked: SQLCondition) throws -> Int in
      guard ignoring.live.isEmpty, unmarked.sql == SQLCondition.always.sql,
        let query = FeedCounts.count(of: scope, flagged: ignoring.flagged)
      else {
        return try Self.count(try self.visible(scope, in: db) && unmarked, in: db)
      }
      return try Int.fetchOne(db, sql: query.sql, arguments: query.arguments) ?? 0
    }
    var unreadScope = scope
    unreadScope.unreadOnly = true
    return ScopeCount(unread: try counted(unreadScope, unmarked), total: try counted(scope, .always))
  }

  /// Each feed's unread and total articles as lists show them (`feeds` only, when given; feeds without
  /// one absent): from `feed_counts` (`FeedCounts`), one row per feed, unless ignore rules are tested on
  /// read, which test every article.
  private func perFeedCounts(feeds: Set<Int64>?) -> SQLCondition {
    let ignoring = ignoring.withLock { $0 }
    let ids = feeds.map { [Self.jsonArray($0)] as StatementArguments } ?? []
    let only = { (column: String) in feeds == nil ? "" : " AND \(column) IN (SELECT value FROM json_each(?))" }
    if ignoring.live.isEmpty {
      let columns = FeedCounts.columns(flagged: ignoring.flagged)
      return SQLCondition(
        "SELECT c.feed_id, \(columns.unread), \(columns.total) FROM feed_counts c WHERE \(columns.total) > 0\(only("c.feed_id"))",
        ids)
    }
    let shown = ignoredHidden(now: Date())
    return SQLCondition(
      "SELECT i.feed_id, sum(i.read = 0), count(*) FROM items i WHERE \(shown.sql)\(only("i.feed_id")) GROUP BY i.feed_id",
      shown.arguments + ids)
  }

  private static func count(_ condition: SQLCondition, indexedBy index: String? = nil, in db: Database) throws -> Int {
    let table = index.map { "items i INDEXED BY \($0)" } ?? "items i"
    return try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE \(condition.sql)", arguments: condition.arguments) ?? 0
  }

  /// Ids as a JSON array for `json_each`: one statement whatever their number (SQLite limits bound
  /// variables).
  private static func jsonArray(_ ids: Set<Int64>) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

  /// How many of the articles `ids` that `condition` lists each feed has.
  private static func perFeed(of ids: Set<Int64>, where condition: SQLCondition, in db: Database) throws -> [Int64: Int] {
    let member = condition && SQLCondition("i.id IN (SELECT value FROM json_each(?))", [jsonArray(ids)])
    var found: [Int64: Int] = [:]
    for row in try Row.fetchAll(
      db, sql: "SELECT i.feed_id, count(*) FROM items i WHERE \(member.sql) GROUP BY i.feed_id", arguments: member.arguments)
    {
      found[row[0]] = row[1]
    }
    return found
  }

  /// The stored flags of the articles `ids` that `condition` lists.
  private static func storedFlags(of ids: Set<Int64>, where condition: SQLCondition, in db: Database) throws
    -> [Int64: (feedID: Int64, read: Bool, starred: Bool)]
  {
    guard !ids.isEmpty else { return [:] }
    var found: [Int64: (feedID: Int64, read: Bool, starred: Bool)] = [:]
    let member = condition && SQLCondition("i.id IN (SELECT value FROM json_each(?))", [jsonArray(ids)])
    for row in try Row.fetchAll(
      db, sql: "SELECT i.id, i.feed_id, i.read, i.starred FROM items i WHERE \(member.sql)", arguments: member.arguments)
    {
      found[row[0]] = (row[1], row[2], row[3])
    }
    return found
  }
}

extension Cache {
  /// For each of the articles `ids` that lists show: its stored read flag and which of `scopes` list it.
  /// Read by id, so it costs little however slow the scopes are to count (a query feed's regular
  /// expression over every article): what follows a mark without counting a query feed again.
  public func membership(of ids: [Int64], in scopes: [ItemScope]) throws(CacheError) -> [Int64: (read: Bool, scopes: [Bool])] {
    try read { db in try membership(of: Set(ids), in: scopes, db: db) }
  }

  private func membership(of ids: Set<Int64>, in scopes: [ItemScope], db: Database) throws
    -> [Int64: (read: Bool, scopes: [Bool])]
  {
    var found = try Self.storedFlags(of: ids, where: try visible(ItemScope(.all), in: db), in: db)
      .mapValues { (read: $0.read, scopes: [Bool]()) }
    for scope in scopes {
      let listed = try Self.storedFlags(of: ids, where: try visible(scope, in: db), in: db)
      for id in found.keys { found[id]?.scopes.append(listed[id] != nil) }
    }
    return found
  }

  /// The stored read and star flags of the articles `ids` (those still in the cache): what rows read
  /// before a mark was written take once it is.
  public func flags(of ids: [Int64]) throws(CacheError) -> [Int64: (read: Bool, starred: Bool)] {
    try read { db in
      try Self.storedFlags(of: Set(ids), where: .always, in: db).mapValues { ($0.read, $0.starred) }
    }
  }
}
