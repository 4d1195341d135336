import Reader

/// The feeds of this run in list order, with their counts: what the feed list shows and what `n` walks.
/// Counts follow read marks at once; titles, counts and errors are re-read from the cache after a reload.
@MainActor
public final class FeedList {
  public private(set) var feeds: [CachedFeed]
  /// Starred articles of every feed (the Starred entry's count).
  public private(set) var starredCount = 0

  init(_ feeds: [CachedFeed]) { self.feeds = feeds }

  func feed(id: Int64?) -> CachedFeed? { feeds.first { $0.id == id } }

  /// Unread articles of every feed of the run (the Feeds tab's count).
  var unreadCount: Int { feeds.reduce(0) { $0 + $1.unreadCount } }

  /// One article of feed `id` was read.
  func articleRead(inFeed id: Int64) { addUnread(-1, inFeed: id) }

  /// `delta` articles of feed `id` became unread (negative: read).
  func addUnread(_ delta: Int, inFeed id: Int64) {
    guard let index = feeds.firstIndex(where: { $0.id == id }) else { return }
    feeds[index].unreadCount = min(feeds[index].totalCount, max(0, feeds[index].unreadCount + delta))
  }

  func addStarred(_ delta: Int) { starredCount = max(0, starredCount + delta) }

  func readStarredCount(from cache: Cache) throws { starredCount = try cache.count(in: ItemScope(.starred)) }

  /// Re-reads every feed of the run from `cache`, keeping the run's order and the urls file's titles and
  /// hidden flags (which the cache does not hold), and the starred count.
  func refresh(from cache: Cache) throws {
    let byID = Dictionary(try cache.feeds().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    feeds = feeds.map { byID[$0.id]?.keepingUrlsSettings(of: $0) ?? $0 }
    try readStarredCount(from: cache)
  }

  /// After a sync: the server's feeds as the cache now holds them (new subscriptions in, dropped ones
  /// out), then this run's local feeds (keeping the urls file's titles and hidden flags), and the starred
  /// count.
  func refreshSynced(from cache: Cache) throws {
    let all = try cache.feeds()
    let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let local = feeds.compactMap { byID[$0.id]?.keepingUrlsSettings(of: $0) ?? $0 }.filter { $0.remoteID == nil }
    feeds = all.filter { $0.remoteID != nil } + local
    try readStarredCount(from: cache)
  }

  /// `feed` takes `old`'s place (a feed a web page advertised replaces the page), or joins the end.
  func replace(_ old: CachedFeed, with feed: CachedFeed) {
    if let index = feeds.firstIndex(where: { $0.id == old.id }) { feeds[index] = feed } else { feeds.append(feed) }
  }
}
