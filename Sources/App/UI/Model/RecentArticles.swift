import Reader

/// The Recent list (DESIGN §1): newest first, deduplicated, at most `Cache.recentLimit`; the cache keeps it
/// across runs, written together with the read flag when an article is opened.
@MainActor
public final class RecentArticles {
  public internal(set) var items: [ItemSummary]

  init(_ items: [ItemSummary]) { self.items = items }

  /// `item` goes to the top, any older entry of it goes. Its flags are kept by `ArticleFlags`.
  func record(_ item: ItemSummary) {
    items.removeAll { $0.id == item.id }
    items.insert(item, at: 0)
    if items.count > Cache.recentLimit { items.removeLast(items.count - Cache.recentLimit) }
  }
}
