import Foundation
import Pixels
import ReaderUI
import ScreenKit
import Terminal

/// Resolves `inline-images` before the terminal is taken over (README "Pictures"): the environment,
/// tmux's `allow-passthrough`, then the terminal's answers (`GraphicsProbe`, at most 150 ms), and for
/// sixel the cell's size in pixels.
enum GraphicsDetection {
  /// The way pictures are drawn (the run's `PictureMode`) and what the backend needs to draw them; the
  /// setting itself stays as written. `kitty` and `sixel` inside tmux without passthrough become cells:
  /// tmux would drop or garble them (DESIGN §5).
  static func resolve(_ setting: InlineImages) -> PictureTerminal {
    guard setting != .off, setting != .cells else { return PictureTerminal() }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return terminal(for: setting.unasked) }
    let environment = ProcessInfo.processInfo.environment
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    let passthrough = insideTmux && tmuxAllowsPassthrough()
    if insideTmux && !passthrough { return PictureTerminal() }
    // Sixel inside tmux is drawn by tmux itself, so tmux is asked even when it is forced: a tmux built
    // without sixel (DA1 without 4) would leave the picture's rows blank.
    let asksTmux = insideTmux && setting == .sixel
    let forced: PictureMode? = asksTmux || setting == .auto ? nil : setting.unasked
    let found = GraphicsProbe.probe(
      GraphicsEnvironment(environment: environment, tmuxPassthrough: passthrough), support: forced)
    let resolved: PictureMode = asksTmux && found.support != .sixel ? .cells : found.support
    return terminal(for: resolved, cell: found.cell, insideTmux: insideTmux)
  }

  /// kitty's commands go wrapped to the terminal outside tmux; sixel goes to tmux itself, which draws it
  /// when it lists sixel in its own DA1 answer.
  static func terminal(for drawing: PictureMode, cell: PixelSize = .fallbackCell, insideTmux: Bool = false) -> PictureTerminal {
    switch drawing {
    case .kitty: PictureTerminal(drawing: .kitty, cell: cell, passthrough: insideTmux)
    case .sixel: PictureTerminal(drawing: .sixel, cell: cell)
    case .cells: PictureTerminal()
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
