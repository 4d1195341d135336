import Foundation

/// The one runner for programs whose output the reader reads: user actions and `pipe-to` (`capture`) and
/// `exec:` / `filter:` feeds (`output`). Both are a thin policy over `bounded`, which owns the one spawn,
/// read loop, timeout and process-group kill (DESIGN §8: every outside input is bounded in time and
/// size, like a feed).
extension ChildProgram {
  /// The bounds of a run: how long the program may run, and how much of its output is taken.
  public struct Limits: Sendable, Equatable {
    public var timeout: Duration
    public var outputBytes: Int

    public init(timeout: Duration = .seconds(30), outputBytes: Int = 1 << 20) {
      self.timeout = timeout
      self.outputBytes = outputBytes
    }
  }

  /// How a captured run ended.
  public enum Ending: Sendable, Equatable {
    /// It exited with this status (128 + n: ended by signal n).
    case exited(Int32)
    /// It ran past the timeout and was killed, with its process group.
    case timedOut
    /// The caller cancelled it; it was killed.
    case cancelled
  }

  /// What a captured run gave back: its output (stdout and stderr together, at most `Limits.outputBytes`;
  /// the rest was read and dropped, so the program never blocks on a full pipe) and how it ended.
  public struct Captured: Sendable, Equatable {
    public var output: Data
    /// More output came than was kept.
    public var truncated: Bool
    public var ending: Ending
  }

  /// Why a run whose output is a feed gave none to use; each case is one sentence naming the command.
  public enum OutputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case spawnFailed(command: String, reason: String)
    /// It ended with `status` (or 128 + a signal); `stderr` is the end of what it said there, on one line.
    case exited(command: String, status: Int32, stderr: String)
    case timedOut(command: String, seconds: Double)
    case tooLarge(command: String, limit: Int)

    public var description: String {
      switch self {
      case .empty: return "No program to run."
      case .spawnFailed(let command, let reason): return "Could not start \(command): \(reason)."
      case .exited(let command, let status, let stderr):
        return "\(command) exited with status \(status)" + (stderr.isEmpty ? "." : ": \(stderr)")
      case .timedOut(let command, let seconds):
        return "\(command) did not finish within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) seconds; it was stopped."
      case .tooLarge(let command, let limit):
        return "\(command) printed more than \(limit >> 20 > 0 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"); it was stopped."
      }
    }
  }

  /// A user action or `pipe-to`: `argv` with `input` on stdin, stdout and stderr read together into
  /// `Captured`, within `limits`. Output past the limit is dropped, not fatal: what is shown is its
  /// start, and the program may finish its work. `isCancelled` is asked about ten times a second (quit).
  /// Blocks: call it off the main thread.
  public static func capture(
    _ argv: [String], input: Data, limits: Limits = Limits(), isCancelled: @Sendable () -> Bool = { false }
  ) -> Result<Captured, Failure> {
    bounded(argv, input: input, limits: limits, overflow: .truncate, separateErrors: false, isCancelled: isCancelled)
      .map { run in
        let ending: Ending =
          switch run.stopped {
          case nil: .exited(run.status)
          case .cancelled: .cancelled
          case .timedOut, .tooLarge: .timedOut  // `.truncate` never stops for size
          }
        return Captured(output: run.output, truncated: run.truncated, ending: ending)
      }
  }

  /// An `exec:` or `filter:` feed: `argv` with `input` on stdin; its standard output, or why there is
  /// none. A feed cut short is not a feed, so more than `limits.outputBytes` stops the program and fails,
  /// as a download past the cap does. Standard error is read apart, and the last line of it names a
  /// failure. Blocks: call it off the main thread (the fetcher runs it on a Dispatch thread).
  public static func output(_ argv: [String], input: Data = Data(), limits: Limits) -> Result<Data, OutputFailure> {
    let run: Bounded
    switch bounded(argv, input: input, limits: limits, overflow: .stop, separateErrors: true) {
    case .success(let done): run = done
    case .failure(.spawnFailed(let command, let code)):
      return .failure(.spawnFailed(command: command, reason: String(cString: strerror(code))))
    case .failure: return .failure(.empty)  // the only other failure before a start
    }
    let command = argv[0]
    switch run.stopped {
    case .timedOut, .cancelled: return .failure(.timedOut(command: command, seconds: limits.timeout / .seconds(1)))
    case .tooLarge: return .failure(.tooLarge(command: command, limit: limits.outputBytes))
    case nil:
      guard run.status == 0 else {
        let said = String(decoding: run.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return .failure(.exited(command: command, status: run.status, stderr: UrlsFile.oneLine(said)))
      }
      return .success(run.output)
    }
  }

  // MARK: - The runner

  /// What to do with standard output past `Limits.outputBytes`.
  enum Overflow {
    /// Keep the first bytes, read and drop the rest, so the program never blocks on a full pipe.
    case truncate
    /// Stop the program (`Stop.tooLarge`).
    case stop
  }

  /// Why `bounded` killed a program before it ended by itself.
  enum Stop { case timedOut, cancelled, tooLarge }

  /// What `bounded` read, and how the program ended.
  struct Bounded {
    var output = Data()
    /// The end of standard error (at most about `stderrTail` bytes), when it had a pipe of its own.
    var errors = Data()
    /// Output was dropped past the limit (`Overflow.truncate`).
    var truncated = false
    /// nil: it ended by itself, with `status`.
    var stopped: Stop?
    /// Its exit status, or 128 + the signal that ended it.
    var status: Int32 = 0
  }

  /// Most of a failing program's standard error kept for its message: its last line is what explains.
  static let stderrTail = 4096

  /// Runs `argv` (no shell, as `run`) within `limits`, reading its standard output (and its standard
  /// error: into the same bytes, or apart into `Bounded.errors` with `separateErrors`) until it closes
  /// them, the deadline passes, `isCancelled` says so, or the output passes the limit under
  /// `Overflow.stop`.
  ///
  /// - The input reaches the program through an unlinked temporary file, never a pipe, so a program that
  ///   does not read it cannot block us nor raise SIGPIPE, which would end the reader (its handler quits).
  /// - The program gets a process group of its own, so a stop kills what it started too; after a stop
  ///   the pipes are not read to their end, as a grandchild that escaped the group may hold them open.
  /// - Every descriptor is close-on-exec, so a program run at the same time on another thread (feeds are
  ///   fetched in parallel) never holds our pipes open.
  static func bounded(
    _ argv: [String], input: Data, limits: Limits, overflow: Overflow, separateErrors: Bool,
    isCancelled: () -> Bool = { false }
  ) -> Result<Bounded, Failure> {
    guard let program = argv.first, !program.isEmpty else { return .failure(.empty) }
    let inputFD = inputFile(input)
    guard inputFD >= 0 else { return .failure(.spawnFailed(command: program, code: errno)) }
    defer { close(inputFD) }
    guard let out = readPipe() else { return .failure(.spawnFailed(command: program, code: errno)) }
    var err: (read: Int32, write: Int32)?
    if separateErrors {
      err = readPipe()
      guard err != nil else {
        let code = errno
        closeAll([out.read, out.write])
        return .failure(.spawnFailed(command: program, code: code))
      }
    }
    defer { closeAll([out.read, err?.read ?? -1]) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputFD, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, err?.write ?? out.write, STDERR_FILENO)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)  // the program's own pipes behave as in a shell, whatever we ignore
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

    var pid: pid_t = 0
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    let code = spawnWhileBusy { posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ) }
    closeAll([out.write, err?.write ?? -1])  // ours closed: end of file comes when the program's are
    guard code == 0 else { return .failure(.spawnFailed(command: program, code: code)) }

    let deadline = ContinuousClock.now + limits.timeout
    var run = Bounded()
    var open = [out.read] + (err.map { [$0.read] } ?? [])
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    reading: while !open.isEmpty {
      let left = deadline - ContinuousClock.now
      if isCancelled() { run.stopped = .cancelled } else if left <= .zero { run.stopped = .timedOut }
      if run.stopped != nil { break }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      // At most 100 ms, so the clock and the cancel are looked at again however the program behaves.
      let ready = poll(&fds, nfds_t(fds.count), Int32(min(100, (left / .milliseconds(1)).rounded(.up))))
      if ready < 0 && errno != EINTR { break }
      for fd in fds where fd.revents != 0 {
        let count = read(fd.fd, &buffer, buffer.count)
        if count > 0 {
          if fd.fd != out.read {
            run.errors.append(contentsOf: buffer[..<count])
            if run.errors.count > 2 * stderrTail { run.errors = run.errors.suffix(stderrTail) }
          } else if overflow == .stop {
            run.output.append(contentsOf: buffer[..<count])
            if run.output.count > limits.outputBytes {
              run.stopped = .tooLarge
              break reading
            }
          } else {
            let room = max(0, limits.outputBytes - run.output.count)
            if count > room { run.truncated = true }
            if room > 0 { run.output.append(contentsOf: buffer[..<min(count, room)]) }
          }
        } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
          open.removeAll { $0 == fd.fd }  // end of file: every writer closed it
        }
      }
    }
    if run.stopped != nil {
      kill(-pid, SIGKILL)
      kill(pid, SIGKILL)
    }
    run.status = wait(pid)
    return .success(run)
  }

  /// Runs `attempt` (a spawn, returning its error code) again while the program's file is open for
  /// writing somewhere (ETXTBSY): an editor saving the user's script in place, or a script written a
  /// moment ago whose descriptor a process forked meanwhile still holds until its own exec. Such a
  /// writer is done within moments, so a reload does not fail the feed for it; after about a second
  /// the error stands, and the feed's failure says "Text file busy" (docs/ROBUSTNESS.md, "Feeds made by
  /// a program").
  static func spawnWhileBusy(_ attempt: () -> Int32) -> Int32 {
    var code = attempt()
    for pause in [50, 200, 750] where code == ETXTBSY {
      usleep(UInt32(pause) * 1000)
      code = attempt()
    }
    return code
  }

  /// A pipe whose ends are close-on-exec, its read end non-blocking; nil on failure (errno set).
  private static func readPipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    return (fds[0], fds[1])
  }

  private static func closeAll(_ fds: [Int32]) {
    for fd in fds where fd >= 0 { close(fd) }
  }

  /// A read-only descriptor of an unlinked temporary file holding `data` (-1 on failure, errno set).
  private static func inputFile(_ data: Data) -> Int32 {
    var template = Array((NSTemporaryDirectory() + "/splitfeed-input-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return -1 }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    var written = 0
    let ok = data.withUnsafeBytes { raw -> Bool in
      while written < raw.count {
        let n = write(fd, raw.baseAddress! + written, raw.count - written)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        written += n
      }
      return true
    }
    guard ok, lseek(fd, 0, SEEK_SET) == 0 else {
      close(fd)
      return -1
    }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return fd
  }
}
