import Reader

/// Where `n`, `J` and `K` go (DESIGN §5): the next unread article in feed order, and the open article's
/// neighbours. It keeps no state of its own — it reads the cache, the feeds and the flag store — so it
/// has no `apply`: no event changes where it leads.
@MainActor
public struct Navigation {
  let cache: Cache
  let feedList: FeedList
  let flags: ArticleFlags
  let board: StatusBoard

  // MARK: Next unread (DESIGN §5 `n`)

  /// The next unread article after `itemID` in feed `feedID`, else the first unread one of the following
  /// feeds (wrapping round to the feeds before, and to the start of the current one).
  func nextUnread(feedID: Int64?, after itemID: Int64?) -> (feed: CachedFeed, item: ItemSummary)? {
    let feeds = feedList.feeds
    let start = feeds.firstIndex { $0.id == feedID } ?? 0
    let order = feeds.indices.map { feeds[(start + $0) % feeds.count] }
    do {
      // A feed whose count is nothing has nothing to find (after `C` its articles may still be unread in
      // the cache, each one made read: walking them would be a query each).
      for (n, feed) in order.enumerated() where feed.unreadCount > 0 {
        let after = n == 0 && feed.id == feedID ? itemID : nil
        if let item = try firstUnopened(feedID: feed.id, after: after) { return (feed, item) }
      }
      // Back round to the unread articles above the current one.
      if let feedID, itemID != nil, let feed = feedList.feed(id: feedID),
        let item = try firstUnopened(feedID: feedID, after: nil)
      {
        return (feed, item)
      }
    } catch {
      board.fail(error)
    }
    return nil
  }

  /// The first unread article after `itemID` that this run did not make read (its read flag may not be
  /// written yet).
  private func firstUnopened(feedID: Int64, after itemID: Int64?) throws -> ItemSummary? {
    var cursor = itemID
    while let item = try cache.nextUnread(feedID: feedID, after: cursor) {
      if !flags.isMadeRead(item.id, feedID: item.feedID) { return item }
      cursor = item.id
    }
    return nil
  }

  // MARK: Next / previous article (`J` / `K`)

  /// The article after (`step` 1) or before (-1) `article` in its feed's list; past the end, the first
  /// article of the next feed that has any (the last of the previous one going back), like `n`.
  func neighbour(of article: CachedArticle?, step: Int) -> (feed: CachedFeed, item: ItemSummary)? {
    let feeds = feedList.feeds
    guard let article, let start = feeds.firstIndex(where: { $0.id == article.feedID }) else { return nil }
    do {
      if let position = try cache.position(ofItem: article.id, in: ItemScope(feedID: article.feedID)), position + step >= 0,
        let item = try cache.items(feedID: article.feedID, limit: 1, offset: position + step).first
      {
        return (feeds[start], item)
      }
      for n in 1..<max(1, feeds.count) {
        let feed = feeds[(start + n * step % feeds.count + feeds.count) % feeds.count]
        guard feed.totalCount > 0 else { continue }
        let offset = step > 0 ? 0 : feed.totalCount - 1
        if let item = try cache.items(feedID: feed.id, limit: 1, offset: offset).first { return (feed, item) }
      }
    } catch {
      board.fail(error)
    }
    return nil
  }
}
