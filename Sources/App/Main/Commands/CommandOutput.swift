import Foundation
import ScreenKit

/// Messages of the non-interactive commands on stderr, prefixed as the existing commands do.
enum CommandOutput {
  /// Messages carry text from strangers (a server's error text, a feed title, a path from a urls file),
  /// and stderr is usually the terminal: each line goes through `TerminalText.sanitized`, so an ESC or a
  /// bidi override in them shows as text and drives nothing (issue 6).
  static func warn(_ message: String) { errorLine("splitfeed: " + message) }

  /// Writes `text` and a newline to stderr, each line sanitized (see `warn`).
  static func errorLine(_ text: String) {
    let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.sanitized)
      .joined(separator: "\n")
    FileHandle.standardError.write(Data((safe + "\n").utf8))
  }

  static var stderrIsTTY: Bool { isatty(2) == 1 }
}

extension CommandOutput {
  /// Rewrites the progress line on stderr (a TTY); nil clears it.
  static func progress(_ text: String?) {
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + (text ?? "")).utf8))
  }
}
