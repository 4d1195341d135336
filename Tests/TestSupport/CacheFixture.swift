import Foundation
import Reader

/// The tests' one cache fixture: a cache file of its own in a temporary folder (removed with the
/// fixture), with feeds added by address (not fetched). Tests that need parsed feeds already stored use
/// `ScratchCache.make`, the reader's own scratch cache.
public struct CacheFixture: Sendable {
  public let dir: TemporaryDirectory
  public let cache: Cache
  /// The added feeds' ids, in the order given.
  public let feedIDs: [Int64]

  public init(_ name: String, file: String = "cache.db", feeds: [String] = []) throws {
    dir = try TemporaryDirectory(name)
    cache = try Cache(path: dir.path(file))
    feedIDs = try cache.addFeeds(urls: feeds).map(\.id)
  }

  /// With `stored` feeds added and stored as a reload stores them (parsed here, not fetched), and
  /// indexed for search as the reader's indexer would (`indexed` false leaves them queued).
  public init(_ name: String, stored: [(url: String, feed: Feed)], indexed: Bool = true) throws {
    try self.init(name, feeds: stored.map(\.url))
    for (feedID, source) in zip(feedIDs, stored) {
      try cache.storeNow(source.feed, feedID: feedID, validators: Validators())
    }
    if indexed { try cache.indexForSearchNow() }
  }

  /// The cache file's path (to open it again, or a second time).
  public var path: String { cache.path }
}

extension Cache {
  /// Marks every article of a feed read, as the reader's mark-feed-read does: article by article.
  public func markFeedRead(_ feedID: Int64) throws {
    try setRead(true, itemIDs: try items(feedID: feedID).map(\.id))
  }
}
