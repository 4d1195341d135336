import Foundation

/// Starts helper programs (tmux, the loopback HTTP server) for end-to-end tests.
///
/// Not Foundation's `Process`, for two reasons seen here: on Linux it learns that a child ended when a
/// descriptor handed to the child closes, and a child that forks a daemon (`tmux new-session`) passes it
/// on, so `waitUntilExit` never returns; and the child inherits the test thread's signal mask, in which
/// libdispatch keeps SIGCHLD, SIGHUP, SIGTERM… blocked, so a tmux server never notices its pane exit and a
/// server ignores SIGTERM and outlives the test. Here the child starts with an empty signal mask and
/// default handlers, gets only stdin (/dev/null), stdout (a file) and stderr (a file, /dev/null unless
/// given), and every other descriptor is closed.
enum ChildProcess {
  struct Failure: Error, CustomStringConvertible { var description: String }

  static func spawn(_ executable: String, _ args: [String], stdoutPath: String, stderrPath: String = "/dev/null")
    throws -> pid_t
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in inherited.compactMap({ Int32($0) }) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else {
      // The reason spelt out ("No such file or directory" names a missing package's program).
      throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    return pid
  }

  /// Reaps `pid` and returns its exit status (128 + signal when killed).
  @discardableResult
  static func wait(_ pid: pid_t) -> Int32 { waitWithUsage(pid).status }

  /// Reaps `pid`: its exit status and its peak resident memory in bytes, read from the process's own
  /// `VmHWM` while it runs. Not `ru_maxrss`: a child started by posix_spawn inherits at exec the
  /// high-water mark of the memory it was spawned from, which here is the whole test runner's.
  static func waitWithUsage(_ pid: pid_t) -> (status: Int32, peakResidentBytes: Int) {
    var status: Int32 = 0
    var peak = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { break }
      if reaped == -1 && errno != EINTR { break }
      peak = max(peak, highWaterMark(pid) ?? 0)
      usleep(10_000)
    }
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (code, peak)
  }

  /// `VmHWM` of `pid` in bytes; nil once it has exited (a zombie has no memory to report).
  private static func highWaterMark(_ pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }
}
