import Foundation
import Reader
import ScreenKit

/// Everything the non-interactive commands write, on stdout and stderr, and how they end. Writes go
/// straight to the file descriptors and every failure is seen: `FileHandle.write` traps on an error
/// (SIGILL on a full disk or a closed descriptor) and `print` loses it in stdio's buffer, so
/// `splitfeed export > backup.opml` on a full disk would report success.
enum CommandOutput {
  /// Messages carry text from strangers (a server's error text, a feed title, a path from a urls file),
  /// and stderr is usually the terminal: each line goes through `TerminalText.sanitized`, so an ESC or a
  /// bidi override in them shows as text and drives nothing.
  static func warn(_ message: String) { errorLine("splitfeed: " + message) }

  /// Writes `text` and a newline to stderr, each line sanitized (see `warn`).
  static func errorLine(_ text: String) { writeError(neutralized(text) + "\n") }

  /// Writes `text` to stdout, each line sanitized as stderr's are: a summary names feed titles, stream
  /// ids and paths, and a title holding OSC 52 would otherwise set the terminal's clipboard. Every
  /// command's report goes through here. A closed pipe (`| head`) ends the program quietly, as SIGPIPE
  /// ends other tools; any other failure is said in one line on stderr and the program exits 1.
  static func out(_ text: String) { document(neutralized(text)) }

  /// Writes a document whose format already escapes every control (dump's JSON, export's OPML) to
  /// stdout as it is, failing as `out` does: sanitizing it would change the data.
  static func document(_ text: String) { document(bytes: Array(text.utf8)) }

  /// `document` for a document already in UTF-8 (dump's JSON is built as bytes).
  static func document(bytes: [UInt8]) {
    guard let error = FileDescriptor.writeAll(STDOUT_FILENO, bytes) else { return }
    stdoutFailed(errno: error)
  }

  /// `text` with each line neutralized (`TerminalText.sanitized`, the rule `Surface.put` draws by); the
  /// line breaks are kept.
  static func neutralized(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.sanitized).joined(separator: "\n")
  }

  static var stderrIsTTY: Bool { isatty(2) == 1 }

  /// Rewrites the progress line on stderr (a TTY); nil clears it.
  static func progress(_ text: String?) { writeError("\r\u{1B}[K" + (text ?? "")) }

  /// Ends the program with `status`, raised to 1 when a message could not be written to stderr: the
  /// user did not see everything, so a script must not see success.
  static func exit(_ status: Int32) -> Never {
    Foundation.exit(status == 0 && lostMessages ? ExitStatus.failure : status)
  }

  /// Set when a write to stderr failed (`2>/dev/full`, `2>&-`); there is nowhere left to say so.
  nonisolated(unsafe) private static var lostMessages = false

  private static func writeError(_ text: String) {
    if FileDescriptor.writeAll(STDERR_FILENO, Array(text.utf8)) != nil { lostMessages = true }
  }

  private static func stdoutFailed(errno error: Int32) -> Never {
    if error == EPIPE {
      // SIGPIPE was ignored by whoever started us (else the kernel had already ended the process):
      // end as its default action would, silently and with the status a shell reports for it.
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
    }
    warn("could not write to standard output: \(String(cString: strerror(error)))")
    Foundation.exit(ExitStatus.failure)
  }
}

/// The exit statuses every command uses (docs/MANUAL.md, "Exit status").
enum ExitStatus {
  static let success: Int32 = 0
  /// A feed, a file or a write failed.
  static let failure: Int32 = 1
  /// The command line was wrong (an unknown option, a missing argument).
  static let usage: Int32 = 2
}
