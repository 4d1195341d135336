import Reader

/// The root controller (SPEC §2, the tutorial's ContainerViewController): it holds the split and, in
/// `viewWillTransition(to:)`, decides the split's horizontal size class from the terminal's shape
/// (`splitOverride`, forced by `--layout`). It also ends the responder chain: `?` help, the tab keys and
/// `p` from the list pane land here, and it observes the session's one selection-change path.
@MainActor
final class ContainerController: Controller {
  let split: SplitController
  let session: ReadingSession
  var layout: LayoutOption
  /// The Recent tab's list, refreshed when an article is opened.
  private let recentList: ArticleListController?

  init(split: SplitController, session: ReadingSession, recentList: ArticleListController? = nil) {
    self.split = split
    self.session = session
    self.layout = session.configuration.layout
    self.recentList = recentList
    super.init()
    addChild(split)
    session.selectionDidChange = { [weak self] item in self?.selectionDidChange(to: item) }
  }

  /// The reader's whole tree (SPEC §1): a split whose primary is a tab controller — **Feeds** (one feed:
  /// its articles straight away; several: the feed list) and **Recent** — and whose secondary starts as
  /// the placeholder.
  static func reader(feeds: [Feed], configuration: UIConfiguration = UIConfiguration()) -> ContainerController {
    let session = ReadingSession(configuration: configuration)
    let feedsRoot: Controller =
      feeds.count == 1
      ? ArticleListController(feed: feeds[0], session: session)
      : FeedListController(feeds: feeds, session: session)
    let feedsTab = NavigationController(root: feedsRoot)
    feedsTab.title = "Feeds"
    let recentList = ArticleListController(title: "Recent", items: [], session: session)
    let recentTab = NavigationController(root: recentList)
    recentTab.title = "Recent"
    let tabs = TabController(tabs: [feedsTab, recentTab])
    let split = SplitController(primary: tabs) { ArticleController(item: nil, configuration: configuration) }
    split.preferredDisplayMode = configuration.preferredDisplayMode
    split.regularWidth = configuration.regularWidth
    return ContainerController(split: split, session: session, recentList: recentList)
  }

  override func viewWillTransition(to size: Size) {
    // Recorded only: `Screen.transition` hands the screen's new traits down right after (see the doc of
    // `setOverrideTraitCollection`).
    setOverrideTraitCollection(splitOverride(for: size, layout: layout), forChild: split, propagate: false)
    super.viewWillTransition(to: size)
  }

  override func layoutChildren() { split.frame = frame }
  override var focusedChild: Controller? { split }

  /// The one selection-change path (SPEC §4): a new article never shows a stale date.
  private func selectionDidChange(to item: Item) {
    dismissPopovers()
    recentList?.setItems(session.recent, following: item)
  }

  /// The article on screen, if any (the split's secondary, or the top of the collapsed stack).
  var visibleArticle: ArticleController? {
    if let article = split.secondary as? ArticleController { return article }
    return split.primaryNavigation?.top as? ArticleController
  }

  override func handle(_ key: Key) -> Bool {
    switch KeyMap.standard.action(for: key, in: .window) {
    case .help:
      present(HelpController(), style: .fullScreen)
      return true
    case .feedsTab, .recentTab:
      guard let tabs = split.primary as? TabController else { return false }
      _ = tabs.handle(key)
      split.focus(.primary)
      return true
    case .publishDate:
      return visibleArticle?.togglePublishDatePopover() ?? false
    default:
      return false
    }
  }
}
