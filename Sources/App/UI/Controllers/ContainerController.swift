import Reader
import ScreenKit
import TextLayout

/// The root controller (DESIGN §2, the tutorial's ContainerViewController): it holds the split and, in
/// `viewWillTransition(to:)`, decides the split's horizontal size class from the terminal's shape
/// (`splitOverride`, forced by `--layout`). It also ends the responder chain: `?` help, the tab keys,
/// `p` from the list pane, reload, next unread and the browser land here. After every event it looks at
/// the session's revisions (`sync`): another article opened dismisses the popover and refreshes Recent,
/// changed data refreshes the lists. It draws the status line on the last row while there is one.
@MainActor
final class ContainerController: Controller {
  let split: SplitController
  let session: ReadingSession
  var layout: LayoutOption
  /// The Recent tab's list, refreshed when an article is opened.
  private let recentList: ArticleListController?
  /// The session's revisions this tree last caught up with.
  private var seenSelection = 0
  private var seenData = 0
  private var seenMarks = 0
  /// The terminal's glyph set, set by the screen before each frame.
  var terminalGlyphs = Glyphs.unicode
  /// The status line's search and filter fields.
  let finder: Finder

  init(split: SplitController, session: ReadingSession, recentList: ArticleListController? = nil) {
    self.split = split
    self.session = session
    self.layout = session.configuration.layout
    self.recentList = recentList
    finder = Finder(session: session)
    super.init()
    addChild(split)
    seenSelection = session.selectionRevision
    seenData = session.dataRevision
  }

  /// The reader's whole tree (DESIGN §1): a split whose primary is a tab controller — **Feeds** (the
  /// feed list, or a lone feed's articles straight away: `opensStraightAtFeed`) and **Recent** — and whose
  /// secondary starts as the placeholder.
  static func reader(session: ReadingSession) -> ContainerController {
    let configuration = session.configuration
    let feedsRoot: Controller =
      opensStraightAtFeed(session)
      ? ArticleListController(feed: session.feeds[0], session: session)
      : FeedListController(session: session)
    let feedsTab = NavigationController(root: feedsRoot)
    feedsTab.title = "Feeds"
    let recentList = ArticleListController(source: .recent, title: "Recent", session: session)
    let recentTab = NavigationController(root: recentList)
    recentTab.title = "Recent"
    let tabs = TabController(tabs: [feedsTab, recentTab])
    let split = SplitController(primary: tabs) { ArticleController(articleID: nil, session: session) }
    split.preferredDisplayMode = configuration.preferredDisplayMode
    split.regularWidth = configuration.regularWidth
    split.metrics = configuration.metrics
    return ContainerController(split: split, session: session, recentList: recentList)
  }

  /// Whether the Feeds tab opens at the one feed's articles instead of the feed list. The articles are
  /// then the tab's root, with no Back, so this holds only while the list would offer nothing the feed's
  /// own list does not: one feed, shown (not hidden by the urls file's `!`), with no `query:` feed beside
  /// it, in a run that is not synced (a server's feeds come and go). Unread and Starred of one feed list
  /// none but its articles, and a tag of one feed leads only back to it, so neither counts.
  ///
  /// Otherwise the reader opens on the feed list, as it does with several feeds, rather than at the feed
  /// with a Back to the list: a user who wrote a `query:` line expects to see it where query feeds always
  /// are, and the feed itself stays one Enter away. A stack pushed on the user's behalf would also make
  /// Back the only way to the list, and Back at the feed's articles means "leave this feed".
  static func opensStraightAtFeed(_ session: ReadingSession) -> Bool {
    guard session.feeds.count == 1, let feed = session.feeds.first else { return false }
    return !session.configuration.isSynced && session.queryFeeds.isEmpty && !feed.isHidden
  }

  override var keyMap: KeyMap { session.configuration.keyMap }
  override var theme: Theme { session.configuration.theme }
  override var glyphs: Glyphs { terminalGlyphs }

  override func viewWillTransition(to size: Size) {
    // Recorded only: `Screen.transition` hands the screen's new traits down right after (see the doc of
    // `setOverrideTraitCollection`).
    let override = splitOverride(
      for: size, layout: layout, landscapeMinWidth: session.configuration.landscapeMinWidth)
    setOverrideTraitCollection(override, forChild: split, propagate: false)
    super.viewWillTransition(to: size)
  }

  // MARK: Status line

  private var statusFrame: Rect? {
    session.status.shown == nil || frame.height < 2 ? nil : frame.dividedBottom(1).1
  }

  /// Also gives the Feeds tab its unread count, which follows marks at once.
  override func layoutChildren() {
    split.frame = statusFrame == nil ? frame : frame.dividedBottom(1).0
    tabs?.badges[0] = "(\(session.feedList.unreadCount))"
  }
  override var focusedChild: Controller? { split }

  override func drawAfterChildren(in surface: inout Surface) {
    guard let bar = statusFrame, let shown = session.status.shown else { return }
    let style = shown.isError ? theme.error : theme.status
    surface.fill(bar, style: style)
    let text = TextWrapper.truncate(shown.text, width: max(0, bar.width - 2), ellipsis: glyphs.ellipsis)
    surface.put(text, at: Point(x: bar.minX + 1, y: bar.minY), style: style, clip: bar)
    // A field's cursor: the cell after the text typed, drawn out of the line's colours.
    if let prompt = session.status.prompt, prompt.field != nil {
      let x = bar.minX + 1 + DisplayWidth.of(prompt.question + prompt.typed)
      if x < bar.maxX - 1 { surface.put(" ", at: Point(x: x, y: bar.minY), style: .plain, clip: bar) }
    }
  }

  // MARK: Selection and data

  /// The one selection-change path (DESIGN §4): a new article never shows a stale date.
  /// Catches up with the session after an event.
  func sync() {
    if session.selectionRevision != seenSelection {
      seenSelection = session.selectionRevision
      dismissPopovers()
      recentList?.refresh()
      if let id = session.selected?.id { recentList?.select(itemID: id) }
    }
    if session.dataRevision != seenData {
      seenData = session.dataRevision
      seenMarks = session.marksRevision
      refreshLists()
    }
    if session.marksRevision != seenMarks {
      seenMarks = session.marksRevision
      refreshLists { ($0 as? ArticleListController)?.source == .starred }
      for navigation in tabs?.navigationControllers ?? [] {
        for case let list as ArticleListController in navigation.stack { list.takeWrittenFlags() }
      }
    }
  }

  private var feedsNavigation: NavigationController? { tabs?.tabs.first as? NavigationController }
  private var tabs: TabController? { split.primary as? TabController }

  /// A reload ended: every list on the tabs' stacks re-reads its rows, keeping its selection.
  private func refreshLists(where included: (ListController) -> Bool = { _ in true }) {
    for navigation in tabs?.navigationControllers ?? [] {
      for case let list as ListController in navigation.stack where included(list) { list.refresh() }
    }
  }

  /// A list's count arrived from the background: the lists reading `scope` take it.
  func listCounted(_ scope: ItemScope, count: Int) {
    for navigation in tabs?.navigationControllers ?? [] {
      for case let list as ArticleListController in navigation.stack { list.counted(scope, count: count) }
    }
  }

  /// The article on screen, if any (the split's secondary, or the top of the collapsed stack).
  var visibleArticle: ArticleController? {
    if let article = split.secondary as? ArticleController { return article }
    return split.primaryNavigation?.top as? ArticleController
  }

  /// The feed list or article list the reader is in on the Feeds tab (below a collapsed article).
  private var currentList: ListController? {
    guard let navigation = feedsNavigation else { return nil }
    return navigation.stack.last { $0 is ListController } as? ListController
  }

  /// The feeds the reader is in: the article list's, else the feed list's selected row.
  /// A tag's list or row stands for the feeds with that tag.
  private var currentFeeds: [CachedFeed] {
    if let list = currentList as? ArticleListController {
      if let id = list.feedID { return session.feeds.filter { $0.id == id } }
      if case .tag(let name) = list.source { return session.feeds.filter { $0.tags.contains(name) } }
    }
    if let list = currentList as? FeedListController {
      if let feed = list.selectedFeed { return [feed] }
      if let name = list.selectedTag { return session.feeds.filter { $0.tags.contains(name) } }
    }
    return []
  }

  // MARK: Keys

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .help:
      present(HelpController(keyMap: keyMap), style: .fullScreen)
    case .showErrors:
      showFailedFeeds()
    case .feedsTab, .recentTab:
      guard let tabs else { return false }
      _ = tabs.handle(key)
      split.focus(.primary)
    case .publishDate:
      return visibleArticle?.togglePublishDatePopover() ?? false
    case .reload:
      session.reload(currentFeeds)
    case .reloadAll:
      session.reloadAll()
    case .nextUnread:
      openNextUnread()
    case .openInBrowser:
      openLink()
    case .toggleArticleRead, .toggleStar, .markFeedRead:
      markFocused(keyMap.action(for: key, in: .window))
    case .markAllFeedsRead:
      session.askToMarkAllRead()
    case .undo:
      session.undo()
    case .toggleShowRead:
      session.toggleShowRead()
    case .openSearch:
      openSearch()
    case .setFilter, .cycleSort:
      changeList(keyMap.action(for: key, in: .window))
    default:
      switch keyMap.action(for: key, in: .article) {
      case .nextArticle where focusedLeaf is ArticleController: openNeighbour(step: 1)
      case .previousArticle where focusedLeaf is ArticleController: openNeighbour(step: -1)
      default: return false
      }
    }
    return true
  }

  /// The list the keys that act on "the list on screen" (`/`, `F`, `S`) mean: the focused list, else the
  /// list under the article (the top list of the primary's selected tab).
  private var listOnScreen: ListController? {
    if let list = split.focusedLeaf as? ListController { return list }
    return split.primaryNavigation?.stack.last { $0 is ListController } as? ListController
  }

  /// `/`: a search of the list on screen (every feed from the feed list), its results pushed onto that
  /// list's stack; the list pane takes the focus so the results are where the keys go.
  private func openSearch() {
    guard let navigation = listOnScreen?.navigationController ?? split.primaryNavigation else { return }
    split.focus(.primary)
    finder.beginSearch(in: navigation, from: listOnScreen)
  }

  /// `F` and `S` on the article list on screen.
  private func changeList(_ action: Action?) {
    guard let list = listOnScreen as? ArticleListController, list.isQueryable else {
      session.status.notify(
        action == .cycleSort ? "Only an article list can be sorted (Recent keeps the order you read in)."
          : "Only an article list can be filtered (Recent keeps what you read).")
      return
    }
    if action == .cycleSort {
      list.cycleSort()
      let label = [ArticleSort.date: "date, newest first", .dateAsc: "date, oldest first"][list.sort] ?? list.sort.rawValue
      session.status.notify("Sorted by \(label).")
    } else {
      finder.beginFilter(on: list)
    }
  }

  /// `o`: the highlighted row's link on an article list, else the open article's.
  private func openLink() {
    if let list = focusedLeaf as? ArticleListController {
      guard let row = list.item(at: list.selectedIndex) else { return }
      do {
        session.openInBrowser(try session.cache.article(id: row.id)?.item.link)
      } catch {
        session.status.notify(error: "\(error)")
      }
      return
    }
    session.openInBrowser(visibleArticle?.item?.link ?? session.selected?.item.link)
  }

  /// `J` / `K`: the next or previous article, opened (and so read) in place of this one.
  private func openNeighbour(step: Int) {
    guard let (feed, item) = session.neighbour(step: step) else {
      session.status.notify(step > 0 ? "This is the last article." : "This is the first article.")
      return
    }
    show(item, of: feed)
  }

  /// `E`: every problem of the run in full (`ProblemList`).
  private func showFailedFeeds() {
    guard let list = ProblemList(session: session, closeKey: keyMap.keys(for: .showErrors).first) else {
      session.status.notify("No feed failed to load. No other problems in this run.")
      return
    }
    present(list.controller, style: .fullScreen)
  }

  /// `N`, `s`, `A` on what has the focus: the selected row of an article list, or the open article (`A`:
  /// its feed); on the feed list, `A` marks the selected feed (or the starred articles).
  private func markFocused(_ action: Action?) {
    let leaf = split.focusedLeaf
    if action == .markFeedRead {
      if let list = leaf as? ArticleListController {
        switch list.source {
        case .feed(let id) where list.search == nil && list.filter == nil: session.markFeedsRead([id])
        case .recent: session.markRead(session.recent.items)
        default: list.listedScope.map(session.markRead(in:))
        }
      } else if let list = leaf as? FeedListController {
        if let feed = list.selectedFeed {
          session.markFeedsRead([feed.id])
        } else if let scope = list.selectedScope {
          session.markRead(in: scope)
        }
      } else if let article = session.selected, leaf is ArticleController {
        session.markFeedsRead([article.feedID])
      }
      return
    }
    let target: (item: MarkedItem, isRead: Bool, isStarred: Bool)
    if let list = leaf as? ArticleListController, let item = list.item(at: list.selectedIndex) {
      target = (MarkedItem(item), session.isRead(item), session.isStarred(item))
    } else if let article = (leaf as? ArticleController)?.article {
      target = (MarkedItem(article), session.isRead(article), session.isStarred(article))
    } else {
      session.status.notify("Select an article first.")
      return
    }
    if action == .toggleStar {
      session.toggleStar(target.item, isStarred: target.isStarred)
    } else {
      session.toggleRead(target.item, isRead: target.isRead)
    }
  }

  /// `n`: the next unread article of the current feed, else of the next feed with unread articles; its
  /// feed's list is shown (pushed from the feed list) with the row selected, and the article opened.
  private func openNextUnread() {
    let list = currentList as? ArticleListController
    let feedID = list?.feedID ?? session.selected?.feedID ?? currentFeeds.first?.id
    let afterID = session.selected.flatMap { $0.feedID == feedID ? $0.id : nil }
    guard let (feed, item) = session.nextUnread(feedID: feedID, after: afterID) else {
      session.status.notify("No unread articles.")
      return
    }
    show(item, of: feed)
  }

  /// Opens `item` from `feed`'s list on the Feeds tab, pushing that list from the feed list when it is
  /// not the one shown.
  private func show(_ item: ItemSummary, of feed: CachedFeed) {
    guard let navigation = feedsNavigation, let tabs else { return }
    tabs.select(0)
    split.focus(.primary)
    if navigation.top is SecondaryContent { navigation.pop() }
    var target = navigation.top as? ArticleListController
    if target?.feedID != feed.id {
      while navigation.pop() != nil {}
      if let feedList = navigation.top as? FeedListController {
        feedList.select(feedID: feed.id)
        let articles = ArticleListController(feed: feed, session: session)
        navigation.push(articles)
        target = articles
      }
    }
    guard let target, target.select(itemID: item.id) else { return }
    target.didActivateRow(at: target.selectedIndex)
  }
}
