import Reader

/// The Recent list (DESIGN §1): newest first, deduplicated, at most `Cache.recentLimit`; the cache keeps it
/// across runs, written together with the read flag when an article is opened.
@MainActor
public final class RecentArticles {
  public internal(set) var items: [ItemSummary]

  init(_ items: [ItemSummary]) { self.items = items }

  /// `item` goes to the top (read), any older entry of it goes.
  func record(_ item: ItemSummary) {
    var entry = item
    entry.isRead = true
    items.removeAll { $0.id == item.id }
    items.insert(entry, at: 0)
    if items.count > Cache.recentLimit { items.removeLast(items.count - Cache.recentLimit) }
  }
}

extension RecentArticles {
  /// The cache's flags for the articles listed (`flags`: id → read and starred), once this run's marks
  /// are written: the cache is the truth, and these rows were copied before.
  func takeFlags(_ flags: [Int64: (read: Bool, starred: Bool)]) {
    for index in items.indices {
      guard let stored = flags[items[index].id] else { continue }
      items[index].isRead = stored.read
      items[index].isStarred = stored.starred
    }
  }
}
