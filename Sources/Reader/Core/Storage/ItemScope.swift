import Foundation
import GRDB

/// Which articles a list shows and in what order: a feed's, the starred ones, every feed's, a tag's
/// feeds', or those a query feed's expression selects; with `unreadOnly` only unread ones, narrowed by
/// a `filter` (`F`) and a `search` (`/`), ordered by `sort`. Lists filter and order in SQL, so a page
/// costs about the same on a 100,000-article list.
public struct ItemScope: Sendable, Equatable, Hashable {
  public enum Source: Sendable, Equatable, Hashable {
    case feed(Int64)
    case starred
    /// Every feed's articles (the Unread smart feed is `.all` with `unreadOnly`, a search from the Feeds
    /// tab searches `.all`).
    case all
    /// The articles of the feeds carrying this tag.
    case tag(String)
    /// A query feed's articles.
    case query(FilterExpression)
  }

  public var source: Source
  public var unreadOnly: Bool
  /// `F`: limits the list on screen by an expression.
  public var filter: FilterExpression?
  /// `/`: only the articles the search matches.
  public var search: SearchQuery?
  public var sort: ArticleSort

  public init(
    _ source: Source, unreadOnly: Bool = false, filter: FilterExpression? = nil, search: SearchQuery? = nil,
    sort: ArticleSort = .date
  ) {
    self.source = source
    self.unreadOnly = unreadOnly
    self.filter = filter
    self.search = search
    self.sort = sort
  }

  public init(feedID: Int64, unreadOnly: Bool = false) { self.init(.feed(feedID), unreadOnly: unreadOnly) }

  /// The WHERE condition (for `items` aliased `i`), ignore rules aside; `now` is when `age` counts from;
  /// `narrowSearch`: the search matches few articles (`SearchQuery.condition(narrow:)`); `searchByScan`:
  /// the search reads every article's text, not the index (`SearchIndexHealth`); `fewUnread`: a tenth of
  /// the cache's articles or fewer are unread (`Cache.fewUnread`).
  func condition(now: Date, narrowSearch: Bool = false, searchByScan: Bool = false, fewUnread: Bool = false) -> SQLCondition {
    // In an order no index serves, the whole list is read and sorted: `+` keeps SQLite from reading it
    // along the date index (which holds the read flag) and fetching each row from there for its title,
    // a million random reads against one pass over the table (docs/DECISIONS.md, "Sorting a million") —
    // unless few articles are unread: then the index's flag passes over the read ones without their rows,
    // and only the unread rows are fetched (docs/DECISIONS.md, "Unread by title, by the unread share").
    // The same for a query feed's or a filter's `unread = "yes"`.
    let unreadAlongDates = sort.walksAnIndex || fewUnread
    var condition: SQLCondition
    switch source {
    case .feed(let id): condition = SQLCondition("i.feed_id = ?", [id])
    case .starred: condition = SQLCondition("i.starred = 1")
    case .all: condition = .always
    case .tag(let name): condition = FilterNode.tag(name, contains: true).condition(now: now.timeIntervalSince1970)
    case .query(let expression): condition = expression.condition(now: now, unreadAlongDates: unreadAlongDates)
    }
    if unreadOnly { condition = condition && SQLCondition(unreadAlongDates ? "i.read = 0" : "+i.read = 0") }
    if let filter { condition = condition && filter.condition(now: now, unreadAlongDates: unreadAlongDates) }
    if let search { condition = condition && search.condition(narrow: narrowSearch, scan: searchByScan) }
    return condition
  }
}

extension ArticleSort {
  /// The list order as keys (a SQL expression over `items i`, and whether it runs high to low); the last
  /// key is the article id, so no two articles tie.
  var keys: [(sql: String, descending: Bool)] {
    switch self {
    case .date: return [("i.sort_date", true), ("i.id", true)]
    case .dateAsc: return [("i.sort_date", false), ("i.id", false)]
    case .title: return [("i.title COLLATE NOCASE", false), ("i.id", false)]
    case .author: return [("coalesce(i.author, '') COLLATE NOCASE", false), ("i.sort_date", true), ("i.id", true)]
    case .feed:
      return [("coalesce(f.title, '') COLLATE NOCASE", false), ("f.id", false), ("i.sort_date", true), ("i.id", true)]
    }
  }

  /// Whether a page in this order is read along an index (dates, feeds) rather than by sorting the whole
  /// list (title, author): only then is a count of a few rows in this order cheap.
  public var walksAnIndex: Bool { self != .title && self != .author }

  /// What a list in this order reads, as `items i` (and `feeds f` for the feed order). By feed, the feeds
  /// are walked in title order (`feeds_by_title`) and each feed's articles along its date index, so a page
  /// is read without sorting the list: 96 ms → 0.2 ms for the first page of 100,000 articles
  /// (docs/DECISIONS.md, "The feed order without a sort"). `CROSS JOIN` fixes that loop order.
  var from: String {
    self == .feed ? "feeds f CROSS JOIN items i ON i.feed_id = f.id" : "items i"
  }

  /// `ORDER BY …`.
  var orderBy: String { orderBy(reversed: false) }

  /// `ORDER BY …`, or its reverse (the list read from its end: the same index, walked the other way).
  func orderBy(reversed: Bool) -> String {
    keys.map { $0.sql + ($0.descending != reversed ? " DESC" : " ASC") }.joined(separator: ", ")
  }

  /// The keys' values of one article, in `keys` order, for a page that starts after it.
  var keyColumns: String { keys.map(\.sql).joined(separator: ", ") }

  /// The condition "comes after the article whose key values are `values`" (`before` reverses it).
  /// Keys all running one way compare as one row value, which an index on them serves.
  func after(_ values: [DatabaseValue], before: Bool = false) -> SQLCondition {
    let keys = self.keys
    let greater = { (descending: Bool) in descending == before ? ">" : "<" }
    if keys.allSatisfy({ $0.descending == keys[0].descending }) {
      let row = "(" + keys.map(\.sql).joined(separator: ", ") + ")"
      let marks = "(" + keys.map { _ in "?" }.joined(separator: ", ") + ")"
      return SQLCondition("\(row) \(greater(keys[0].descending)) \(marks)", StatementArguments(values))
    }
    var clauses: [String] = []
    var arguments: [DatabaseValue] = []
    for k in keys.indices {
      let equal = keys[..<k].map { "\($0.sql) = ?" }
      clauses.append("(" + (equal + ["\(keys[k].sql) \(greater(keys[k].descending)) ?"]).joined(separator: " AND ") + ")")
      arguments += values[...k]
    }
    return SQLCondition("(" + clauses.joined(separator: " OR ") + ")", StatementArguments(arguments))
  }
}
