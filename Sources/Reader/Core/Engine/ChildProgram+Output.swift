import Foundation

extension ChildProgram {
  /// The limits of a run whose output is read (`output`): a program is a feed like any other, and a feed
  /// may not take longer or weigh more than a download does (DESIGN §8).
  public struct Bounds: Sendable, Equatable {
    /// Seconds the program may run, from its start to its end of output.
    public var seconds: Double
    /// Largest standard output taken.
    public var maxBytes: Int

    public init(seconds: Double, maxBytes: Int) {
      self.seconds = seconds
      self.maxBytes = maxBytes
    }
  }

  /// Why a run whose output is read gave none to use; each case is one sentence naming the command.
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

  /// Most of a failing program's standard error kept for its message: its last line is what explains.
  static let stderrTail = 4096

  /// Runs `argv` (no shell, as `run`) with `input` on its standard input and returns its standard output,
  /// or why there is none: a start failure, a non-zero end, more than `bounds.maxBytes` of output or more
  /// than `bounds.seconds` of time. A program stopped for its bounds is killed with its whole process group
  /// (a script's children too), so nothing it started outlives the run. Blocking: call it off the main
  /// thread (the fetcher runs it on a detached task).
  public static func output(_ argv: [String], input: Data = Data(), bounds: Bounds) -> Result<Data, OutputFailure> {
    guard let program = argv.first, !program.isEmpty else { return .failure(.empty) }
    var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1], errChild: [Int32] = [-1, -1]
    guard pipe(&toChild) == 0 else { return .failure(.spawnFailed(command: program, reason: String(cString: strerror(errno)))) }
    guard pipe(&fromChild) == 0 else {
      closeAll(toChild)
      return .failure(.spawnFailed(command: program, reason: String(cString: strerror(errno))))
    }
    guard pipe(&errChild) == 0 else {
      closeAll(toChild + fromChild)
      return .failure(.spawnFailed(command: program, reason: String(cString: strerror(errno))))
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, errChild[1], STDERR_FILENO)
    for fd in toChild + fromChild + errChild { posix_spawn_file_actions_addclose(&actions, fd) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var pid: pid_t = 0
    let cArgs = argv.map { strdup($0) } + [nil]
    let code = posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ)
    cArgs.forEach { free($0) }
    closeAll([toChild[0], fromChild[1], errChild[1]])
    guard code == 0 else {
      closeAll([toChild[1], fromChild[0], errChild[0]])
      return .failure(.spawnFailed(command: program, reason: String(cString: strerror(code))))
    }
    var pump = Pump(stdin: toChild[1], stdout: fromChild[0], stderr: errChild[0], input: input, maxBytes: bounds.maxBytes)
    let ending = pump.runHoldingSIGPIPE(until: Date().addingTimeInterval(bounds.seconds))
    if ending != .done { kill(-pid, SIGKILL) }
    pump.closeRemaining()
    let status = wait(pid)
    switch ending {
    case .timedOut: return .failure(.timedOut(command: program, seconds: bounds.seconds))
    case .tooLarge: return .failure(.tooLarge(command: program, limit: bounds.maxBytes))
    case .done:
      guard status == 0 else {
        let said = String(decoding: pump.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
        return .failure(.exited(command: program, status: status, stderr: UrlsFile.oneLine(said)))
      }
      return .success(pump.output)
    }
  }

  private static func closeAll(_ fds: [Int32]) {
    for fd in fds where fd >= 0 { close(fd) }
  }

  /// Feeds the child's standard input and drains its two outputs with one `poll` loop, so a program that
  /// writes before it has read everything cannot deadlock against us.
  private struct Pump {
    enum Ending { case done, timedOut, tooLarge }
    var stdin: Int32, stdout: Int32, stderr: Int32
    let input: Data
    let maxBytes: Int
    var written = 0
    var output = Data()
    var errors = Data()

    init(stdin: Int32, stdout: Int32, stderr: Int32, input: Data, maxBytes: Int) {
      (self.stdin, self.stdout, self.stderr, self.input, self.maxBytes) = (stdin, stdout, stderr, input, maxBytes)
      _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
      if input.isEmpty { closeInput() }
    }

    /// `run`, with SIGPIPE held back on this thread: a program that exits without reading its input
    /// makes our write fail with EPIPE instead of ending the reader (whose SIGPIPE handler quits). The
    /// signal such a write raises is taken before the thread's mask is restored.
    mutating func runHoldingSIGPIPE(until deadline: Date) -> Ending {
      var pipeSignal = sigset_t(), previous = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
      defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
          var zero = timespec()
          _ = sigtimedwait(&pipeSignal, nil, &zero)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
      return run(until: deadline)
    }

    /// Until both outputs are closed (`done`), the deadline passes or the output passes `maxBytes`.
    mutating func run(until deadline: Date) -> Ending {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while stdout >= 0 || stderr >= 0 {
        let left = deadline.timeIntervalSinceNow
        guard left > 0 else { return .timedOut }
        var fds = [stdin, stdout, stderr].filter { $0 >= 0 }.map {
          pollfd(fd: $0, events: Int16($0 == stdin ? POLLOUT : POLLIN), revents: 0)
        }
        let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 1000).rounded(.up)))
        if ready < 0 && errno != EINTR { return .done }
        for fd in fds where fd.revents != 0 {
          if fd.fd == stdin {
            let count = input.withUnsafeBytes { write(stdin, $0.baseAddress! + written, min($0.count - written, 65_536)) }
            if count > 0 { written += count }
            if count < 0 && errno != EAGAIN && errno != EINTR || written == input.count { closeInput() }
            continue
          }
          let count = read(fd.fd, &buffer, buffer.count)
          if count > 0 {
            if fd.fd == stdout {
              output.append(contentsOf: buffer[..<count])
              if output.count > maxBytes { return .tooLarge }
            } else {
              errors.append(contentsOf: buffer[..<count])
              if errors.count > 2 * ChildProgram.stderrTail { errors = errors.suffix(ChildProgram.stderrTail) }
            }
          } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
            close(fd.fd)
            if fd.fd == stdout { stdout = -1 } else { stderr = -1 }
          }
        }
      }
      return .done
    }

    mutating func closeInput() {
      if stdin >= 0 { close(stdin) }
      stdin = -1
    }

    mutating func closeRemaining() {
      closeInput()
      for fd in [stdout, stderr] where fd >= 0 { close(fd) }
      (stdout, stderr) = (-1, -1)
    }
  }
}
