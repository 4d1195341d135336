import Glibc

/// SIGWINCH and SIGTSTP reach the run loop through a pipe: the handler only writes the signal's number
/// (async-signal-safe, on whichever thread the kernel picked) and a read source on the main queue does the
/// work. Dispatch's own signal sources needed the signal ignored or blocked in every thread, and on Linux a
/// Ctrl-Z now and then went to a thread that dropped it (docs/DECISIONS.md).
enum LoopSignals {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1

  /// Installs the handlers; returns the pipe's read end (non-blocking).
  static func install() -> Int32 {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return -1 }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    writeEnd = fds[1]
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { sig in
      var byte = UInt8(truncatingIfNeeded: sig)
      _ = write(LoopSignals.writeEnd, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    for sig in [SIGWINCH, SIGTSTP] {
      var unblock = sigset_t()
      sigemptyset(&unblock)
      sigaddset(&unblock, sig)
      pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
      sigaction(sig, &action, nil)
    }
    return fds[0]
  }

  /// The signals that arrived since the last call, in order.
  static func drain(_ fd: Int32) -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = read(fd, &buffer, buffer.count)
      guard n > 0 else { break }
      signals += buffer[0..<n].map(Int32.init)
    }
    return signals
  }
}
