import Reader

/// An article list points at its selected row; as a whole it is its feed, or what it reads from the cache
/// (`Target`). It is also the list `J`, `K` and `n` move through while an article opened from it is read
/// (DESIGN §5): in its own order, filter and search, so triaging Unread, a query feed or a search's
/// results never leaves them.
extension ArticleListController: Pointing {
  var target: Target? { item(at: selectedIndex).map { .article(PointedArticle($0)) } }

  var whole: Target? {
    if case .feed(let id) = source, search == nil, filter == nil, let feed = session.feeds.first(where: { $0.id == id }) {
      return .feed(feed)
    }
    return .list(source, scope: listedScope)
  }

  /// Recent is no list to narrow or read on through: it keeps the order articles were opened in, and
  /// opening one moves it to the top (`J` there reads on in the article's feed, as before).
  var list: ArticleListController? { isQueryable ? self : nil }

  /// The row of article `itemID`, selected (nil when it is not listed).
  private func row(of itemID: Int64) -> Int? {
    if item(at: selectedIndex)?.id == itemID { return selectedIndex }
    return select(itemID: itemID) ? selectedIndex : nil
  }

  /// The row `step` rows from article `itemID` (`J` 1, `K` -1), nil past either end. An article that has
  /// left the list (an unread-only list re-read after it was read) left the selection in its place: the
  /// row there comes next, the one above before.
  func row(from itemID: Int64, step: Int) -> Int? {
    let index = row(of: itemID).map { $0 + step } ?? (step > 0 ? selectedIndex : selectedIndex - 1)
    return index >= 0 && index < rowCount ? index : nil
  }

  /// The first unread row after (`step` 1) or before (-1) article `itemID`, from the top (the bottom)
  /// when it is not listed; nil when none is left that way. The walk goes over the rows already read;
  /// past them it asks the cache for the next unread article (`unreadRow(after:step:)`) instead of
  /// reading every page between on the key's path (thousands of them in a long list mostly read), and
  /// a list sorted in the background reads no page it does not show.
  func unreadRow(from itemID: Int64?, step: Int) -> Int? {
    let start = itemID.flatMap(row(of:))
    var index = start.map { $0 + step } ?? (step > 0 ? 0 : rowCount - 1)
    var walked = start == nil ? nil : itemID
    while index >= 0 && index < rowCount {
      if scope != nil, pages[index / Self.pageSize] == nil { return unreadRow(after: walked, step: step) }
      guard let item = item(at: index) else {
        index += step
        continue
      }
      if !session.flags.isRead(item.id) { return index }
      walked = item.id
      index += step
    }
    return nil
  }

  /// The row of the first article past `itemID` (the list's top or bottom when nil) that is unread, found
  /// by the cache in the list's order, its page read now. An article the cache still holds unread may
  /// carry a mark of its own not yet written: the search goes on past it.
  private func unreadRow(after itemID: Int64?, step: Int) -> Int? {
    guard let scope else { return nil }
    var anchor = itemID
    do {
      while let article = try session.cache.unreadArticle(
        in: scope, from: anchor, step: step, readThrough: session.flags.readThrough)
      {
        session.flags.take([article])
        anchor = article.id
        guard !session.flags.isRead(article.id) else { continue }
        guard let row = try session.cache.position(ofItem: article.id, in: scope, of: count) else { return nil }
        return item(at: row, waiting: true) == nil ? nil : row
      }
    } catch {
      session.status.notify(.failure("\(error)"))
    }
    return nil
  }

  /// Selects row `index` and opens its article, as Enter does.
  func openRow(_ index: Int) {
    selectRow(index)
    didActivateRow(at: index)
  }
}
