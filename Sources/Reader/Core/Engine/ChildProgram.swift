import Foundation

/// Runs another program without ever involving a shell (`notify-program`, the browser, a password
/// command): `argv[0]` is looked up on PATH and every other word reaches it as exactly one argument, so
/// nothing a feed wrote can be read as shell syntax.
public enum ChildProgram {
  /// Why a run failed, as one sentence.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case empty
    case spawnFailed(command: String, code: Int32)
    case exited(command: String, status: Int32)

    public var description: String {
      switch self {
      case .empty: return "No program to run."
      case .spawnFailed(let command, let code): return "Could not start \(command): \(String(cString: strerror(code)))."
      case .exited(let command, let status): return "\(command) exited with status \(status)."
      }
    }
  }

  /// Runs `argv` and waits for it; nil when it exits with status 0. With `silenced` its stdin, stdout and
  /// stderr are /dev/null, so a program run behind the screen cannot draw on it.
  public static func run(_ argv: [String], silenced: Bool = false) -> Failure? {
    guard let program = argv.first, !program.isEmpty else { return .empty }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if silenced {
      for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
        posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
      }
    }
    var pid: pid_t = 0
    let code = spawn(&pid, argv, &actions)
    guard code == 0 else { return .spawnFailed(command: program, code: code) }
    let status = wait(pid)
    return status == 0 ? nil : .exited(command: program, status: status)
  }

  /// `posix_spawnp` of `argv` with `actions`; returns its error code (0: started).
  static func spawn(_ pid: inout pid_t, _ argv: [String], _ actions: inout posix_spawn_file_actions_t) -> Int32 {
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    return posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
  }

  /// Waits for `pid`; its exit status, or 128 + the signal that ended it (as a shell reports it).
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}
