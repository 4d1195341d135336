import Foundation

/// The `reload-period` lines (DESIGN §8): the least time between two fetches of a feed, chosen by the
/// feed's address, one of its tags (`tag:NAME`) or `*` (`FeedSelector`). The feed's own line wins over
/// its tags' (the shortest of those), which win over `*`. Only reloads that ask what is due obey it (`ReloadMode.due`):
/// a feed named, `--force` and Ctrl-R still ask.
public struct ReloadPeriods: Equatable, Sendable {
  /// Seconds per selector; a later line for the same selector replaces an earlier one.
  public var rules: [FeedSelector: Double] = [:]

  public init(rules: [FeedSelector: Double] = [:]) { self.rules = rules }

  /// The period that applies to `feed`, nil when no line names it.
  public func period(for feed: CachedFeed) -> Double? {
    if let own = rules[.feed(feed.url)] { return own }
    if let tagged = feed.tags.compactMap({ rules[.tag($0)] }).min() { return tagged }
    return rules[.all]
  }

  /// When `feed`, last fetched at `feed.lastFetch`, is next due by these lines; nil when due now or
  /// never fetched.
  public func due(_ feed: CachedFeed, at now: Date) -> Date? {
    guard let period = period(for: feed), let last = feed.lastFetch else { return nil }
    let due = last.addingTimeInterval(period)
    return due > now ? due : nil
  }
}
