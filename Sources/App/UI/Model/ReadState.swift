import Reader

/// Which articles are read: the cache's flags, overridden by what this run changed (articles opened and
/// marks by hand), whose cache writes may still be in flight, so a mark never flashes back. Also whether
/// lists hide read articles (`U`, the `show-read-articles` setting).
@MainActor
public final class ReadState {
  /// Article id → its feed and read flag, for every article this run opened or marked; the latest wins.
  private var overrides: [Int64: (feedID: Int64, read: Bool)] = [:]
  /// Lists show only unread articles, and the feed list only feeds with unread articles.
  public internal(set) var hidesRead: Bool

  init(hidesRead: Bool = false) { self.hidesRead = hidesRead }

  public func isRead(_ item: ItemSummary) -> Bool { overrides[item.id]?.read ?? item.isRead }
  /// Whether article `id` is read, given the cache's flag `cached` (read before this run's changes).
  func isRead(id: Int64, cached: Bool) -> Bool { overrides[id]?.read ?? cached }
  /// Whether this run made article `id` read (its cache flag may still say unread).
  func wasMadeRead(_ id: Int64) -> Bool { overrides[id]?.read == true }

  /// The articles of feeds `feedIDs` (every feed when nil) this run made unread: the cache may still
  /// call them read, so marking those feeds read must add them.
  func madeUnread(inFeeds feedIDs: Set<Int64>?) -> [MarkedItem] {
    overrides.compactMap { id, value in
      !value.read && feedIDs?.contains(value.feedID) != false ? MarkedItem(id: id, feedID: value.feedID) : nil
    }
  }

  /// Records that `article` was opened; true when that made it read.
  @discardableResult
  func markOpened(_ article: MarkedItem, wasRead: Bool) -> Bool {
    overrides[article.id] = (article.feedID, true)
    return !wasRead
  }

  /// Gives `items` the read flag `read`.
  func set(_ read: Bool, _ items: [MarkedItem]) {
    for item in items { overrides[item.id] = (item.feedID, read) }
  }
}
