import Reader

/// One turn of the UI: every input enters through `handle`, then the tree is laid out and rendered into a
/// fresh `Surface` that the backend presents. The run loop and the test harness both drive this type.
@MainActor
final class Screen {
  let root: Controller
  let backend: any TerminalBackend
  /// Below this size only a "terminal too small" message is drawn.
  static let minimumSize = Size(width: 20, height: 6)
  private(set) var quitRequested = false
  private var renderScheduled = false

  init(root: Controller, backend: any TerminalBackend) {
    self.root = root
    self.backend = backend
  }

  func handle(_ event: Event) {
    switch event {
    case .key(let key):
      if !root.handle(key), key == .character("q") { quitRequested = true }
    case .resize, .mouse, .refresh:
      break
    }
  }

  /// Lays out and draws the whole tree, then presents it.
  func renderNow() {
    renderScheduled = false
    let size = backend.size
    var surface = Surface(size: size)
    if size.width < Self.minimumSize.width || size.height < Self.minimumSize.height {
      drawTooSmall(in: &surface)
    } else {
      root.frame = Rect(size: size)
      root.render(in: &surface)
    }
    backend.present(surface)
  }

  private func drawTooSmall(in surface: inout Surface) {
    let message = ["Terminal too small", "(\(surface.size.width)×\(surface.size.height), need 20×6)"]
    for (i, line) in message.enumerated() {
      let y = surface.size.height / 2 - 1 + i
      let x = max(0, (surface.size.width - DisplayWidth.of(line)) / 2)
      surface.put(line, at: Point(x: x, y: max(0, y)))
    }
  }
}
