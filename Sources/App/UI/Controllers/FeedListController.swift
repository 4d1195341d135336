import Reader
import ScreenKit

/// The list of feeds at the root of the Feeds tab when there are several (SPEC §1, issue 5 "Screens"):
/// each feed's title with its unread/total counts, and `!` before a feed whose last reload failed (the
/// error itself is in the status line after a reload). Enter pushes the feed's articles (`show`), or for
/// a web page that advertises feeds, the list of those feeds (`OfferedFeedsController`).
@MainActor
final class FeedListController: ListController {
  let session: ReadingSession

  init(session: ReadingSession) {
    self.session = session
    super.init()
    title = "Feeds"
    reloadData()
  }

  var feeds: [CachedFeed] { session.feeds }

  override var rowCount: Int { feeds.count }
  override func rowText(at index: Int) -> String {
    let feed = feeds[index]
    return (feed.lastError == nil ? "" : "! ") + feed.displayTitle
  }
  override func rowStyle(at index: Int, theme: Theme) -> Style {
    if feeds[index].lastError != nil { return theme.error }
    return feeds[index].unreadCount > 0 ? theme.unread : theme.list
  }
  override var accessoryWidth: Int { 13 }
  override var accessoryMinWidth: Int { 24 }
  override func rowAccessory(at index: Int, theme: Theme) -> (text: String, style: Style)? {
    let feed = feeds[index]
    return ("\(feed.unreadCount)/\(feed.totalCount)", theme.list)
  }
  override var emptyText: String { "No feeds" }

  /// The row of feed `id`, selected.
  func select(feedID: Int64) {
    if let index = feeds.firstIndex(where: { $0.id == feedID }) { selectRow(index) }
  }

  /// A feed whose address gave a web page that advertises feeds offers them (issue 6); others show their
  /// articles.
  override func didActivateRow(at index: Int) {
    let feed = feeds[index]
    if feed.offeredFeeds.isEmpty {
      show(ArticleListController(feed: feed, session: session))
    } else {
      show(OfferedFeedsController(page: feed, session: session))
    }
  }
}
