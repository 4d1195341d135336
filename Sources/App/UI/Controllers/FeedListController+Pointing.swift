/// The feed list points at its selected row: a feed, or the articles a smart row, a query feed or a tag
/// stands for (`A` marks them, `r` reloads a tag's feeds). It is no more than its selection, and no
/// article list (`/` from here searches every feed).
extension FeedListController: Pointing {
  var target: Target? {
    selectedFeed.map(Target.feed) ?? selectedList.map { .list($0, scope: $0.scope(hidesRead: false)) }
  }
  var whole: Target? { nil }
  var list: ArticleListController? { nil }
}
