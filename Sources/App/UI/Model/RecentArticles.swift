import Reader

/// The Recent list (DESIGN §1): newest first, deduplicated, at most `Cache.recentLimit`; the cache keeps it
/// across runs, written together with the read flag when an article is opened.
@MainActor
public final class RecentArticles {
  public private(set) var items: [ItemSummary]

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
