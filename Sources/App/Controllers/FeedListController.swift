import Reader

/// The list of feeds at the root of the Feeds tab when there are several (SPEC §1); Enter pushes the
/// feed's articles on the navigation stack (`show`).
@MainActor
final class FeedListController: ListController {
  let feeds: [Feed]
  let session: ReadingSession

  init(feeds: [Feed], session: ReadingSession) {
    self.feeds = feeds
    self.session = session
    super.init()
    title = "Feeds"
    reloadData()
  }

  override var rowCount: Int { feeds.count }
  override func rowText(at index: Int) -> String {
    let feed = feeds[index]
    return "\(feed.title.isEmpty ? "(untitled feed)" : feed.title) (\(feed.items.count))"
  }
  override var emptyText: String { "No feeds" }

  override func didActivateRow(at index: Int) {
    show(ArticleListController(feed: feeds[index], session: session))
  }
}
