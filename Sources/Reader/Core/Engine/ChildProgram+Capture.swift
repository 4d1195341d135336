import Foundation

extension ChildProgram {
  /// The bounds of a captured run (DESIGN §8: every outside input is bounded in time and size, like a
  /// feed): how long the program may run, and how much of its output is kept.
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

  /// Runs `argv` (no shell, as `run`) with `input` as its stdin and its stdout and stderr read into
  /// `Captured`, within `limits`; `isCancelled` is asked about ten times a second. Blocks: call it off
  /// the main thread. The input reaches the program through an unlinked temporary file, never a pipe,
  /// so a program that does not read it cannot block us nor raise SIGPIPE (which would end the reader).
  /// The program gets a process group of its own, so a timeout or a cancel kills what it started too.
  public static func capture(
    _ argv: [String], input: Data, limits: Limits = Limits(), isCancelled: @Sendable () -> Bool = { false }
  ) -> Result<Captured, Failure> {
    guard let program = argv.first, !program.isEmpty else { return .failure(.empty) }
    let inputFD = inputFile(input)
    guard inputFD >= 0 else { return .failure(.spawnFailed(command: program, code: errno)) }
    defer { close(inputFD) }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return .failure(.spawnFailed(command: program, code: errno)) }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    defer { close(readEnd) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputFD, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDERR_FILENO)
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
    let code = posix_spawnp(&pid, program, &actions, &attributes, cArgs, environ)
    close(writeEnd)
    guard code == 0 else { return .failure(.spawnFailed(command: program, code: code)) }

    let deadline = ContinuousClock.now + limits.timeout
    var output = Data()
    var truncated = false
    var killedFor: Ending?
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    reading: while true {
      if killedFor == nil {
        if isCancelled() { killedFor = .cancelled } else if ContinuousClock.now >= deadline { killedFor = .timedOut }
        if killedFor != nil {
          kill(-pid, SIGKILL)
          kill(pid, SIGKILL)
          // What the group wrote is no longer read; a grandchild that escaped the group may hold the
          // pipe open, so the loop ends here rather than at end of file.
          break reading
        }
      }
      var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 100)
      if ready < 0 && errno != EINTR { break }
      guard ready > 0 else { continue }
      for _ in 0..<64 {  // then the clock and the cancel are looked at again, however fast it writes
        let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        if n > 0 {
          let room = max(0, limits.outputBytes - output.count)
          if n > room { truncated = true }
          if room > 0 { output.append(contentsOf: buffer[0..<min(n, room)]) }
          continue
        }
        if n == 0 { break reading }  // end of file: every writer closed it
        if errno == EINTR { continue }
        break  // EAGAIN: wait for more
      }
    }
    let status = wait(pid)
    return .success(Captured(output: output, truncated: truncated, ending: killedFor ?? .exited(status)))
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
