/// Whole feeds marked read up to an article (`A` on a feed, `C`) and not yet written: each such feed's
/// articles up to that one read, as `Cache.markRead(feeds:through:wrote:)` will make them. Counts and
/// flags are read as if it were written, without listing the articles (a million of them at `C`:
/// docs/ARCHITECTURE.md, "A mark, from key to count").
public struct ReadThrough: Sendable, Equatable {
  /// The newest article marked read in every feed (a `C`), and in some feeds.
  private var everyFeed: Int64?
  private var someFeeds: [Int64: Int64] = [:]

  public init() {}

  public var isEmpty: Bool { everyFeed == nil && someFeeds.isEmpty }

  /// Adds a mark of `feeds` (every feed when nil) up to article `through`.
  public mutating func add(feeds: Set<Int64>?, through: Int64) {
    guard let feeds else { return everyFeed = max(everyFeed ?? 0, through) }
    for feed in feeds { someFeeds[feed] = max(someFeeds[feed] ?? 0, through) }
  }

  /// The newest article marked read in feed `feedID`, if any is.
  public func through(feedID: Int64) -> Int64? {
    switch (everyFeed, someFeeds[feedID]) {
    case (let all?, let some?): max(all, some)
    case (let all, let some): all ?? some
    }
  }

  /// Whether the article `id` of feed `feedID` is marked read.
  public func covers(id: Int64, feedID: Int64) -> Bool { through(feedID: feedID).map { id <= $0 } ?? false }

  /// Every article's newest marked, one for each value (what one count reads).
  var limits: Set<Int64> { Set(someFeeds.values).union(everyFeed.map { [$0] } ?? []) }

  /// The articles none of these marks covers, as a condition on `items i`.
  var unmarked: SQLCondition {
    var condition = everyFeed.map { SQLCondition("i.id > ?", [$0]) } ?? .always
    for (limit, feeds) in Dictionary(grouping: someFeeds, by: \.value) {
      let ids = "[" + feeds.map { String($0.key) }.joined(separator: ",") + "]"
      condition = condition && SQLCondition("NOT (i.id <= ? AND i.feed_id IN (SELECT value FROM json_each(?)))", [limit, ids])
    }
    return condition
  }
}
