import Foundation
import ReaderUI
import ScreenKit
import Terminal

/// Resolves `inline-images` before the terminal is taken over (docs/MANUAL.md, "Pictures"): the environment,
/// tmux's `allow-passthrough`, then the terminal's answers (`GraphicsProbe`, at most 150 ms), and for
/// sixel the cell's size in pixels.
enum GraphicsDetection {
  /// The way pictures are drawn and what the backend needs to draw them. `kitty` and `sixel` inside tmux
  /// without passthrough become cells: tmux would drop or garble them (DESIGN §5).
  static func resolve(_ setting: InlineImages) -> (InlineImages, PictureTerminal) {
    guard setting != .off, setting != .cells else { return (setting, PictureTerminal()) }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return (setting == .auto ? .cells : setting, terminal(for: setting)) }
    let environment = ProcessInfo.processInfo.environment
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    let passthrough = insideTmux && tmuxAllowsPassthrough()
    if insideTmux && !passthrough { return (.cells, PictureTerminal()) }
    // Sixel inside tmux is drawn by tmux itself, so tmux is asked even when it is forced: a tmux built
    // without sixel (DA1 without 4) would leave the picture's rows blank.
    let asksTmux = insideTmux && setting == .sixel
    let forced: GraphicsSupport? = asksTmux ? nil : setting == .kitty ? .kitty : setting == .sixel ? .sixel : nil
    let found = GraphicsProbe.probe(
      GraphicsEnvironment(environment: environment, tmuxPassthrough: passthrough), support: forced)
    var resolved: InlineImages = found.support == .kitty ? .kitty : found.support == .sixel ? .sixel : .cells
    if asksTmux && resolved != .sixel { resolved = .cells }
    return (resolved, terminal(for: resolved, cell: found.cell, insideTmux: insideTmux))
  }

  /// kitty's commands go wrapped to the terminal outside tmux; sixel goes to tmux itself, which draws it
  /// when it lists sixel in its own DA1 answer.
  static func terminal(for drawing: InlineImages, cell: PixelSize = .fallbackCell, insideTmux: Bool = false) -> PictureTerminal {
    switch drawing {
    case .kitty: return PictureTerminal(drawing: .kitty, cell: cell, passthrough: insideTmux)
    case .sixel: return PictureTerminal(drawing: .sixel, cell: cell)
    default: return PictureTerminal()
    }
  }

  /// `tmux show -gv allow-passthrough`: `on` or `all` lets a DCS passthrough reach the outer terminal.
  /// Through `popen` (a fixed command, no input in it): Foundation's `Process` cost ~80 ms at start here,
  /// `popen` ~15 ms (docs/DECISIONS.md).
  static func tmuxAllowsPassthrough() -> Bool {
    guard let pipe = popen("tmux show -gv allow-passthrough 2>/dev/null </dev/null", "r") else { return false }
    var buffer = [CChar](repeating: 0, count: 64)
    let line = fgets(&buffer, Int32(buffer.count), pipe).map { _ in buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } } ?? ""
    let status = pclose(pipe)
    let value = line.trimmingCharacters(in: .whitespacesAndNewlines)
    return status == 0 && (value == "on" || value == "all")
  }
}
