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

/// An `ignore-article FEED|tag:TAG|* "expression"` line as the config gives it. The cache applies rules
/// by feed address (`IgnoreRule`), so a tag's line becomes one rule per feed of that tag, made by `rules`
/// over the run's feeds — the reader's and `splitfeed reload`'s alike, so both flag the same articles.
public struct IgnoreArticleLine: Sendable, Hashable {
  public var selector: FeedSelector
  public var expression: FilterExpression

  public init(selector: FeedSelector, expression: FilterExpression) {
    self.selector = selector
    self.expression = expression
  }

  /// The rules `lines` make over `feeds`, in the lines' order; a tag's feeds by address, sorted, so two
  /// runs over the same feeds in another order give the same rules (the stored flags are not set again:
  /// `Cache.setIgnoreRules`). A tag no feed carries makes no rule.
  public static func rules(_ lines: [IgnoreArticleLine], for feeds: [CachedFeed]) -> [IgnoreRule] {
    lines.flatMap { line -> [IgnoreRule] in
      switch line.selector {
      case .all: return [IgnoreRule(feedURL: nil, expression: line.expression)]
      case .feed(let url): return [IgnoreRule(feedURL: url, expression: line.expression)]
      case .tag:
        return Set(feeds.filter(line.selector.selects).map(\.url)).sorted()
          .map { IgnoreRule(feedURL: $0, expression: line.expression) }
      }
    }
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
