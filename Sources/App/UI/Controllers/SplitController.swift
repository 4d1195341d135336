import ScreenKit

/// Two panes on a wide terminal, one navigation stack on a narrow one (DESIGN §3, UISplitViewController).
///
/// Expanded when its horizontal size class is regular, collapsed when compact; the change happens in
/// `traitCollectionDidChange`, asking the delegate (`collapseSecondary`, `separateSecondary`).
/// Invariants: expanded ⇒ `secondary` is a child (an article or the placeholder); collapsed ⇒
/// `secondary == nil` and any article lives on the primary's navigation stack. The primary is always a
/// child; in `primaryHidden` it is simply not drawn, so its state survives.
@MainActor
final class SplitController: Controller {
  enum Pane: Sendable { case primary, secondary }

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

  /// The mode in effect (never `automatic`); `allVisible` while collapsed, as UIKit reports.
  var displayMode: DisplayMode {
    if isCollapsed { return .allVisible }
    let resolved = preferredDisplayMode.resolved(forWidth: frame.width, regularWidth: regularWidth)
    return resolved == .primaryHidden && showsPrimaryOverlay ? .primaryOverlay : resolved
  }

  /// The primary's navigation stacks (a tab controller's, the selected tab first).
  static func navigationControllers(in primary: Controller) -> [NavigationController] {
    if let navigation = primary as? NavigationController { return [navigation] }
    if let tabs = primary as? TabController { return tabs.navigationControllers }
    return []
  }

  /// Where a collapsed split pushes details: the selected tab's stack.
  var primaryNavigation: NavigationController? { Self.navigationControllers(in: primary).first }

  // MARK: Collapse and expand (DESIGN §3)

  override func traitCollectionDidChange(_ previous: TraitCollection?) {
    guard previous?.horizontalSizeClass != traitCollection.horizontalSizeClass else { return }
    if isCollapsed { collapse() } else { expand() }
  }

  /// The focus stays where it was: an article read in the right pane goes on top of the stack; with the
  /// list focused the list stays in view and the article waits for `t` (forward).
  private func collapse() {
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
    case .allVisible, .primaryHidden, .automatic, .twoBesideSecondary:
      showsPrimaryOverlay = false
      preferredDisplayMode = target
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
    let mode = displayMode
    if let last = lastDisplayMode, last != mode, !isCollapsed { effectiveDelegate.willChangeTo(mode) }
    lastDisplayMode = mode
    let f = frames
    primary.frame = f.primary ?? .zero
    secondary?.frame = f.secondary ?? .zero
  }

  override var visibleChildren: [Controller] {
    let f = frames
    var shown: [Controller] = []
    if let secondary, f.secondary != nil { shown.append(secondary) }
    if f.primary != nil { shown.append(primary) }  // after the secondary: an overlay is drawn on top
    return shown
  }

  override func drawAfterChildren(in surface: inout Surface) {
    guard let separator = frames.separator else { return }
    surface.drawVerticalRule(separator, style: frames.isOverlay ? .plain : .dim)
    // Where the title-bar rules of both panes meet the separator, join them.
    let y = separator.minY + NavigationController.barHeight - 1
    let x = separator.minX
    if x > 0, x + 1 < surface.size.width, y < separator.maxY,
      surface[x - 1, y].grapheme == surface.glyphs.horizontal,
      frames.isOverlay || surface[x + 1, y].grapheme == surface.glyphs.horizontal
    {
      surface.put(frames.isOverlay ? surface.glyphs.vertical : surface.glyphs.cross, at: Point(x: x, y: y), style: .dim)
    }
  }

  // MARK: Focus and keys

  override var focusedChild: Controller? {
    if isCollapsed { return primary }
    switch displayMode {
    case .primaryHidden: return secondary
    case .primaryOverlay, .twoOverSecondary: return primary
    case .allVisible, .automatic, .twoBesideSecondary: return focusedPane == .primary ? primary : secondary
    }
  }

  /// Moves the focus to `pane` (expanded, both panes visible).
  func focus(_ pane: Pane) { focusedPane = pane }

  override func mouseWillHit(_ child: Controller) {
    if child === primary { focusedPane = .primary } else if child === secondary { focusedPane = .secondary }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .toggleDisplayMode:
      performDisplayModeAction()
      return true
    case .focusOtherPane:
      guard !isCollapsed, displayMode == .allVisible else { return false }
      focusedPane = focusedPane == .primary ? .secondary : .primary
      return true
    case .back, .quit:
      if displayMode == .primaryOverlay {
        hideOverlay()
        return true
      }
      // Back from the article pane goes to the list.
      if !isCollapsed, displayMode == .allVisible, focusedPane == .secondary {
        focusedPane = .primary
        return true
      }
      // With the list hidden (`t`), Back and `q` bring back the list the article came from, with the
      // focus, as they move to it when it shows (DESIGN §3): they never quit from an article.
      if !isCollapsed, displayMode == .primaryHidden {
        performDisplayModeAction()
        focusedPane = .primary
        return true
      }
      return false
    default:
      return false
    }
  }

}

/// The delegate used when none is set: DESIGN §3's default rules, from the protocol extension.
@MainActor
private final class DefaultSplitDelegate: SplitControllerDelegate {}
