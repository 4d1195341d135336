/// The terminal UIViewController (SPEC §7): owns a frame and children, draws only its own cells into a
/// `Surface`, and answers keys. Containment changes only through `addChild`/`removeFromParent`.
@MainActor
class Controller {
  private(set) weak var parent: Controller?
  private(set) var children: [Controller] = []
  var frame = Rect.zero
  var title = ""

  init() {}

  func addChild(_ child: Controller) {
    child.removeFromParent()
    children.append(child)
    child.parent = self
  }

  func removeFromParent() {
    parent?.children.removeAll { $0 === self }
    parent = nil
  }

  var root: Controller { parent?.root ?? self }

  /// Sets child frames; called before every draw.
  func layoutChildren() {}
  /// Draws this controller's own cells (children draw themselves afterwards).
  func draw(in surface: inout Surface) {}

  final func render(in surface: inout Surface) {
    layoutChildren()
    draw(in: &surface)
    for child in children { child.render(in: &surface) }
  }

  /// Handles a key; returns true when consumed (the responder chain stops there).
  func handle(_ key: Key) -> Bool { false }

  var treeDescription: String {
    let name = String(describing: type(of: self))
    return children.isEmpty ? name : name + " > [" + children.map(\.treeDescription).joined(separator: ", ") + "]"
  }
}
