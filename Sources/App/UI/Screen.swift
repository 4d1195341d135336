import Reader
import ScreenKit
import TextLayout

/// One turn of the UI (ARCHITECTURE §5): every input enters through `handle`, resizes go through
/// `transition(to:)`, then `renderNow` lays out and draws the tree (presentations last) into a fresh
/// `Surface` that the backend presents. The run loop and the test harness both drive this type.
@MainActor
public final class Screen {
  let root: ContainerController
  public let backend: any TerminalBackend
  public let configuration: UIConfiguration
  /// Below this size only a "terminal too small" message is drawn.
  public static let minimumSize = Size(width: 20, height: 6)
  public private(set) var quitRequested = false
  /// The size the tree last transitioned to (nil before launch).
  public private(set) var transitionedSize: Size?
  private var renderScheduled = false

  init(root: ContainerController, backend: any TerminalBackend) {
    self.root = root
    self.backend = backend
    self.configuration = root.session.configuration
  }

  /// The reader's whole tree over `session`, drawn on `backend`.
  public convenience init(session: ReadingSession, backend: any TerminalBackend) {
    self.init(root: .reader(session: session), backend: backend)
  }

  public func handle(_ event: Event) {
    switch event {
    case .resize(let size):
      transition(to: size)
    case .key(let key):
      root.session.keyPressed()
      if !dispatchKey(key), root.keyMap.action(for: key, in: .window) == .quit { quitRequested = true }
    case .mouse(let mouse):
      dispatchMouse(mouse)
    case .refresh:
      break
    case .paste:
      // Pasted text is not keystrokes (InputDecoder): the reader has no text field to put it in, so it is
      // dropped — a paste in a list must not quit, jump or open anything.
      break
    }
  }

  /// Presented controllers first, then the focused leaf, then its parents.
  private func dispatchKey(_ key: Key) -> Bool {
    if root.dispatchKeyToPresentations(key) { return true }
    return root.dispatchKey(key)
  }

  private func dispatchMouse(_ event: MouseEvent) {
    if let top = root.presentations.last {
      // A click outside a popover closes it; a full-screen presentation takes every click.
      if top.controller.frame.contains(event.point) {
        _ = top.controller.dispatchMouse(event)
      } else {
        top.controller.dismiss()
      }
      return
    }
    _ = root.dispatchMouse(event)
  }

  /// Launch and every settled resize: the container decides its override, traits flow down (the split
  /// collapses or expands), the root takes the new frame.
  public func transition(to size: Size) {
    transitionedSize = size
    root.viewWillTransition(to: size)
    root.updateTraits(
      inherited: .screen(size, regularWidth: configuration.regularWidth, compactHeight: configuration.compactHeight))
    root.frame = Rect(size: size)
  }

  /// Asks for one render on the next turn of the main queue; a burst of requests (reload progress,
  /// background results) coalesces into one frame.
  public func setNeedsRender() {
    guard !renderScheduled else { return }
    renderScheduled = true
    Task { @MainActor [weak self] in
      guard let self, self.renderScheduled else { return }
      self.renderNow()
    }
  }

  /// Lays out and draws the whole tree, then presents it.
  public func renderNow() {
    renderScheduled = false
    let size = backend.size
    if transitionedSize != size { transition(to: size) }
    var surface = Surface(size: size)
    surface.glyphs = backend.supportsUnicode ? .unicode : .ascii
    if size.width < Self.minimumSize.width || size.height < Self.minimumSize.height {
      drawTooSmall(in: &surface)
    } else {
      root.frame = Rect(size: size)
      root.render(in: &surface)
      root.renderPresentations(in: &surface)
    }
    if !backend.supportsUnicode { surface.foldToASCII() }
    backend.present(surface)
  }

  /// The too-small notice: the longest wording of each line that fits whole (a clipped "Termin…" helps
  /// nobody), centred; a terminal too small for any wording (1×1) stays blank.
  private func drawTooSmall(in surface: inout Surface) {
    let bounds = surface.bounds
    let need = "\(Self.minimumSize.width)×\(Self.minimumSize.height)"
    let lines = [
      ["Terminal too small", "Too small"].first { DisplayWidth.of($0) <= bounds.width },
      ["(\(bounds.width)×\(bounds.height), need \(need))", "need \(need)"].first { DisplayWidth.of($0) <= bounds.width },
    ].compactMap { $0 }.prefix(bounds.height)
    let top = max(0, (bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      surface.putCentered(line, y: top + i, in: bounds, style: i == 0 ? .bold : .plain)
    }
  }
}
