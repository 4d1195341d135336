import Foundation
import Reader

#if canImport(Glibc)
  import Glibc
#endif

/// A private, real FreshRSS for a test: `../shared/freshrss/start DIR` (beside the repository) sets it up
/// and serves it on 127.0.0.1; `stop()` ends it. `script` is nil where the folder is absent, for the
/// tests to skip with one line.
public struct FreshRSSInstance: Sendable {
  /// The start script beside the repository, when there is one.
  public static let script: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()  // Tests/TestSupport/ → the repository
    let path = root.deletingLastPathComponent().appendingPathComponent("shared/freshrss/start").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  public let dir: String
  /// The Google Reader API's address (`…/api/greader.php`).
  public let url: URL
  public let user: String
  public let password: String

  /// Sets up and serves a fresh instance in `dir` (about a second; PHP is installed the first time).
  public init(dir: String) throws {
    self.dir = dir
    let output = try Self.run([dir])
    var values: [String: String] = [:]
    for line in output.split(separator: "\n") {
      let pair = line.split(separator: "=", maxSplits: 1).map(String.init)
      if pair.count == 2 { values[pair[0]] = pair[1] }
    }
    guard let text = values["FRESHRSS_URL"], let url = URL(string: text), let user = values["FRESHRSS_USER"],
      let password = values["FRESHRSS_PASSWORD"]
    else { throw SyncError("FreshRSS did not start: \(output)") }
    self.url = url
    self.user = user
    self.password = password
  }

  /// Stops the server. Not with the script's `--stop` (SIGTERM): a process started from the test
  /// process inherits its blocked signals and ignores it. SIGKILL to the script's `timeout` and to its
  /// child, the `php -S` server.
  public func stop() {
    for pid in serverProcesses().reversed() { kill(pid, SIGKILL) }
  }

  /// Stops (SIGSTOP) or continues (SIGCONT) the server: stopped, it takes connections (the kernel's
  /// backlog) and answers none, a server that hangs rather than one that is down. Only the `php -S`
  /// child: `timeout` stays as it is.
  public func signal(_ number: Int32) {
    for pid in serverProcesses().dropFirst() { kill(pid, number) }
  }

  /// The script's `timeout` process, then its child, the `php -S` server.
  private func serverProcesses() -> [Int32] {
    guard let text = try? String(contentsOfFile: dir + "/server.pid", encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return [] }
    let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> Int32? in
      guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
    }
    return [pid] + children
  }

  /// Makes the server fetch its feeds now (what its cron job does).
  public func refresh() throws { try Self.run(["--refresh", dir]) }

  @discardableResult
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    guard let script else { throw SyncError("no FreshRSS start script") }
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = arguments
    // A file, not a pipe: the server the script leaves running would hold a pipe open for its lifetime.
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("freshrss-start-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    // waitpid, not waitUntilExit: in the test process Foundation did not notice the script's exit.
    var status: Int32 = 0
    _ = waitpid(process.processIdentifier, &status, 0)
    return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
  }
}
