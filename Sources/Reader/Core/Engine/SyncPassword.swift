import Foundation

/// Reads the sync password when a run needs it, from `sync-password-file` or by running
/// `sync-password-command` (a password manager: `pass show freshrss`). It stays in memory only; every
/// failure is one sentence that names the setting and never holds the password.
public enum SyncPassword {
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(description: String) { self.description = description }
  }

  /// The password from `source`; relative file paths are read from `configDirectory`.
  public static func read(_ source: SyncSettings.PasswordSource, configDirectory: String, home: String) throws(Failure) -> String {
    switch source {
    case .file(let text):
      let path = SyncSettings.passwordFilePath(text, configDirectory: configDirectory, home: home)
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw Failure(description: "sync-password-file: \(path) could not be read (\(String(cString: strerror(errno)))).")
      }
      defer { close(fd) }
      let data = readToEnd(fd)
      return try firstLine(data, from: "sync-password-file \(path)")
    case .command(let argv):
      return try firstLine(try output(of: argv), from: "sync-password-command \(argv[0])")
    }
  }

  /// The first line of `data` without its line end (password files and `pass` end with a newline; the
  /// rest of `pass` output is notes). Empty or not UTF-8 is a failure.
  static func firstLine(_ data: Data, from what: String) throws(Failure) -> String {
    var line = data.prefix { $0 != UInt8(ascii: "\n") }
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    guard let password = String(data: line, encoding: .utf8) else {
      throw Failure(description: "\(what) gave a password that is not UTF-8 text.")
    }
    guard !password.isEmpty else { throw Failure(description: "\(what) gave an empty password.") }
    return password
  }

  /// Runs `argv` (no shell: `argv[0]` is looked up on PATH, each other word is one argument) and returns
  /// what it wrote on stdout. Its stdin and stderr are ours, so a password manager can ask for its
  /// passphrase. A start failure or a status other than 0 is a failure.
  static func output(of argv: [String]) throws(Failure) -> Data {
    let name = "sync-password-command \(argv.first ?? "")"
    guard let program = argv.first, !program.isEmpty else { throw Failure(description: "sync-password-command is empty.") }
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { throw Failure(description: "\(name) could not be started: \(String(cString: strerror(errno))).") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    var pid: pid_t = 0
    let code = ChildProgram.spawn(&pid, argv, &actions)
    close(pipeEnds[1])
    guard code == 0 else {
      close(pipeEnds[0])
      throw Failure(description: "\(name) could not be started: \(String(cString: strerror(code))).")
    }
    let data = readToEnd(pipeEnds[0])
    close(pipeEnds[0])
    let exitStatus = ChildProgram.wait(pid)
    guard exitStatus == 0 else { throw Failure(description: "\(name) exited with status \(exitStatus); no password.") }
    return data
  }

  /// What `fd` gives until its end (or an error).
  private static func readToEnd(_ fd: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Foundation.read(fd, &buffer, buffer.count)
      if count > 0 {
        data.append(contentsOf: buffer[..<count])
      } else if count == 0 || errno != EINTR {
        return data
      }
    }
  }
}
