import Foundation
import Testing

/// A real FreshRSS for one test, from `../shared/freshrss/start` beside the repository: a private instance
/// in a temporary folder, served on 127.0.0.1, stopped by `stop()` (and by itself after its lifetime).
/// Where the folder is absent the tests that need it are skipped with `skipReason`.
final class FreshRSSServer: @unchecked Sendable {
  /// `../shared/freshrss/start`, relative to the repository root.
  static var startScript: URL {
    TmuxHarness.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/freshrss/start")
  }

  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: startScript.path) }

  /// Why the FreshRSS tests do not run here, in one line.
  static let skipReason: Comment = "no FreshRSS here (../shared/freshrss/start is absent)"

  let folder: URL
  /// The Google Reader API's address (`…/api/greader.php`).
  let apiURL: String
  let user: String
  let password: String
  private var stopped = false

  /// Sets up and serves a fresh instance (about a second; PHP is installed the first time).
  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("freshrss-\(UUID().uuidString.prefix(8))")
    let result = try Command.run(Self.startScript.path, [folder.path], environment: ["FRESHRSS_LIFETIME": "600"])
    var values: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    guard result.status == 0, let url = values["FRESHRSS_URL"], let user = values["FRESHRSS_USER"],
      let password = values["FRESHRSS_PASSWORD"]
    else {
      try? FileManager.default.removeItem(at: folder)
      throw TmuxHarness.Failure(description: "FreshRSS did not start (status \(result.status)): \(result.stderr)")
    }
    apiURL = url
    self.user = user
    self.password = password
  }

  /// Makes the server fetch its feeds now (its cron job).
  func refresh() throws {
    try Command.run(Self.startScript.path, ["--refresh", folder.path])
  }

  func stop() {
    guard !stopped else { return }
    stopped = true
    _ = try? Command.run(Self.startScript.path, ["--stop", folder.path])
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }

  /// The config lines that point splitfeed at this server, the password in `passwordFile`.
  func configLines(passwordFile: String) -> String {
    "sync greader\nsync-url \(apiURL)\nsync-user \(user)\nsync-password-file \(passwordFile)\n"
  }
}
