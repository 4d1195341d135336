import Reader

/// The list of a feed's articles (SPEC §1, the tutorial's TopicsTableViewController): titles wrapped
/// to three lines, unread ones bold; opening one goes through the session and `showDetail`.
@MainActor
final class ArticleListController: ListController {
  private(set) var items: [Item]
  let session: ReadingSession

  init(title: String, items: [Item], session: ReadingSession) {
    self.items = items
    self.session = session
    super.init()
    self.title = title
    reloadData()
  }

  convenience init(feed: Feed, session: ReadingSession) {
    self.init(title: feed.title.isEmpty ? "Articles" : feed.title, items: feed.items, session: session)
  }

  /// Replaces the items, keeping the selection on the same article when it is still there.
  func setItems(_ newItems: [Item], following item: Item? = nil) {
    items = newItems
    reloadData()
    if let item, let index = items.firstIndex(where: { ReadingSession.key($0) == ReadingSession.key(item) }) {
      selectRow(index)
    }
  }

  override var rowCount: Int { items.count }
  override func rowText(at index: Int) -> String { items[index].title.isEmpty ? "(untitled)" : items[index].title }
  override func rowStyle(at index: Int) -> Style { session.isRead(items[index]) ? .plain : .bold }
  override var emptyText: String { "No articles" }

  override func didActivateRow(at index: Int) {
    let item = items[index]
    session.select(item)
    showDetail(ArticleController(item: item, configuration: session.configuration))
  }
}
