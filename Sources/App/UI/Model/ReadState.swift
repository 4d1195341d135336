import Reader

/// Which articles are read: the cache's flags, plus the articles opened in this run, whose cache write may
/// still be in flight (so an opened article never flashes back to unread).
@MainActor
public final class ReadState {
  private var openedIDs: Set<Int64> = []

  init() {}

  public func isRead(_ item: ItemSummary) -> Bool { item.isRead || openedIDs.contains(item.id) }
  func wasOpened(_ id: Int64) -> Bool { openedIDs.contains(id) }

  /// Records that article `id` was opened; true when that made it read.
  @discardableResult
  func markOpened(_ id: Int64, wasRead: Bool) -> Bool {
    let inserted = openedIDs.insert(id).inserted
    return inserted && !wasRead
  }
}
