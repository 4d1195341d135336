import Reader
import ScreenKit
import TextLayout

/// A stack of controllers with a title bar (DESIGN §3, UINavigationController): `show` pushes, back pops.
///
/// Invariant: only `top` is a child (drawn, given traits, offered keys); the controllers below wait in
/// `stack` and get fresh traits when they become top again. Transitions reach the whole stack.
@MainActor
final class NavigationController: Controller {
  private(set) var stack: [Controller]
  /// Rows taken by the title bar: the title line and a rule.
  static let barHeight = 2

  init(root: Controller) {
    stack = [root]
    super.init()
    title = root.title
    addChild(root)
  }

  var top: Controller { stack[stack.count - 1] }

  func push(_ controller: Controller) {
    top.removeFromParent()
    stack.append(controller)
    addChild(controller)
  }

  /// Puts `controller` in place of the top one, the root included (the feed a list showed was replaced).
  func replaceTop(with controller: Controller) {
    top.removeFromParent()
    stack[stack.count - 1] = controller
    addChild(controller)
  }

  /// Pops the top controller (never the root); returns it.
  @discardableResult
  func pop() -> Controller? {
    guard stack.count > 1 else { return nil }
    let popped = stack.removeLast()
    popped.removeFromParent()
    addChild(top)
    return popped
  }

  /// Every controller of the stack, bottom first, taken out of it (the split's middle column giving its
  /// levels back, DESIGN §3a); the stack is not used afterwards.
  func removeAll() -> [Controller] {
    top.removeFromParent()
    let all = stack
    stack = [all[0]]
    return all
  }

  override func canPerform(_ route: Route, sender: Controller) -> Bool { route == .show }
  /// Pushes, except a list chosen in the feed list of a three-column split, which fills its middle
  /// column instead (DESIGN §3a).
  override func perform(_ route: Route, _ controller: Controller, sender: Controller) {
    if splitController?.showsInMiddleColumn(controller, from: self) == true { return }
    push(controller)
  }

  override func viewWillTransition(to size: Size) {
    for controller in stack { controller.viewWillTransition(to: size) }
  }

  override var focusedChild: Controller? { top }

  private var contentFrame: Rect { frame.dividedTop(Self.barHeight).1 }

  override func layoutChildren() { top.frame = contentFrame }

  /// The focused pane's title in the title-bar style, the other one's dim.
  private var titleStyle: Style { hasFocus ? theme.titleBar : .dim }

  /// The bar takes the title of the controller on top, with `‹ Back` below the root (DESIGN §3).
  override func draw(in surface: inout Surface) {
    let (bar, _) = frame.dividedTop(Self.barHeight)
    surface.fill(bar)
    let titleRow = Rect(x: bar.minX, y: bar.minY, width: bar.width, height: min(1, bar.height))
    var x = bar.minX + 1
    if stack.count > 1 {
      x += surface.put(surface.glyphs.back + " Back", at: Point(x: x, y: bar.minY), style: .plain, clip: titleRow)
      x += 2
    }
    var room = max(0, bar.maxX - x - 1)
    var onRule: String?
    if let marker = top.titleMarker {
      // Too long beside the title: on the rule below it, whole or without the kinds before the colons
      // (`sort:title` → `title`), so no part is left out (a sort, a filter, unread only).
      let bare = marker.split(separator: " ").map { $0.split(separator: ":", maxSplits: 1).last ?? $0 }
      let onRuleForms = ["[" + marker + "]", "[" + bare.joined(separator: " ") + "]"]
      if DisplayWidth.of(onRuleForms[0]) + 1 > room / 2, bar.height > 1,
        let form = onRuleForms.first(where: { DisplayWidth.of($0) + 3 <= bar.width })
      {
        onRule = form
      } else if let shown = Self.shownMarker(marker, room: room) {
        let width = DisplayWidth.of(shown)
        surface.put(shown, at: Point(x: bar.maxX - 1 - width, y: bar.minY), style: theme.titleBar, clip: titleRow)
        room -= width + 1
      }
    }
    let shown = TextWrapper.truncate(top.title, width: room, ellipsis: surface.glyphs.ellipsis)
    surface.put(shown, at: Point(x: x, y: bar.minY), style: titleStyle, clip: titleRow)
    if bar.height > 1 {
      let rule = Rect(x: bar.minX, y: bar.minY + 1, width: bar.width, height: 1)
      surface.drawRule(rule)
      if let onRule {
        // Its last cell stays a rule, where the split joins the bar to its separator.
        let width = DisplayWidth.of(onRule)
        surface.put(onRule, at: Point(x: bar.maxX - 2 - width, y: rule.minY), style: theme.titleBar, clip: rule)
      }
    }
  }

  /// The marker as the title's line shows it in `room` columns: whole while it leaves half the bar to
  /// the title; else (where the bar has no rule to take it whole, `draw`) its first word (a sort, say),
  /// then that word without the kind before its colon (`sort:title` → `title`), while a few columns of
  /// the title stay.
  static func shownMarker(_ marker: String, room: Int) -> String? {
    let whole = "[" + marker + "]"
    if DisplayWidth.of(whole) + 1 <= room / 2 { return whole }
    let word = marker.prefix { $0 != " " }
    let bare = word.split(separator: ":", maxSplits: 1).last ?? word
    return ["[" + word + "]", "[" + bare + "]"].first { DisplayWidth.of($0) + 1 <= room - 3 }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .back, .quit:
      return pop() != nil
    default:
      return false
    }
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    // A click on `‹ Back` pops.
    guard event.kind == .press, stack.count > 1, event.point.y == frame.minY, event.point.x < frame.minX + 8
    else { return false }
    pop()
    return true
  }
}
