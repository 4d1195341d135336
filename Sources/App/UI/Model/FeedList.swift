import Reader

/// The feeds of this run in list order, with their counts: what the feed list shows and what `n` walks.
/// Counts follow read marks at once; titles, counts and errors are re-read from the cache after a reload.
@MainActor
public final class FeedList {
  public private(set) var feeds: [CachedFeed]

  init(_ feeds: [CachedFeed]) { self.feeds = feeds }

  func feed(id: Int64?) -> CachedFeed? { feeds.first { $0.id == id } }

  /// One article of feed `id` was read.
  func articleRead(inFeed id: Int64) {
    guard let index = feeds.firstIndex(where: { $0.id == id }) else { return }
    feeds[index].unreadCount = max(0, feeds[index].unreadCount - 1)
  }

  /// Re-reads every feed of the run from `cache`, keeping the run's order.
  func refresh(from cache: Cache) throws {
    let byID = Dictionary(try cache.feeds().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    feeds = feeds.map { byID[$0.id] ?? $0 }
  }

  /// `feed` takes `old`'s place (a feed a web page advertised replaces the page), or joins the end.
  func replace(_ old: CachedFeed, with feed: CachedFeed) {
    if let index = feeds.firstIndex(where: { $0.id == old.id }) { feeds[index] = feed } else { feeds.append(feed) }
  }
}
