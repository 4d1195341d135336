import Pixels
import ScreenKit

/// The terminal UIViewController (DESIGN §7): owns a frame and children, inherits traits, draws only its
/// own cells into a `Surface`, and answers keys and clicks as a link of the responder chain.
///
/// Invariants: containment changes only through `addChild`/`removeFromParent` (which tell the child with
/// `willMove`/`didMove` and hand it fresh traits); a child's traits are always
/// `parent.traitCollection.applying(override for that child)`, and `traitCollectionDidChange` fires only
/// when they really change.
@MainActor
class Controller {
  private(set) weak var parent: Controller?
  private(set) var children: [Controller] = []
  var frame = Rect.zero
  /// Shown by navigation bars and tab bars.
  var title = ""
  /// Shown at the right of the navigation bar while this controller is on top (a list's filter).
  var titleMarker: String? { nil }
  private(set) var traitCollection = TraitCollection.screen(Size(width: 80, height: 24))
  /// The key map, theme, glyphs, cell size and picture mode of the whole tree: the root's, handed down
  /// with the traits (the default until this controller joins a tree).
  private(set) var environment = Environment()
  private var overrides: [ObjectIdentifier: TraitOverride] = [:]
  /// Presentations made from this tree (kept on the root, which draws them last; see +Presentation).
  var presentations: [Presentation] = []
  /// For a presented controller, the one that presented it (its way back to the tree's root).
  weak var presentingController: Controller?

  init() {}

  // MARK: Containment

  func addChild(_ child: Controller) {
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
    child.updateTraits(inherited: traitCollection.applying(overrides[ObjectIdentifier(child)]), environment: environment)
    child.didMove(toParent: self)
  }

  func removeFromParent() {
    guard let parent else { return }
    willMove(toParent: nil)
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  func willMove(toParent parent: Controller?) {}
  func didMove(toParent parent: Controller?) {}

  var root: Controller { parent?.root ?? self }

  /// Whether `self` is `other` or one of its descendants.
  func isDescendant(of other: Controller) -> Bool {
    var node: Controller? = self
    while let n = node {
      if n === other { return true }
      node = n.parent
    }
    return false
  }

  /// The nearest split controller above (UIKit's `splitViewController`).
  var splitController: SplitController? { (parent as? SplitController) ?? parent?.splitController }
  /// The nearest navigation controller above (UIKit's `navigationController`).
  var navigationController: NavigationController? {
    (parent as? NavigationController) ?? parent?.navigationController
  }

  // MARK: Traits (DESIGN §2)

  /// Sets (or with nil clears) the traits `child` gets instead of inheriting ours. With `propagate`
  /// false the override is only recorded: during a transition the screen's new traits follow at once,
  /// and pushing them now, against our old traits, would make the split collapse and expand again.
  func setOverrideTraitCollection(_ override: TraitOverride?, forChild child: Controller, propagate: Bool = true) {
    overrides[ObjectIdentifier(child)] = override
    if propagate, child.parent === self {
      child.updateTraits(inherited: traitCollection.applying(override), environment: environment)
    }
  }

  /// Adopts `inherited` (and `environment`, when given: the parent's) and passes both down to every child.
  func updateTraits(inherited: TraitCollection, environment: Environment? = nil) {
    let previous = traitCollection
    traitCollection = inherited
    if let environment { self.environment = environment }
    if previous != inherited { traitCollectionDidChange(previous) }
    for child in children {
      child.updateTraits(
        inherited: traitCollection.applying(overrides[ObjectIdentifier(child)]), environment: self.environment)
    }
  }

  /// Adopts `environment` and hands it down with the traits (the screen sets the root's before each frame,
  /// a presenter its presentation's); nothing moves when it is unchanged.
  func updateEnvironment(_ environment: Environment) {
    guard environment != self.environment else { return }
    updateTraits(inherited: traitCollection, environment: environment)
  }

  func traitCollectionDidChange(_ previous: TraitCollection?) {}

  /// Launch and every settled resize, root first, before traits are recomputed (DESIGN §2).
  func viewWillTransition(to size: Size) {
    for child in children { child.viewWillTransition(to: size) }
  }

  // MARK: Layout and drawing

  /// Sets child frames (from the pure functions of ScreenKit's layout) and computes what `draw` needs
  /// (wrapped rows, clamped scroll, rows read from the cache): the one phase of a frame that may change
  /// state. Called top-down before every draw.
  func layoutChildren() {}
  /// Draws this controller's own cells, before its children. Reads state and writes cells, nothing else.
  func draw(in surface: inout Surface) {}
  /// Draws over the children (separators, overlay borders).
  func drawAfterChildren(in surface: inout Surface) {}
  /// The children drawn this frame, bottom to top; hidden ones (a hidden primary column) are left out.
  var visibleChildren: [Controller] { children }

  /// The glyph set of this terminal (`Environment.glyphs`).
  var glyphs: Glyphs { environment.glyphs }
  /// A cell's size in pixels when the terminal draws pictures as pixels (`Environment.cellPixels`).
  var cellPixels: PixelSize? { environment.cellPixels }
  /// How this run draws pictures (`Environment.pictureMode`, resolved once at start).
  var pictureMode: PictureMode { environment.pictureMode }

  /// The layout phase of a frame, for this controller and its visible subtree.
  final func layoutTree() {
    layoutChildren()
    for child in visibleChildren { child.layoutTree() }
  }

  /// The drawing phase of a frame, after `layoutTree`.
  final func drawTree(in surface: inout Surface) {
    draw(in: &surface)
    for child in visibleChildren { child.drawTree(in: &surface) }
    drawAfterChildren(in: &surface)
  }

  /// The frame of the element named `id` (a toolbar item), for popover anchors; searched in the visible
  /// subtree after layout.
  func anchorFrame(for id: String) -> Rect? {
    for child in visibleChildren {
      if let frame = child.anchorFrame(for: id) { return frame }
    }
    return nil
  }

  // MARK: Routing (see +Routing)

  /// Whether this container handles `route` for a controller below it.
  func canPerform(_ route: Route, sender: Controller) -> Bool { false }
  func perform(_ route: Route, _ controller: Controller, sender: Controller) {}

  // MARK: Responder chain (DESIGN §5)

  /// The bindings in effect (`Environment.keyMap`), so every controller answers the same keys.
  var keyMap: KeyMap { environment.keyMap }
  /// The user's colours (`Environment.theme`).
  var theme: Theme { environment.theme }

  /// The child that receives keys first (nil: this controller is the focused leaf).
  var focusedChild: Controller? { nil }
  /// Handles a key; true when consumed, which stops the chain.
  func handle(_ key: Key) -> Bool { false }
  /// Handles pasted text (never keystrokes: InputDecoder); true when consumed. Only a text field takes it.
  func paste(_ text: String) -> Bool { false }
  /// The typing paused (`TypingPause`): a field whose wait it was acts on what was typed.
  func typingPaused(_ generation: Int) {}
  /// Handles a mouse event inside this controller's frame; true when consumed.
  func handleMouse(_ event: MouseEvent) -> Bool { false }
  /// Told, on the way down, that a click landed inside `child` (a split moves its focus there).
  func mouseWillHit(_ child: Controller) {}

  /// Whether keys reach this controller's subtree first: the pane to draw as focused.
  var hasFocus: Bool { root.focusedLeaf.isDescendant(of: self) }

  /// The focused leaf below (or at) this controller.
  var focusedLeaf: Controller {
    var node = self
    while let next = node.focusedChild { node = next }
    return node
  }

  /// Offers `key` to the focused leaf, then to each parent up to and including `self`.
  final func dispatchKey(_ key: Key) -> Bool {
    var node: Controller? = focusedLeaf
    while let n = node {
      if n.handle(key) { return true }
      if n === self { break }
      node = n.parent
    }
    return false
  }

  /// Offers a mouse event to the deepest visible controller under it, then to its parents.
  final func dispatchMouse(_ event: MouseEvent) -> Bool {
    var path: [Controller] = [self]
    var node: Controller = self
    while let hit = node.visibleChildren.last(where: { $0.frame.contains(event.point) }) {
      node.mouseWillHit(hit)
      path.append(hit)
      node = hit
    }
    for n in path.reversed() where n.handleMouse(event) { return true }
    return false
  }

  // MARK: Description

  var treeDescription: String {
    let name = String(describing: type(of: self))
    return children.isEmpty ? name : name + " > [" + children.map(\.treeDescription).joined(separator: ", ") + "]"
  }
}
