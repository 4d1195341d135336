import Reader

/// The open article points at itself; as a whole it is its feed (`A`, `r`). Its list is the one it was
/// opened from; once that has closed (and for the placeholder), the list beside it, where the keys that
/// change a list act (DESIGN §5).
extension ArticleController: Pointing {
  var target: Target? {
    guard let article, let session else { return nil }
    return .article(PointedArticle(article))
  }

  var whole: Target? {
    guard let article, let feed = session?.feeds.first(where: { $0.id == article.feedID }) else { return nil }
    return .feed(feed)
  }

  var list: ArticleListController? {
    let list = openedFrom ?? splitController?.primaryNavigation?.stack.last { $0 is ListController } as? ArticleListController
    return list?.list
  }
}
