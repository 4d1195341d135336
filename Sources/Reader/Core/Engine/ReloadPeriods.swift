import Foundation

/// The `reload-period` lines (DESIGN §8): the least time between two fetches of a feed, chosen by the
/// feed's address, one of its tags (`tag:NAME`) or `*`. The feed's own line wins over its tags' (the
/// shortest of those), which win over `*`. Only reloads that ask what is due obey it (`ReloadMode.due`):
/// a feed named, `--force` and Ctrl-R still ask.
public struct ReloadPeriods: Equatable, Sendable {
  /// What a line names: the form `always-full-article` and `ignore-article` use (an address as in the
  /// urls file, or `*`), plus `tag:NAME`.
  public enum Selector: Hashable, Sendable {
    case all
    case tag(String)
    case feed(String)

    /// `*`, `tag:NAME`, else a feed address (as the urls file's key for it).
    public init(parsing text: String) {
      if text == "*" {
        self = .all
      } else if text.hasPrefix("tag:"), text.count > 4 {
        self = .tag(String(text.dropFirst(4)))
      } else {
        self = .feed((try? FeedSource(parsing: text).url.absoluteString) ?? text)
      }
    }
  }

  /// Seconds per selector; a later line for the same selector replaces an earlier one.
  public var rules: [Selector: Double] = [:]

  public init(rules: [Selector: Double] = [:]) { self.rules = rules }

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
