import Pixels
import Reader
import ScreenKit
import TextLayout

/// One turn of the UI: every event enters through `handle`, the one door (docs/ARCHITECTURE.md, "One door"); then
/// `renderNow` lays out the tree, draws it (presentations last) into a fresh `Surface` and hands that to
/// the backend. The run loop and the test harness both drive this type.
@MainActor
public final class Screen {
  let root: ContainerController
  public let backend: any TerminalBackend
  public let configuration: UIConfiguration
  /// Below this size only a "terminal too small" message is drawn.
  public static let minimumSize = Size(width: 20, height: 6)
  /// The run loop ends when this is set; the session keeps it, since a `confirm-exit` question is answered there.
  public var quitRequested: Bool { root.session.quitRequested }
  /// The terminal's size: the one place it is kept, set by `.resize` (nil before the first).
  public private(set) var size: Size?

  init(root: ContainerController, backend: any TerminalBackend) {
    self.root = root
    self.backend = backend
    self.configuration = root.session.configuration
  }

  /// The reader's whole tree over `session`, drawn on `backend`.
  public convenience init(session: ReadingSession, backend: any TerminalBackend) {
    self.init(root: .reader(session: session), backend: backend)
  }

  /// The one door: input, resizes and what background work reports all change the UI here, and nowhere
  /// else. The container then catches up with the model.
  public func handle(_ event: Event) {
    switch event {
    case .resize(let size):
      transition(to: size)
    case .key(let key):
      if isTooSmall {
        // Behind the notice the UI cannot be seen, so no key may change it (`C` `y` would mark everything
        // read unseen): only the quit key acts, and at once, since a confirm-exit question could not be read.
        if root.keyMap.action(for: key, in: .window) == .quit { root.session.quit() }
        break
      }
      root.session.status.keyPressed()
      if macroPending {
        macroPending = false
        runMacro(on: key)
        break
      }
      if !dispatchKey(key) {
        let macros = root.session.configuration.macros
        if key == Macro.prefix && !macros.isEmpty {
          macroPending = true
          root.session.status.notify(.macroPrefix(keys: Array(macros.keys)))
        } else if root.keyMap.action(for: key, in: .window) == .quit {
          root.askToQuit()
        } else if !root.keyMap.isBound(key) {
          let help = root.keyMap.keys(for: .help).first?.description ?? "help"
          root.session.status.notify(.unbound(key, helpKey: help))
        } else if let why = root.keyMap.whyIdle(key) {
          root.session.status.notify(why)
        }
      }
    case .mouse(let mouse):
      // A click behind the too-small notice would land on rows nobody sees.
      if !isTooSmall { dispatchMouse(mouse) }
    case .paste(let text):
      // Pasted text is not keystrokes (InputDecoder): it goes to what is presented (an open field takes
      // it), and is dropped otherwise — a paste in a list must not quit, jump or open anything; behind
      // the too-small notice it is dropped too, as keys are.
      if !isTooSmall { _ = root.dispatchPasteToPresentations(text) }
    case .promptPaused(let generation):
      for presentation in root.presentations { presentation.controller.typingPaused(generation) }
    case .reloadProgress, .reloadFinished, .pageFetched, .pageFailed, .imageLoaded, .picturePrepared, .listCounted, .listPagesRead,
      .queryFeedsCounted,
      .reloadTimer,
      .failure, .marksWritten, .syncProgress, .syncFinished, .marksSent, .sendRetry, .loginFailed, .indexProgress,
      .indexFinished, .actionFinished:
      // What background work posted goes to the session, one way (`ReadingSession.apply`).
      root.session.apply(event)
    }
    root.sync()
  }

  /// Handles every event background work has posted since the last call, for the run loop and the test
  /// harness alike; false when there was none.
  @discardableResult
  public func handlePosted() -> Bool {
    let posted = root.session.events.take()
    for (index, event) in posted.enumerated() where !Self.isSuperseded(event, by: posted[(index + 1)...]) {
      handle(event)
    }
    return !posted.isEmpty
  }

  /// A reload's progress followed in the same drain by more of it, or by its end, says nothing the later
  /// one does not: each re-reads every feed, so feeds landing together are read once.
  static func isSuperseded(_ event: Event, by later: ArraySlice<Event>) -> Bool {
    guard case .reloadProgress = event else { return false }
    return later.contains {
      switch $0 {
      case .reloadProgress, .reloadFinished: true
      default: false
      }
    }
  }

  /// The macro prefix (`,`) was the last key, unbound and with macros configured: the next names one.
  private var macroPending = false

  /// Runs the config's macro on `key` (`Macro`): each action as its first bound key would, in the focus
  /// of the moment, each `set` on the run's programs. A key that names no macro says so.
  private func runMacro(on key: Key) {
    guard let macro = root.session.configuration.macros[key] else { return root.session.status.notify(.noMacro(key)) }
    for step in macro.steps {
      switch step {
      case .set(let setting, let value):
        root.session.outside.set(setting, to: value)
      case .action(let action):
        guard let bound = root.keyMap.keys(for: action).first else {
          return root.session.status.notify(.failure("Macro \(key): \(action.configName) has no key to run it by (bind-key one)."))
        }
        _ = dispatchKey(bound)
      }
    }
  }

  /// The one way a key goes (DESIGN §5): presented controllers first (a question or field on the status
  /// line, the popover, the help), then the focused leaf, then its parents.
  private func dispatchKey(_ key: Key) -> Bool {
    if root.dispatchKeyToPresentations(key) { return true }
    return root.dispatchKey(key)
  }

  private func dispatchMouse(_ event: MouseEvent) {
    // A question or field on the status line leaves the tree its clicks.
    if let top = root.presentations.last(where: { if case .statusLine = $0.style { false } else { true } }) {
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
  private func transition(to size: Size) {
    self.size = size
    root.viewWillTransition(to: size)
    root.updateTraits(
      inherited: .screen(size, regularWidth: configuration.regularWidth, compactHeight: configuration.compactHeight))
    root.frame = Rect(size: size)
  }

  /// Below `minimumSize` only the too-small notice is drawn, and input waits (see `handle`).
  var isTooSmall: Bool {
    guard let size else { return false }
    return size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
  }

  /// Lays out and draws the whole tree at the size of the last `.resize`, then presents it.
  public func renderNow() {
    guard let size else { return }
    var surface = Surface(size: size)
    surface.glyphs = backend.supportsUnicode ? .unicode : .ascii
    root.updateEnvironment(
      Environment(configuration, glyphs: surface.glyphs, cellPixels: backend.cellPixels, pictureMode: backend.pictureMode))
    if isTooSmall {
      drawTooSmall(in: &surface)
    } else {
      root.layoutTree()
      root.layoutPresentations()
      root.drawTree(in: &surface)
      root.drawPresentations(in: &surface)
    }
    if !backend.supportsUnicode { surface.foldToASCII() }
    backend.present(surface)
  }

  /// The too-small notice: the longest wording of each line that fits whole (a clipped "Termin…" helps
  /// nobody), centred; a terminal too small for any wording (1×1) stays blank. The last line says why
  /// keys seem dead: they wait (see `handle`), and only the quit key acts.
  private func drawTooSmall(in surface: inout Surface) {
    let bounds = surface.bounds
    let need = "\(Self.minimumSize.width)×\(Self.minimumSize.height)"
    // Without the heading the other lines would read as nonsense: no heading, nothing.
    guard let heading = ["Terminal too small", "Too small"].first(where: { DisplayWidth.of($0) <= bounds.width }) else { return }
    let quit = root.keyMap.keys(for: .quit).first?.description
    let lines = [
      heading,
      ["(\(bounds.width)×\(bounds.height), need \(need))", "need \(need)"].first { DisplayWidth.of($0) <= bounds.width },
      quit.flatMap { q in ["Keys wait; \(q) quits", "\(q) quits"].first { DisplayWidth.of($0) <= bounds.width } },
    ].compactMap { $0 }.prefix(bounds.height)
    let top = max(0, (bounds.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      surface.putCentered(line, y: top + i, in: bounds, style: i == 0 ? .bold : .plain)
    }
  }
}
