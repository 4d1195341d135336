import Foundation
import ReaderUI
import Terminal

/// Resolves `inline-images auto` before the terminal is taken over (README "Pictures"): the environment,
/// tmux's `allow-passthrough`, then the terminal's answers (`GraphicsProbe`, at most 150 ms).
enum GraphicsDetection {
  static func resolve(_ setting: InlineImages) -> InlineImages {
    guard setting == .auto, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return setting }
    let environment = ProcessInfo.processInfo.environment
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    let detected = GraphicsProbe.detect(
      GraphicsEnvironment(environment: environment, tmuxPassthrough: insideTmux && tmuxAllowsPassthrough()))
    switch detected {
    case .kitty: return .kitty
    case .sixel: return .sixel
    case .cells: return .cells
    }
  }

  /// `tmux show -gv allow-passthrough`: `on` or `all` lets a DCS passthrough reach the outer terminal.
  /// Through `popen` (a fixed command, no input in it): Foundation's `Process` cost ~80 ms at start here,
  /// `popen` ~15 ms (docs/DECISIONS.md).
  static func tmuxAllowsPassthrough() -> Bool {
    guard let pipe = popen("tmux show -gv allow-passthrough 2>/dev/null </dev/null", "r") else { return false }
    var buffer = [CChar](repeating: 0, count: 64)
    let line = fgets(&buffer, Int32(buffer.count), pipe).map { _ in String(cString: buffer) } ?? ""
    let status = pclose(pipe)
    let value = line.trimmingCharacters(in: .whitespacesAndNewlines)
    return status == 0 && (value == "on" || value == "all")
  }
}
