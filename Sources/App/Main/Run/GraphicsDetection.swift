import Foundation
import ReaderUI
import Terminal

/// Resolves `inline-images` before the terminal is taken over (docs/MANUAL.md, "Pictures"): what only
/// the command knows — the setting, whether stdin and stdout are a terminal, the environment and tmux's
/// `allow-passthrough` — handed to `GraphicsProbe.resolve`, which asks the terminal (until its DA1
/// reply, at most a second) and chooses. The setting itself stays as written.
enum GraphicsDetection {
  static func resolve(_ setting: InlineImages) -> PictureTerminal {
    guard setting != .off, setting != .cells else { return PictureTerminal() }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return PictureTerminal(setting.unasked) }
    let environment = ProcessInfo.processInfo.environment
    let insideTmux = !(environment["TMUX"] ?? "").isEmpty
    return GraphicsProbe.resolve(
      forced: setting == .auto ? nil : setting.unasked,
      environment: GraphicsEnvironment(environment: environment, tmuxPassthrough: insideTmux && tmuxAllowsPassthrough()))
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
