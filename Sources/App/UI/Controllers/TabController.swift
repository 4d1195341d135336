import Reader
import ScreenKit
import TextLayout

/// Tabs with a tab bar on the last row (DESIGN §1: **Feeds** and **Recent**; UITabBarController), switched
/// with `1`/`2` or a click. Invariant: only the selected tab is a child; the others keep their state.
@MainActor
final class TabController: Controller {
  let tabs: [Controller]
  private(set) var selectedIndex = 0

  init(tabs: [Controller]) {
    precondition(!tabs.isEmpty, "a tab controller needs a tab")
    self.tabs = tabs
    super.init()
    addChild(tabs[0])
  }

  var selected: Controller { tabs[selectedIndex] }

  func select(_ index: Int) {
    guard tabs.indices.contains(index), index != selectedIndex else { return }
    selected.removeFromParent()
    selectedIndex = index
    addChild(selected)
  }

  override func viewWillTransition(to size: Size) {
    for tab in tabs { tab.viewWillTransition(to: size) }
  }

  override var focusedChild: Controller? { selected }

  private var barFrame: Rect { frame.dividedBottom(1).1 }

  override func layoutChildren() { selected.frame = frame.dividedBottom(1).0 }

  /// Item frames in the bar, for drawing and hit testing, with the labels they hold.
  private func itemFrames() -> [(frame: Rect, label: String)] {
    let (labels, gap) = fittingLabels()
    var x = barFrame.minX + 1
    return labels.map { label in
      let width = DisplayWidth.of(label)
      defer { x += width + gap }
      return (Rect(x: x, y: barFrame.minY, width: width, height: 1), label)
    }
  }

  /// The badge beside tab `i`'s title (the Feeds tab's unread count), asked for each time the bar is
  /// drawn, so it follows marks at once without anyone setting it.
  var badge: (Int) -> String? = { _ in nil }

  /// The widest labels that fit the bar whole, and the gap between them (DESIGN §1: a narrow split's
  /// primary is 24 columns): ` 1 Feeds (12) `, then without the padding, then without the key numbers
  /// (the help lists them), then without the badge; the last form is clipped if even it does not fit.
  private func fittingLabels() -> (labels: [String], gap: Int) {
    func form(_ level: Int) -> [String] {
      tabs.enumerated().map { i, tab in
        let words = [level < 2 ? "\(i + 1)" : nil, tab.title, level < 3 ? badge(i) : nil].compactMap { $0 }
        let label = words.joined(separator: " ")
        return level == 0 ? " " + label + " " : label
      }
    }
    for level in 0..<3 {
      let labels = form(level)
      let gap = level == 0 ? 1 : 2
      let width = labels.reduce(0) { $0 + DisplayWidth.of($1) } + gap * (labels.count - 1)
      if 1 + width <= barFrame.width {
        return (labels, gap)
      }
    }
    return (form(3), 2)
  }

  override func draw(in surface: inout Surface) {
    let bar = barFrame
    surface.fill(bar, style: .dim)
    for (i, item) in itemFrames().enumerated() {
      let style: Style = i == selectedIndex ? .reverse : .dim
      surface.put(item.label, at: item.frame.origin, style: style, clip: bar)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .feedsTab: select(0)
    case .recentTab: select(1)
    default: return false
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    guard event.kind == .press, let i = itemFrames().firstIndex(where: { $0.frame.contains(event.point) }) else {
      return false
    }
    select(i)
    return true
  }

  /// The navigation stacks of every tab, the selected one first (where a collapsed split pushes).
  var navigationControllers: [NavigationController] {
    let ordered = [selected] + tabs.filter { $0 !== selected }
    return ordered.compactMap { $0 as? NavigationController }
  }
}
