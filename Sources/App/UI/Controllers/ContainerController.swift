import Pixels
import Reader
import ScreenKit
import TextLayout

/// The root controller (DESIGN §2, the tutorial's ContainerViewController): it holds the split and, in
/// `viewWillTransition(to:)`, decides the split's horizontal size class from the terminal's shape
/// (`splitOverride`, forced by `--layout`). It also ends the responder chain: `?` help, the tab keys,
/// `p` from the list pane, reload, marks, next unread and the browser land here, and act on what the
/// focused leaf points at (`Pointing`), never on its type. Questions and the search and filter fields
/// it presents on the status line's row, where they take the keys first (DESIGN §5). After every event it looks at
/// the session's revisions (`sync`): another article opened dismisses the popover (the lists catch up
/// with their data themselves, when laid out: `ListController.catchUp`). It draws the status line on the last row while there is one.
@MainActor
final class ContainerController: Controller {
  let split: SplitController
  let session: ReadingSession
  var layout: LayoutOption
  /// The tabs (Feeds, Recent) and the Feeds tab's stack, where `n` and `J` open another feed's list.
  let tabs: TabController?
  let feedsNavigation: NavigationController?
  /// The session's revisions the container last looked at (`sync`).
  private var seenSelection = 0

  init(
    split: SplitController, session: ReadingSession, tabs: TabController? = nil,
    feedsNavigation: NavigationController? = nil
  ) {
    self.split = split
    self.session = session
    self.tabs = tabs
    self.feedsNavigation = feedsNavigation
    self.layout = session.configuration.layout
    super.init()
    // The terminal's part (glyphs, cell size) follows at each frame (`Screen.renderNow`).
    updateEnvironment(Environment(session.configuration))
    addChild(split)
    seenSelection = session.reading.revision
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
    let recentList = ArticleListController(source: .recent, session: session)
    let recentTab = NavigationController(root: recentList)
    recentTab.title = "Recent"
    let tabs = TabController(tabs: [feedsTab, recentTab])
    tabs.badge = { [session] index in index == 0 ? "(\(session.feedList.unreadCount))" : nil }
    let split = SplitController(primary: tabs) { ArticleController(articleID: nil, session: session) }
    split.preferredDisplayMode = configuration.preferredDisplayMode
    split.regularWidth = configuration.regularWidth
    split.metrics = configuration.metrics
    return ContainerController(split: split, session: session, tabs: tabs, feedsNavigation: feedsTab)
  }

  /// Whether the Feeds tab opens at the one feed's articles instead of the feed list. The articles are
  /// then the tab's root, with no Back, so this holds only while the list would offer nothing the feed's
  /// own list does not: one feed, shown (not hidden by the urls file's `!`), with no `query:` feed beside
  /// it, in a run that is not synced (a server's feeds come and go). Unread and Starred of one feed list
  /// none but its articles, and a tag of one feed leads only back to it, so neither counts.
  ///
  /// Otherwise the reader opens on the feed list, as it does with several feeds, rather than at the feed
  /// with a Back to the list: a user who wrote a `query:` line expects to see it where query feeds always
  /// are, and the feed itself stays one Enter away. Back at the lone feed's articles means "leave this
  /// feed": it puts the feed list in their place (`leaveLoneFeed`), where Unread and Starred are.
  static func opensStraightAtFeed(_ session: ReadingSession) -> Bool {
    guard session.feeds.count == 1, let feed = session.feeds.first else { return false }
    return !session.configuration.isSynced && session.queryFeeds.isEmpty && !feed.isHidden
  }

  override func viewWillTransition(to size: Size) {
    // Recorded only: `Screen.transition` hands the screen's new traits down right after (see the doc of
    // `setOverrideTraitCollection`).
    let override = splitOverride(
      for: size, layout: layout, landscapeMinWidth: session.configuration.landscapeMinWidth)
    setOverrideTraitCollection(override, forChild: split, propagate: false)
    split.layoutOption = layout
    super.viewWillTransition(to: size)
  }

  // MARK: Status line

  /// The last row, while the status line has something to say or a question or field is open on it.
  private var statusFrame: Rect? {
    (session.status.shown == nil && !presentsOnStatusLine) || frame.height < 2 ? nil : frame.dividedBottom(1).1
  }

  override func layoutChildren() {
    split.frame = statusFrame == nil ? frame : frame.dividedBottom(1).0
  }
  override var focusedChild: Controller? { split }

  override func drawAfterChildren(in surface: inout Surface) {
    guard let bar = statusFrame, let shown = session.status.shown else { return }
    StatusRow.draw(shown.text, in: bar, style: shown.isError ? theme.error : theme.status, glyphs: glyphs, surface: &surface)
  }

  /// Asks `question` on the status line; `y` runs `onYes`, any other key cancels.
  func ask(_ question: String, onYes: @escaping () -> Void) {
    present(QuestionController(question, status: { [session] in session.status.notify($0) }, onYes: onYes), style: .statusLine)
  }

  /// `q` at the root: quits, or with `confirm-exit yes` asks first, so a stray `q` does not end the reader.
  func askToQuit() {
    guard session.configuration.confirmExit else { return session.quit() }
    ask("Quit splitfeed?") { [session] in session.quit() }
  }

  // MARK: Selection and data

  /// The one selection-change path (DESIGN §4): another article opened dismisses the popover, so a new
  /// article never shows a stale date. Looks at the session after each event; the lists catch up with
  /// their data themselves (`ListController.catchUp`), Recent with the article opened too.
  func sync() {
    if session.reading.revision != seenSelection {
      seenSelection = session.reading.revision
      dismissPopovers()
    }
  }

  /// The article on screen, if any (the split's secondary, or the top of the collapsed stack): `p` from
  /// the list pane opens its popover.
  var visibleArticle: ArticleController? {
    if let article = split.secondary as? ArticleController { return article }
    return split.primaryNavigation?.top as? ArticleController
  }

  /// What the focused leaf points at (DESIGN §5): the one way the container finds the focus.
  var pointer: Pointing? { split.focusedLeaf as? Pointing }

  // MARK: Keys

  override func handle(_ key: Key) -> Bool {
    if let name = keyMap.userAction(for: key) {
      runUserAction(named: name)
      return true
    }
    let action = keyMap.action(for: key, in: .window)
    switch action {
    case .pipeTo:
      askPipeTo()
    case .save:
      askSave()
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
      reload(pointer?.whole ?? pointer?.target)
    case .reloadAll:
      session.reloadAll()
    case .forceReloadAll:
      session.reloadAll(mode: .force)
    case .nextUnread:
      openNextUnread()
    case .previousUnread:
      openPreviousUnread()
    case .openInBrowser:
      openLink(pointer?.target)
    case .toggleArticleRead, .toggleStar:
      toggleMark(action, on: pointer?.target)
    case .markFeedRead:
      markRead(pointer?.whole ?? pointer?.target)
    case .markAllFeedsRead:
      ask("Mark every article of every feed read?") { [session] in session.marks.markFeedsRead(nil) }
    case .undo:
      session.marks.undo()
    case .toggleShowRead:
      session.toggleShowRead()
    case .openSearch:
      openSearch()
    case .setFilter, .cycleSort:
      changeList(action)
    case .saveSearch:
      saveSearch()
    case .back:
      return leaveLoneFeed()
    default:
      let step = [Action.nextArticle: 1, .previousArticle: -1][keyMap.action(for: key, in: .article)]
      guard let step, case .article(let article)? = pointer?.target, article.loaded != nil else { return false }
      openNeighbour(of: article, step: step)
    }
    return true
  }

  /// Back at a lone feed's articles, the Feeds tab's root (`opensStraightAtFeed`): the feed list takes its
  /// place, the feed selected, so Unread and Starred are reachable there too; Enter goes back in, now with
  /// a Back. `q` still quits there, as at any root.
  private func leaveLoneFeed() -> Bool {
    guard let navigation = feedsNavigation, navigation.stack.count == 1, split.primaryNavigation === navigation,
      let articles = navigation.top as? ArticleListController, pointer === articles, let id = articles.feedID
    else { return false }
    let feeds = FeedListController(session: session)
    feeds.select(feedID: id)
    navigation.replaceTop(with: feeds)
    return true
  }

  /// `/`: a search of the list on screen (every feed from the feed list), its results pushed onto that
  /// list's stack (from the feed list at three columns: the middle column's, DESIGN §3a); the list pane
  /// takes the focus so the results are where the keys go.
  private func openSearch() {
    let list = pointer?.list
    guard let navigation = list?.navigationController ?? split.supplementary ?? split.primaryNavigation else { return }
    split.focus(navigation === split.supplementary ? .supplementary : .primary)
    present(SearchFieldController(session: session, navigation: navigation, from: list), style: .statusLine)
  }

  /// `F` and `S` on the article list on screen.
  private func changeList(_ action: Action?) {
    guard let list = pointer?.list, list.isQueryable else {
      session.status.notify(.notAnArticleList(sorting: action == .cycleSort))
      return
    }
    if action == .cycleSort {
      list.cycleSort()
      session.status.notify(.sorted(list.sort))
    } else {
      present(FilterFieldController(session: session, list: list), style: .statusLine)
    }
  }

  /// `W`: the listed search's results become a query feed of the feed list (DESIGN §7), its count live
  /// like every query feed's.
  private func saveSearch() {
    guard let list = pointer?.list, let search = list.search else {
      session.status.notify(.noSearchToSave(searchKey: keyMap.keys(for: .openSearch).first))
      return
    }
    switch session.subscriptions.saveSearch(search) {
    case .success(let saved):
      session.queryFeeds.append(saved.feed)
      session.status.notify(.searchSaved(title: saved.feed.title, line: saved.line, file: session.subscriptions.urlsFile?.path))
    case .failure(let failure):
      session.status.notify(failure.notice)
    }
  }

  /// `r`: the feed pointed at, or the feeds of a tag or of a feed's narrowed list.
  private func reload(_ target: Target?) {
    let feeds = target?.feeds(in: session) ?? []
    guard !feeds.isEmpty else {
      session.status.notify(.nothingToReload(reloadAllKey: keyMap.keys(for: .reloadAll).first))
      return
    }
    session.reload(feeds, mode: .named)  // a gone or fresh feed is asked again when named (DESIGN §8)
  }

  /// `o`: the article pointed at (a row's or the open one's link), else the open article's.
  private func openLink(_ target: Target?) {
    guard case .article(let article)? = target else {
      session.outside.openInBrowser(session.selected?.item.link)
      return
    }
    do {
      session.outside.openInBrowser(try article.link(in: session))
    } catch {
      session.status.notify(.failure("\(error)"))
    }
  }

  /// `N`, `s` on the article pointed at: the selected row of an article list, or the open article.
  private func toggleMark(_ action: Action?, on target: Target?) {
    guard case .article(let article)? = target else {
      session.status.notify(.selectArticleFirst)
      return
    }
    if action == .toggleStar {
      session.marks.toggleStar(article.item)
    } else {
      session.marks.toggleRead(article.item)
    }
  }

  /// `A`: the list on screen as a whole (a feed, a scope, Recent), the open article's feed, or the feed
  /// list's selected row (a feed, or the articles a smart row or tag stands for).
  private func markRead(_ target: Target?) {
    switch target {
    case .feed(let feed)?: session.marks.markFeedsRead([feed.id])
    case .list(_, let scope?)?: session.marks.markRead(in: scope)
    case .list(.recent, nil)?: session.marks.markRead(session.recent.items)
    case .list, .article?, nil: break
    }
  }

  /// `E`: every problem of the run in full (`ProblemList`).
  private func showFailedFeeds() {
    guard let list = ProblemList(session: session, closeKey: keyMap.keys(for: .showErrors).first) else {
      session.status.notify(.noProblems)
      return
    }
    present(list.controller, style: .fullScreen)
  }
}
