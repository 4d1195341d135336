import Reader

/// Which articles are read: the cache's flags, overridden by what this run changed (articles opened and
/// marks by hand), whose cache writes may still be in flight, so a mark never flashes back. Also whether
/// lists hide read articles (`U`, the `show-read-articles` setting).
@MainActor
public final class ReadState {
  /// Article id → read, for every article this run opened or marked; the latest change wins.
  private var overrides: [Int64: Bool] = [:]
  /// Lists show only unread articles, and the feed list only feeds with unread articles.
  public internal(set) var hidesRead: Bool

  init(hidesRead: Bool = false) { self.hidesRead = hidesRead }

  public func isRead(_ item: ItemSummary) -> Bool { overrides[item.id] ?? item.isRead }
  /// Whether article `id` is read, given the cache's flag `cached` (read before this run's changes).
  func isRead(id: Int64, cached: Bool) -> Bool { overrides[id] ?? cached }
  /// Whether this run made article `id` read (its cache flag may still say unread).
  func wasMadeRead(_ id: Int64) -> Bool { overrides[id] == true }

  /// Records that article `id` was opened; true when that made it read.
  @discardableResult
  func markOpened(_ id: Int64, wasRead: Bool) -> Bool {
    overrides[id] = true
    return !wasRead
  }

  /// Gives articles `ids` the read flag `read`.
  func set(_ read: Bool, _ ids: [Int64]) {
    for id in ids { overrides[id] = read }
  }
}
