import Foundation

/// Which feeds a per-feed setting line names (DESIGN §8): one feed by its address, every feed of a tag
/// (`tag:NAME`) or every feed (`*`). One form for every per-feed setting — `reload-period`,
/// `always-full-article`, `ignore-article` — so a line written for one is read the same by the others.
public enum FeedSelector: Hashable, Sendable {
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

  /// Whether the line names the feed at `url` with `tags`.
  public func selects(url: String, tags: [String]) -> Bool {
    switch self {
    case .all: return true
    case .tag(let name): return tags.contains(name)
    case .feed(let address): return address == url
    }
  }

  /// Whether the line names `feed`.
  public func selects(_ feed: CachedFeed) -> Bool { selects(url: feed.url, tags: feed.tags) }
}
