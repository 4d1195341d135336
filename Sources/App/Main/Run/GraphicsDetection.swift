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
  static func tmuxAllowsPassthrough() -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return process.terminationStatus == 0 && (value == "on" || value == "all")
  }
}
