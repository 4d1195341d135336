import Reader
import ScreenKit

/// The list of feeds at the root of the Feeds tab when there are several (SPEC §1):
/// the **Starred** entry first, then each feed's title with its unread/total counts, `[local]` before a
/// feed a synced run fetches itself, and `!` before a feed whose last reload failed (the error itself is in the status line after a reload). Enter pushes
/// the feed's articles (`show`), the starred articles, or for a web page that advertises feeds, the list
/// of those feeds (`OfferedFeedsController`). With read articles hidden, feeds with nothing unread are
/// left out (decided when the rows are re-read, so a feed just marked read stays until then).
@MainActor
final class FeedListController: ListController {
  let session: ReadingSession

  enum Row: Equatable {
    case starred
    /// Index into `session.feeds`, whose counts follow marks at once.
    case feed(Int)
  }

  private(set) var rows: [Row] = []

  init(session: ReadingSession) {
    self.session = session
    super.init()
    title = "Feeds"
    reloadData()
    if rows.count > 1 { selectRow(1) }  // the first feed: Starred is one key up
  }

  override func reloadData() {
    let hidesRead = session.readState.hidesRead
    rows = [.starred] + session.feeds.indices.filter { !hidesRead || session.feeds[$0].unreadCount > 0 }.map(Row.feed)
    super.reloadData()
  }

  /// Re-reads the rows, keeping the selection on the same entry when it is still listed.
  override func refresh() {
    let selected = rows.indices.contains(selectedIndex) ? rows[selectedIndex] : nil
    let selectedID = selectedFeed?.id
    super.refresh()
    if let selectedID { select(feedID: selectedID) } else if selected == .starred { selectRow(0) }
  }

  private func feed(_ row: Row) -> CachedFeed? {
    guard case .feed(let index) = row, session.feeds.indices.contains(index) else { return nil }
    return session.feeds[index]
  }

  /// The feed on the selected row (nil on Starred).
  var selectedFeed: CachedFeed? { rows.indices.contains(selectedIndex) ? feed(rows[selectedIndex]) : nil }

  override var rowCount: Int { rows.count }
  override func rowText(at index: Int) -> String {
    guard let feed = feed(rows[index]) else { return "Starred" }
    // `!` a failed reload, `~` a feed the parser had to repair (E lists both with their reasons);
    // in a synced run, `[local]` a urls-file feed that is not on the server (`sync-keep-local`).
    let marker = feed.lastError != nil ? "! " : feed.warningCount > 0 ? "~ " : ""
    let local = session.configuration.isSynced && feed.remoteID == nil ? "[local] " : ""
    return marker + local + feed.displayTitle
  }
  override func rowStyle(at index: Int, theme: Theme) -> Style {
    guard let feed = feed(rows[index]) else { return theme.list }
    if feed.lastError != nil { return theme.error }
    return feed.unreadCount > 0 ? theme.unread : theme.list
  }
  override func rowMark(at index: Int) -> String? { rows[index] == .starred ? glyphs.star : nil }
  override var accessoryWidth: Int { 13 }
  override var accessoryMinWidth: Int { 24 }
  override func rowAccessory(at index: Int, theme: Theme) -> (text: String, style: Style)? {
    guard let feed = feed(rows[index]) else { return ("\(session.feedList.starredCount)", theme.list) }
    return ("\(feed.unreadCount)/\(feed.totalCount)", theme.list)
  }
  override var titleMarker: String? { session.readState.hidesRead ? "unread only" : nil }
  override var emptyText: String { "No feeds" }

  /// The row of feed `id`, selected.
  func select(feedID: Int64) {
    if let index = rows.firstIndex(where: { feed($0)?.id == feedID }) { selectRow(index) }
  }

  /// A feed whose address gave a web page that advertises feeds offers them; others show their
  /// articles; Starred shows the starred articles of every feed.
  override func didActivateRow(at index: Int) {
    guard let feed = feed(rows[index]) else {
      show(ArticleListController(source: .starred, title: "Starred", session: session))
      return
    }
    if feed.offeredFeeds.isEmpty {
      show(ArticleListController(feed: feed, session: session))
    } else {
      show(OfferedFeedsController(page: feed, session: session))
    }
  }
}
