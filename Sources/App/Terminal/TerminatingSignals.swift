import Foundation

/// Gives the terminal back before a terminating signal ends the program: SIGTERM, SIGHUP, SIGINT,
/// Ctrl-\ (SIGQUIT) and the others whose default action ends the process. A handler does async-signal-safe
/// work only, so it works even while the main thread is busy in the middle of a curses call: one
/// `write(2)` of bytes prepared beforehand (leave the alternate screen, mouse reporting and bracketed
/// paste off, cursor shown, attributes and keypad mode reset), `tcsetattr` back to the shell's modes,
/// then the signal's default action, so the shell sees the program end by that signal (status 128+n).
///
/// The bytes are xterm's, not terminfo's: the handler cannot call terminfo, and the modes ncurses turned
/// on (1049, 1000, 2004, keypad) are xterm private modes that other terminals ignore when they lack them.
enum TerminatingSignals {
  static let all: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGALRM, SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPIPE]

  /// Leave the alternate screen last, so the resets apply to the screen the shell gets back.
  static let restoreBytes = Array(
    "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?1l\u{1B}>\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

  /// The shell's terminal modes, to be read before curses changes them (`shellModes()`), and the
  /// restore bytes, in memory that the handler reads without touching the Swift runtime.
  nonisolated(unsafe) private static var saved: UnsafeMutablePointer<termios>?
  nonisolated(unsafe) private static var bytes: UnsafeMutableBufferPointer<UInt8>?

  /// The terminal modes now; call before curses starts.
  static func shellModes() -> termios? {
    var modes = termios()
    return tcgetattr(STDIN_FILENO, &modes) == 0 ? modes : nil
  }

  /// Installs the handlers; `modes` are the shell's (`shellModes()`, read before curses started).
  static func install(restoring modes: termios?) {
    if bytes == nil {
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: restoreBytes.count)
      _ = buffer.initialize(from: restoreBytes)
      bytes = buffer
      saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    }
    hasModes = modes != nil
    if let modes { saved?.pointee = modes }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in TerminatingSignals.restoreAndDie(sig) }
    sigfillset(&action.sa_mask)  // no second signal interleaves with the restore
    action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
    for sig in all { sigaction(sig, &action, nil) }
  }

  nonisolated(unsafe) private static var hasModes = false

  /// Runs in the signal handler: only `write`, `tcsetattr`, `signal` and `raise`.
  private static func restoreAndDie(_ sig: Int32) {
    if let bytes { _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
    if hasModes, let saved { _ = tcsetattr(STDIN_FILENO, TCSADRAIN, saved) }
    signal(sig, SIG_DFL)
    raise(sig)
  }
}
