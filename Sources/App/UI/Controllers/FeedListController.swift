import Reader
import ScreenKit
import TextLayout

/// The Feeds tab's list when there are several feeds (DESIGN §1). At its root: the smart rows **Unread**
/// and **Starred**, the urls file's query feeds, the tags with their unread counts, then the feeds
/// without a tag (every feed when none has one, or when one tag is on every feed). A tag's row opens the same list for that tag's feeds
/// (its level), and `T` on it opens all their articles as one list by date. A feed's row shows its
/// title with its unread/total counts, its tags, `[local]` before a feed a synced run fetches itself, and
/// `!` before it when its last reload failed (the error itself is in the status line after a reload).
/// Enter pushes the feed's articles (`show`), or for a web page that advertises feeds, the list of
/// those feeds (`OfferedFeedsController`). With read articles hidden, feeds and tags with nothing unread
/// are left out (decided when the rows are re-read, so a feed just marked read stays until then).
@MainActor
final class FeedListController: ListController {
  override var highlightPlace: HighlightRule.Place? { .feedlist }
  let session: ReadingSession
  /// The tag whose feeds this level lists (nil: the root).
  let tag: String?

  /// One row. Only `list` and `feed` rows are lists of articles; a tag's row is a level of the feed list
  /// (its `T` lists the tag's articles, `ListSource.tag`).
  enum Row: Equatable {
    /// A smart list or a query feed.
    case list(ListSource)
    case tag(String)
    /// Index into `session.feeds`, whose counts follow marks at once.
    case feed(Int)
  }

  /// The rows as last read (`reloadData`).
  private var readRows: [Row] = []
  /// The rows, caught up with the feeds' data first (lists pull: `catchUp`).
  var rows: [Row] {
    catchUp()
    return readRows
  }
  /// The rows follow the feeds' data (a reload, a sync, `U`).
  override var dataRevision: Int { session.dataRevision }

  init(session: ReadingSession, tag: String? = nil) {
    self.session = session
    self.tag = tag
    super.init()
    title = tag ?? "Feeds"
    reloadData()
    // The first feed (or tag): the smart rows are a key or two up.
    let smart = ListSource.smartLists.map(Row.list)
    if let first = rows.firstIndex(where: { !smart.contains($0) }) { selectRow(first) }
  }

  override func reloadData() {
    let hidesRead = session.marks.hidesRead
    let feeds = session.feeds
    // A hidden feed (the urls file's "!") is no row here; its articles still are in Unread, tags' `T`
    // lists, query feeds and search, which read the cache rather than these rows.
    let shown = feeds.indices.filter { !feeds[$0].isHidden && (!hidesRead || feeds[$0].unreadCount > 0) }
    var rows: [Row]
    if let tag {
      rows = shown.filter { feeds[$0].tags.contains(tag) }.map(Row.feed)
    } else {
      let tags = Set(feeds.flatMap(\.tags)).sorted { $0.localizedStandardCompare($1) == .orderedAscending }
      rows = (ListSource.smartLists + session.queryFeeds.map(ListSource.query)).map(Row.list)
      if tags.count == 1 && feeds.allSatisfy({ !$0.tags.isEmpty }) {
        // One tag on every feed (a sync server's one default category) would be a level with a single
        // row: the feeds are listed at once, each showing the tag.
        rows += shown.map(Row.feed)
      } else {
        rows += tags.filter { !hidesRead || unreadCount(ofTag: $0) > 0 }.map(Row.tag)
          + shown.filter { feeds[$0].tags.isEmpty }.map(Row.feed)
      }
    }
    readRows = rows
    super.reloadData()
  }

  /// Unread articles of the feeds with `tag` (derived with the feeds' counts: `FeedList`).
  private func unreadCount(ofTag tag: String) -> Int { session.feedList.unreadCount(ofTag: tag) }

  /// The counts row `index` shows (derived with the feeds' counts: `FeedList`).
  private func counts(at index: Int) -> ListCounts? {
    switch rows[index] {
    case .list(let source): return source.counts(in: session)
    case .tag(let name): return ListSource.tag(name).counts(in: session)
    case .feed(let feed):
      // The two counts, not a copy of the whole feed: the count column reads every row.
      let feeds = session.feeds
      guard feeds.indices.contains(feed) else { return nil }
      return ListCounts(shown: feeds[feed].unreadCount, total: feeds[feed].totalCount)
    }
  }

  /// Re-reads the rows, keeping the selection on the same entry when it is still listed.
  override func refresh() {
    let selected = rows.indices.contains(selectedIndex) ? rows[selectedIndex] : nil
    let selectedID = selectedFeed?.id
    super.refresh()
    if let selectedID {
      select(feedID: selectedID)
    } else if let selected, let index = rows.firstIndex(of: selected) {
      selectRow(index)
    }
  }

  private func feed(_ row: Row) -> CachedFeed? {
    guard case .feed(let index) = row, session.feeds.indices.contains(index) else { return nil }
    return session.feeds[index]
  }

  private var selectedRow: Row? { rows.indices.contains(selectedIndex) ? rows[selectedIndex] : nil }

  /// The feed on the selected row (nil on the other rows).
  var selectedFeed: CachedFeed? { selectedRow.flatMap(feed) }

  /// The tag on the selected row (nil on the other rows).
  var selectedTag: String? {
    if case .tag(let name) = selectedRow { return name }
    return nil
  }

  /// The articles the selected row stands for when it is not one feed (`A` marks them read).
  var selectedList: ListSource? {
    switch selectedRow {
    case .list(let source): source
    case .tag(let name): .tag(name)
    case .feed, nil: nil
    }
  }

  override var rowCount: Int { rows.count }
  override func rowText(at index: Int) -> String {
    switch rows[index] {
    case .list(let source): return source.title(in: session.feedList) ?? ""
    case .tag(let name): return name + "/"
    case .feed:
      guard let feed = feed(rows[index]) else { return "" }
      // `!` a failed reload, `~` a feed the parser had to repair (E lists both with their reasons).
      let marker = feed.lastError != nil ? "! " : feed.warningCount > 0 ? "~ " : ""
      // In a synced run, `[local]` marks a urls-file feed that is not on the server (`sync-keep-local`).
      let local = session.configuration.isSynced && feed.remoteID == nil ? "[local] " : ""
      let tags = feed.tags.isEmpty ? "" : " [" + feed.tags.joined(separator: ", ") + "]"
      return marker + local + feed.displayTitle + tags
    }
  }
  /// A feed known only by its address (never fetched, or its reload failed before it gave a title) keeps
  /// one line, cut with `…`: an address has no spaces, so wrapped it would leave the `!` or `~` mark alone
  /// on the row's first line, reading like a feed named "!".
  override func rowWraps(at index: Int) -> Bool {
    guard let feed = feed(rows[index]) else { return true }
    return feed.displayTitle != feed.url
  }
  override func rowStyle(at index: Int, theme: Theme) -> Style {
    if feed(rows[index])?.lastError != nil { return theme.error }
    return counts(at: index)?.hasUnread == true ? theme.unread : theme.list
  }
  override func rowMark(at index: Int) -> String? { rows[index] == .list(.starred) ? glyphs.star : nil }
  /// The counts column as it fits this width (`countColumn(forWidth:)`), decided at each layout.
  private var counts = (width: 13, unreadOnly: false)
  /// Columns a name keeps beside the counts before they shrink (DESIGN §3: a 70-column split's list is
  /// 24 wide, a 100-column one's 35).
  static let nameWidth = 20

  override func layoutChildren() {
    counts = countColumn(forWidth: frame.width)
    super.layoutChildren()
  }

  /// Counts shrink before names do: `unread/total` in a 13-column column while the names keep
  /// `nameWidth` beside it, else in a column as wide as the widest of them, else the unread count alone.
  private func countColumn(forWidth width: Int) -> (width: Int, unreadOnly: Bool) {
    let room = width - 3 - Self.nameWidth
    if room >= 13 { return (13, false) }
    // Every row's count, measured without being written out: writing each one out and measuring it grew
    // the first frame with the feeds (docs/DECISIONS.md, "The first frame at a million, per feed").
    let widest = { (unreadOnly: Bool) in
      self.rows.indices.map { self.counts(at: $0)?.width(unreadOnly: unreadOnly) ?? 0 }.max() ?? 0
    }
    let full = widest(false)
    return full <= room ? (full, false) : (widest(true), true)
  }

  private func countText(at index: Int, unreadOnly: Bool) -> String? {
    counts(at: index)?.text(unreadOnly: unreadOnly)
  }

  override var accessoryWidth: Int { counts.width }
  override var accessoryMinWidth: Int { 24 }
  override func rowAccessory(at index: Int, theme: Theme) -> (text: String, style: Style)? {
    countText(at: index, unreadOnly: counts.unreadOnly).map { ($0, theme.list) }
  }
  override var titleMarker: String? { session.marks.hidesRead ? "unread only" : nil }
  override var emptyText: String { tag == nil ? "No feeds" : "No feeds with this tag" }

  /// The row of feed `id`, selected.
  func select(feedID: Int64) {
    if let index = rows.firstIndex(where: { feed($0)?.id == feedID }) { selectRow(index) }
  }

  /// A feed whose address gave a web page that advertises feeds offers them; others show their
  /// articles; the smart rows and query feeds show theirs; a tag shows its feeds.
  override func didActivateRow(at index: Int) {
    switch rows[index] {
    case .list(let source): show(ArticleListController(source: source, session: session))
    case .tag(let name): show(FeedListController(session: session, tag: name))
    case .feed:
      guard let feed = feed(rows[index]) else { return }
      if feed.offeredFeeds.isEmpty {
        show(ArticleListController(feed: feed, session: session))
      } else {
        show(OfferedFeedsController(page: feed, session: session))
      }
    }
  }

  /// `T`: every article of the selected tag's feeds (of this level's tag) as one list, newest first.
  override func handle(_ key: Key) -> Bool {
    guard keyMap.action(for: key, in: .list) == .openTagArticles else { return super.handle(key) }
    guard let name = selectedTag ?? tag else {
      session.status.notify(.selectTagFirst(key: key))
      return true
    }
    show(ArticleListController(source: .tag(name), session: session))
    return true
  }
}
