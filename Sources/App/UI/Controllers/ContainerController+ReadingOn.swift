import Reader

/// Reading on (DESIGN §5): `J`/`K`, `n` and `P` move through the list the open article came from, in its
/// order and filter, and open the next article as Enter there would; past the end of a feed's own list,
/// and from the feed list, they go on into the next feed.
extension ContainerController {
  /// `J` / `K`: the next or previous article of the list it was opened from, in that list's order,
  /// filter and search, opened (and so read) in place of this one. Past the end of a feed's own list the
  /// reader goes on into the next feed (the previous one going back); any other list ends there, and
  /// says so.
  func openNeighbour(of article: PointedArticle, step: Int) {
    let list = pointer?.list
    if let list, let row = list.row(from: article.item.id, step: step) { return openRow(row, of: list) }
    var inFeedOrder = list == nil
    if case .feed? = list?.whole { inFeedOrder = true }
    if inFeedOrder, let (feed, item) = session.navigation.neighbour(of: session.selected, step: step), list == nil || feed.id != article.item.feedID {
      return show(item, of: feed)
    }
    session.status.notify(.noNeighbour(next: step > 0, list: list?.title))
  }

  /// `n`: the next unread article of the list on screen (or of the list the open article came from), in
  /// its order and filter. Past the end of a feed's own list, and from the feed list, the next feed with
  /// unread articles (DESIGN §5); any other list ends there, and says so.
  func openNextUnread() {
    let list = pointer?.list
    let open = session.selected
    if let list, let row = list.unreadRow(from: open?.id, step: 1) { return openRow(row, of: list) }
    var feedID = open?.feedID
    if let list {
      guard case .feed(let feed)? = list.whole else {
        return session.status.notify(.noMoreUnread(list: list.title))
      }
      feedID = feed.id
    } else if open == nil, case .feed(let feed)? = pointer?.target {
      feedID = feed.id
    }
    let afterID = open.flatMap { $0.feedID == feedID ? $0.id : nil }
    guard let (feed, item) = session.navigation.nextUnread(feedID: feedID, after: afterID) else {
      session.status.notify(.noUnread)
      return
    }
    show(item, of: feed)
  }

  /// `P`: the previous unread article of the list on screen, in its order and filter (newsboat's
  /// `prev-unread`; `p` is the publish-date popover here). It stays in the list, a feed's own list too.
  func openPreviousUnread() {
    guard let list = pointer?.list else {
      return session.status.notify(.previousUnreadNeedsList)
    }
    guard let row = list.unreadRow(from: session.selected?.id, step: -1) else {
      return session.status.notify(.noUnreadAbove(list: list.title))
    }
    openRow(row, of: list)
  }

  /// Opens row `row` of `list` as Enter there would. On a collapsed stack the article is popped first:
  /// only a stack's top is in the tree, and a list out of it could not route the article to the split.
  private func openRow(_ row: Int, of list: ArticleListController) {
    if let navigation = split.primaryNavigation, navigation.stack.contains(where: { $0 === list }) {
      popArticle(from: navigation)
    }
    list.openRow(row)
  }

  /// Takes a collapsed article off `navigation`, so the list under it is the top again.
  private func popArticle(from navigation: NavigationController) {
    if navigation.top is SecondaryContent { navigation.pop() }
  }

  /// Opens `item` from `feed`'s list on the Feeds tab, showing that list from the feed list when it is
  /// not the one shown: pushed, or in the middle column at three columns (DESIGN §3a).
  private func show(_ item: ItemSummary, of feed: CachedFeed) {
    guard let navigation = feedsNavigation, let tabs else { return }
    tabs.select(0)
    split.focus(split.listPane)
    popArticle(from: navigation)
    var target = (split.supplementary ?? navigation).top as? ArticleListController
    if target?.feedID != feed.id {
      while navigation.pop() != nil {}
      if let feedList = navigation.top as? FeedListController {
        feedList.select(feedID: feed.id)
        let articles = ArticleListController(feed: feed, session: session)
        feedList.show(articles)
        target = articles
      }
    }
    guard let target, target.select(itemID: item.id) else { return }
    target.didActivateRow(at: target.selectedIndex)
  }
}
