import Foundation

/// Messages of the non-interactive commands on stderr, prefixed as the existing commands do.
enum CommandOutput {
  static func warn(_ message: String) {
    FileHandle.standardError.write(Data("splitfeed: \(message)\n".utf8))
  }

  static var stderrIsTTY: Bool { isatty(2) == 1 }
}

extension CommandOutput {
  /// Rewrites the progress line on stderr (a TTY); nil clears it.
  static func progress(_ text: String?) {
    FileHandle.standardError.write(Data(("\r\u{1B}[K" + (text ?? "")).utf8))
  }
}
