/// A `"query:Title:expression"` line of the urls file (newsboat's query feed): a list of every cached
/// article the expression selects, shown among the feeds under `title`.
public struct QueryFeed: Sendable, Hashable {
  public var title: String
  public var expression: FilterExpression
  /// The urls file's line, for messages.
  public var line: Int

  public init(title: String, expression: FilterExpression, line: Int) {
    self.title = title
    self.expression = expression
    self.line = line
  }
}

/// `ignore-article FEED|* "expression"` (newsboat's killfile): the articles of feed `feedURL` (every feed
/// when nil, the `*` form) that the expression selects are hidden everywhere — lists, counts, `n`, search.
public struct IgnoreRule: Sendable, Hashable {
  /// The feed's cache key (`CachedFeed.url`); nil = `*`.
  public var feedURL: String?
  public var expression: FilterExpression

  public init(feedURL: String?, expression: FilterExpression) {
    self.feedURL = feedURL
    self.expression = expression
  }
}

/// A tag as the Feeds tab lists it: its feeds and their counts (ignored articles not counted).
public struct TagSummary: Sendable, Equatable {
  public var name: String
  public var unreadCount: Int
  public var totalCount: Int
  /// The tagged feeds, in feed-list order.
  public var feedIDs: [Int64]

  public init(name: String, unreadCount: Int, totalCount: Int, feedIDs: [Int64]) {
    self.name = name
    self.unreadCount = unreadCount
    self.totalCount = totalCount
    self.feedIDs = feedIDs
  }
}
