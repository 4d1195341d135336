import ScreenKit
import TextLayout

/// Two panes on a wide terminal, one navigation stack on a narrow one (DESIGN §3, UISplitViewController).
///
/// Expanded when its horizontal size class is regular, collapsed when compact; the change happens in
/// `traitCollectionDidChange`, asking the delegate (`collapseSecondary`, `separateSecondary`).
/// Invariants: expanded ⇒ `secondary` is a child (an article or the placeholder); collapsed ⇒
/// `secondary == nil` and any article lives on the primary's navigation stack. The primary is always a
/// child; in `primaryHidden` it is simply not drawn, so its state survives.
///
/// Wide enough (`SplitMetrics.columnCount`, DESIGN §3a) it shows a third, middle column, the
/// *supplementary*: the Feeds tab's article list, taken off its stack into a stack of its own, so the feed
/// list stays beside it. Invariant: `supplementary != nil` exactly while three columns show; going back to
/// two pushes its levels back onto the Feeds stack, as they were.
@MainActor
final class SplitController: Controller {
  enum Pane: Sendable { case primary, supplementary, secondary }

  let primary: Controller
  private(set) var secondary: Controller?
  weak var delegate: SplitControllerDelegate?
  /// Supplies the empty detail shown when expanded with nothing selected.
  let makePlaceholder: () -> Controller
  var metrics = SplitMetrics()
  /// Width from which `automatic` shows both columns.
  var regularWidth = 100
  /// The preference (DESIGN §3 default `allVisible`; config `display-mode`).
  var preferredDisplayMode = DisplayMode.allVisible
  /// True while the display-mode action shows a hidden primary as an overlay (preference `automatic`
  /// on a narrow split); Esc or a selection clears it.
  private(set) var showsPrimaryOverlay = false
  private(set) var focusedPane = Pane.primary
  /// The article `t` took off the stack while collapsed, so `t` can bring it back (forward).
  private var forwardDetail: Controller?
  private var lastDisplayMode: DisplayMode?
  /// The middle column at three columns (DESIGN §3a): the chosen row's article list, or the placeholder.
  private(set) var supplementary: NavigationController?
  /// The `--layout` choice: `three` and `split` force the column count when expanded.
  var layoutOption = LayoutOption.auto
  /// Supplies the middle column's content while no row of the feed list is chosen.
  var makeListPlaceholder: () -> Controller = { ListPlaceholderController() }

  init(primary: Controller, makePlaceholder: @escaping () -> Controller) {
    self.primary = primary
    self.makePlaceholder = makePlaceholder
    super.init()
    addChild(primary)
    // Keep the invariant from the start: expanded ⇒ a secondary exists.
    if !isCollapsed { expand() }
  }

  private static let defaultDelegate = DefaultSplitDelegate()
  private var effectiveDelegate: SplitControllerDelegate { delegate ?? Self.defaultDelegate }

  var isCollapsed: Bool { traitCollection.horizontalSizeClass == .compact }

  /// The columns shown: 1 collapsed, 3 while the middle column exists, else 2.
  var columns: Int { isCollapsed ? 1 : supplementary != nil ? 3 : 2 }

  /// The mode in effect (never `automatic`); `allVisible` while collapsed, as UIKit reports. At three
  /// columns a preference takes its triple form (`DisplayMode.columns`).
  var displayMode: DisplayMode {
    if isCollapsed { return .allVisible }
    let resolved = preferredDisplayMode.resolved(forWidth: frame.width, regularWidth: regularWidth)
    let mode = resolved.columns(2) == .primaryHidden && showsPrimaryOverlay ? .primaryOverlay : resolved
    return mode.columns(columns)
  }

  /// The pane that shows the Feeds tab's article lists: the middle column at three columns.
  var listPane: Pane { supplementary != nil ? .supplementary : .primary }

  /// Where Back goes from the article: the pane of the list it came from (DESIGN §3a), Recent's included.
  private var sourcePane: Pane {
    guard supplementary != nil, let source = (secondary as? SecondaryContent)?.openedFromList,
      source.isDescendant(of: primary)
    else { return listPane }
    return .primary
  }

  /// The primary's navigation stacks (a tab controller's, the selected tab first).
  static func navigationControllers(in primary: Controller) -> [NavigationController] {
    if let navigation = primary as? NavigationController { return [navigation] }
    if let tabs = primary as? TabController { return tabs.navigationControllers }
    return []
  }

  /// Where a collapsed split pushes details: the selected tab's stack.
  var primaryNavigation: NavigationController? { Self.navigationControllers(in: primary).first }

  /// The stack whose article lists the middle column takes: the primary's stack rooted at the feed list.
  private var feedsNavigation: NavigationController? {
    Self.navigationControllers(in: primary).first { $0.stack.first is FeedListController }
  }

  // MARK: The middle column (DESIGN §3a)

  /// The levels of the Feeds stack that go to the middle column: from its first level that is not a
  /// feed list (a tag's feed list stays with the feed list it was chosen in).
  private static func listLevels(of navigation: NavigationController) -> Int? {
    navigation.stack.firstIndex { !($0 is FeedListController) }
  }

  /// Two columns → three: the article list on the Feeds stack moves to the middle column, with the focus
  /// when the list had it.
  private func separateSupplementary() {
    guard supplementary == nil else { return }
    var levels: [Controller] = []
    if let navigation = feedsNavigation, let first = Self.listLevels(of: navigation) {
      while navigation.stack.count > first, let popped = navigation.pop() { levels.insert(popped, at: 0) }
    }
    let middle = NavigationController(root: levels.first ?? makeListPlaceholder())
    for level in levels.dropFirst() { middle.push(level) }
    supplementary = middle
    addChild(middle)
    // The focus goes with the list it was in; with another tab shown (Recent) it stays there.
    if focusedPane == .primary, !levels.isEmpty, primaryNavigation === feedsNavigation { focusedPane = .supplementary }
  }

  /// Three columns → two (or one): the middle column's levels go back on top of the Feeds stack, in order,
  /// so Back reaches the feed list again; its focus goes to the primary, which shows them now.
  private func mergeSupplementary() {
    guard let middle = supplementary else { return }
    supplementary = nil
    middle.removeFromParent()
    let levels = middle.removeAll().filter { !($0 is ListPlaceholderController) }
    guard let navigation = feedsNavigation else { return }
    for level in levels { navigation.push(level) }
    guard focusedPane == .supplementary else { return }
    focusedPane = .primary
    // The focused list is on the Feeds stack now: its tab shows (not Recent), so the focus stays in view.
    if let tabs = primary as? TabController, let index = tabs.tabs.firstIndex(where: { $0 === navigation }) {
      tabs.select(index)
    }
  }

  /// A list chosen in the feed list at three columns (DESIGN §3a): it fills the middle column in place
  /// of the one there, with the focus, and nothing is pushed. False when the split does not take it (two
  /// columns, a stack other than the Feeds one, a tag's feed list): the navigation pushes it.
  func showsInMiddleColumn(_ controller: Controller, from navigation: NavigationController) -> Bool {
    guard let middle = supplementary, navigation === feedsNavigation, !(controller is FeedListController),
      !(controller is SecondaryContent)
    else { return false }
    middle.removeFromParent()
    let replacement = NavigationController(root: controller)
    supplementary = replacement
    addChild(replacement)
    // Over the article (`twoOverSecondary`) the lists stay: the list chosen is what was asked to see.
    focusedPane = .supplementary
    return true
  }

  /// Brings the column count in line with the width (`SplitMetrics.columnCount`), one column at a time.
  /// Without a feed list (a lone feed's articles at the Feeds tab's root) the middle column would have
  /// nothing to show, so the split stays at two.
  private func adaptColumns() {
    let wanted = metrics.columnCount(forWidth: frame.width, collapsed: isCollapsed, layout: layoutOption)
    if wanted == 3, feedsNavigation != nil { separateSupplementary() } else { mergeSupplementary() }
  }

  // MARK: Collapse and expand (DESIGN §3)

  override func traitCollectionDidChange(_ previous: TraitCollection?) {
    guard previous?.horizontalSizeClass != traitCollection.horizontalSizeClass else { return }
    if isCollapsed { collapse() } else { expand() }
  }

  /// The focus stays where it was: an article read in the right pane goes on top of the stack; with the
  /// list focused the list stays in view and the article waits for `t` (forward).
  private func collapse() {
    mergeSupplementary()
    guard let detail = secondary else { return }
    secondary = nil
    detail.removeFromParent()
    forwardDetail = nil
    if !effectiveDelegate.collapseSecondary(detail, onto: primary), let navigation = primaryNavigation {
      if focusedPane == .primary, lastDisplayMode != .primaryHidden {
        forwardDetail = detail
      } else {
        navigation.push(detail)
      }
    }
  }

  /// An article on top of the stack becomes the focused right pane; an article waiting for `t` comes back
  /// beside the list, which keeps the focus.
  private func expand() {
    guard secondary == nil else { return }
    let separated = effectiveDelegate.separateSecondary(from: primary)
    let detail = separated ?? forwardDetail ?? makePlaceholder()
    forwardDetail = nil
    secondary = detail
    addChild(detail)
    focusedPane = separated != nil ? .secondary : .primary
  }

  // MARK: Routing: `showDetail` is ours (DESIGN §3's table)

  override func canPerform(_ route: Route, sender: Controller) -> Bool { route == .showDetail }

  override func perform(_ route: Route, _ controller: Controller, sender: Controller) {
    forwardDetail = nil
    showsPrimaryOverlay = false
    if isCollapsed {
      guard let navigation = primaryNavigation else { return }
      if navigation.top is SecondaryContent, navigation.stack.count > 1 { navigation.pop() }
      navigation.push(controller)
    } else {
      secondary?.removeFromParent()
      secondary = controller
      addChild(controller)
      focusedPane = .secondary
    }
  }

  // MARK: Display mode

  /// The display-mode action (`t`, the toolbar's left item). Collapsed, it goes back and forth between
  /// the list and the article.
  func performDisplayModeAction() {
    if isCollapsed {
      toggleCollapsedDetail()
      return
    }
    let target = effectiveDelegate.targetDisplayModeForAction(in: self)
    if target != displayMode { effectiveDelegate.willChangeTo(target) }
    switch target {
    case .primaryOverlay, .twoOverSecondary:
      showsPrimaryOverlay = true
      // Over the article, the focus goes to the list the article came from (the middle one at three).
      if focusedPane == .secondary { focusedPane = sourcePane }
    case .allVisible, .primaryHidden, .automatic, .twoBesideSecondary:
      showsPrimaryOverlay = false
      // Stored in its two-column form: the same preference reads right at two and three columns.
      preferredDisplayMode = target.columns(2)
    }
    lastDisplayMode = displayMode
    // The focus moves only off a pane that disappeared.
    if displayMode == .primaryHidden { focusedPane = .secondary }
  }

  private func toggleCollapsedDetail() {
    guard let navigation = primaryNavigation else { return }
    if navigation.top is SecondaryContent, navigation.stack.count > 1 {
      forwardDetail = navigation.pop()
    } else if let forward = forwardDetail {
      forwardDetail = nil
      navigation.push(forward)
    }
  }

  private func hideOverlay() {
    guard showsPrimaryOverlay else { return }
    effectiveDelegate.willChangeTo(.primaryHidden)
    showsPrimaryOverlay = false
    focusedPane = .secondary
  }

  // MARK: Layout and drawing

  private var frames: SplitFrames {
    splitFrames(in: frame, collapsed: isCollapsed, mode: displayMode, metrics: metrics)
  }

  override func layoutChildren() {
    adaptColumns()
    let mode = displayMode
    if let last = lastDisplayMode, last != mode, !isCollapsed { effectiveDelegate.willChangeTo(mode) }
    lastDisplayMode = mode
    let f = frames
    primary.frame = f.primary ?? .zero
    supplementary?.frame = f.supplementary ?? .zero
    secondary?.frame = f.secondary ?? .zero
  }

  override var visibleChildren: [Controller] {
    let f = frames
    var shown: [Controller] = []
    if let secondary, f.secondary != nil { shown.append(secondary) }
    if let supplementary, f.supplementary != nil { shown.append(supplementary) }
    if f.primary != nil { shown.append(primary) }  // after the secondary: an overlay is drawn on top
    return shown
  }

  override func drawAfterChildren(in surface: inout Surface) {
    let f = frames
    for (i, separator) in f.separators.enumerated() {
      // Over the article, the last separator is the overlay's border.
      let border = f.isOverlay && i == f.separators.count - 1
      surface.drawVerticalRule(separator, style: border ? .plain : .dim)
      // Where the title-bar rules of the panes meet the separator, join them.
      let y = separator.minY + NavigationController.barHeight - 1
      let x = separator.minX
      if x > 0, x + 1 < surface.size.width, y < separator.maxY,
        surface[x - 1, y].grapheme == surface.glyphs.horizontal,
        border || surface[x + 1, y].grapheme == surface.glyphs.horizontal
      {
        surface.put(border ? surface.glyphs.vertical : surface.glyphs.cross, at: Point(x: x, y: y), style: .dim)
      }
    }
  }

  // MARK: Focus and keys

  override var focusedChild: Controller? {
    if isCollapsed { return primary }
    switch displayMode {
    case .primaryHidden: return secondary
    case .primaryOverlay: return primary
    case .twoOverSecondary: return focusedPane == .supplementary ? supplementary : primary
    case .allVisible, .automatic, .twoBesideSecondary:
      switch focusedPane {
      case .primary: return primary
      case .supplementary: return supplementary ?? primary
      case .secondary: return secondary
      }
    }
  }

  /// Moves the focus to `pane` (expanded, the pane visible); the middle column only while it exists.
  func focus(_ pane: Pane) { focusedPane = pane == .supplementary && supplementary == nil ? .primary : pane }

  /// The panes `Tab` cycles, left to right (DESIGN §3a): those side by side, or both lists over the article.
  private var cycledPanes: [Pane] {
    switch displayMode {
    case .allVisible: return [.primary, .secondary]
    case .twoBesideSecondary: return [.primary, .supplementary, .secondary]
    case .twoOverSecondary: return [.primary, .supplementary]  // the two lists over the article
    default: return []
    }
  }

  override func mouseWillHit(_ child: Controller) {
    if child === primary {
      focusedPane = .primary
    } else if child === supplementary {
      focusedPane = .supplementary
    } else if child === secondary {
      focusedPane = .secondary
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .toggleDisplayMode:
      performDisplayModeAction()
      return true
    case .focusOtherPane:
      let panes = cycledPanes
      guard !isCollapsed, !panes.isEmpty else { return false }
      let index = panes.firstIndex(of: focusedPane) ?? 0
      focusedPane = panes[(index + 1) % panes.count]
      return true
    case .back, .quit:
      if displayMode.isOverlay {
        hideOverlay()
        return true
      }
      // Back from the article pane goes to the list (the middle column at three), from the middle column
      // to the feed list.
      if !isCollapsed, displayMode == .allVisible || displayMode == .twoBesideSecondary, focusedPane != .primary {
        focusedPane = focusedPane == .secondary ? sourcePane : .primary
        return true
      }
      // With the list hidden (`t`), Back and `q` bring back the list the article came from, with the
      // focus, as they move to it when it shows (DESIGN §3): they never quit from an article.
      if !isCollapsed, displayMode == .primaryHidden {
        performDisplayModeAction()
        focusedPane = sourcePane
        return true
      }
      return false
    default:
      return false
    }
  }

}

/// The middle column while no row of the feed list is chosen (DESIGN §3a): says what fills it, so the
/// column is not a blank (DESIGN §1, nothing is a dead end).
@MainActor
final class ListPlaceholderController: Controller {
  override init() {
    super.init()
    title = "Articles"
  }

  override func draw(in surface: inout Surface) {
    surface.fill(frame)
    let lines = ["No list chosen"] + TextWrapper.lines("Enter on a feed shows its articles here", width: max(1, frame.width - 2))
    for (i, line) in lines.enumerated() {
      surface.putCentered(line, y: frame.minY + frame.height / 2 + i, in: frame, style: .dim)
    }
  }
}

/// The delegate used when none is set: DESIGN §3's default rules, from the protocol extension.
@MainActor
private final class DefaultSplitDelegate: SplitControllerDelegate {}
