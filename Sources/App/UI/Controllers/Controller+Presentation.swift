import ScreenKit

/// How a presented controller is shown (DESIGN §4): over the whole screen, as a popover anchored by a
/// `PopoverPresentation`, or on the status line's row (a question, a search or filter field).
enum PresentationStyle {
  case fullScreen
  case popover(PopoverPresentation)
  case statusLine
}

/// One presented controller, recorded on the root: the root draws presentations last (top of the
/// z-order) and they receive keys first (DESIGN §5).
struct Presentation {
  let controller: Controller
  let style: PresentationStyle
  /// The controller that presented it; the presentation ends when it leaves the tree.
  weak var presenter: Controller?
}

extension Controller {
  /// Presents `controller` above the whole tree.
  func present(_ controller: Controller, style: PresentationStyle) {
    let root = hostRoot
    controller.presentingController = self
    controller.updateEnvironment(environment)
    root.presentations.append(Presentation(controller: controller, style: style, presenter: self))
  }

  /// The root that holds this controller's presentations: for a presented controller, its presenter's.
  var hostRoot: Controller { (presentingController?.hostRoot ?? root) }

  /// The controller this one presented and that is still on screen.
  var presentedController: Controller? {
    hostRoot.presentations.last { $0.presenter === self }?.controller
  }

  /// Ends the presentation of `self` (when presented) or of whatever `self` presented.
  func dismiss() {
    hostRoot.presentations.removeAll { $0.controller === self || $0.presenter === self }
  }

  /// Ends every popover presentation (the one selection-change path calls this, DESIGN §4).
  func dismissPopovers() {
    hostRoot.presentations.removeAll {
      if case .popover = $0.style { return true }
      return false
    }
  }

  /// Lays out the root's presentations, after the tree. A popover's anchor is resolved here, after every
  /// layout, so it follows its toolbar item through resizes; a presentation whose presenter left the tree
  /// or whose anchor is gone ends.
  func layoutPresentations() {
    let bounds = frame
    presentations.removeAll { p in
      guard let presenter = p.presenter, presenter.root === self else { return true }
      if case .popover(let popover) = p.style {
        return !popover.resolve(presenter: presenter, in: bounds)
      }
      return false
    }
    for p in presentations {
      p.controller.updateTraits(inherited: traitCollection, environment: environment)
      switch p.style {
      case .fullScreen:
        p.controller.frame = bounds
      case .popover(let popover):
        p.controller.frame = popover.frame
      case .statusLine:
        p.controller.frame = bounds.height < 2 ? .zero : bounds.dividedBottom(1).1
      }
      p.controller.layoutTree()
    }
  }

  /// Draws the root's presentations over the tree, in order.
  func drawPresentations(in surface: inout Surface) {
    for p in presentations { p.controller.drawTree(in: &surface) }
  }

  /// Offers a key to the topmost presentation's responder chain; true when it consumed it.
  func dispatchKeyToPresentations(_ key: Key) -> Bool {
    guard let top = presentations.last else { return false }
    return top.controller.dispatchKey(key)
  }

  /// Offers pasted text to the topmost presentation (an open field takes it); true when it took it.
  func dispatchPasteToPresentations(_ text: String) -> Bool {
    presentations.last?.controller.paste(text) ?? false
  }

  /// Whether something is presented on the status line's row (it keeps the row while open).
  var presentsOnStatusLine: Bool {
    presentations.contains {
      if case .statusLine = $0.style { return true }
      return false
    }
  }
}
