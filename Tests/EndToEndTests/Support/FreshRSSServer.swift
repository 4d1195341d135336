import Foundation
import TestSupport
import Testing

/// A real FreshRSS for one end-to-end test (`FreshRSSInstance`, in a temporary folder), which can also go
/// down and come back on the same address with its data (`pause`, `resume`): the offline periods of
/// the tests. Where `../shared/freshrss` is absent the tests that need it are skipped with `skipReason`.
final class FreshRSSServer: @unchecked Sendable {
  static var isAvailable: Bool { FreshRSSInstance.script != nil }

  /// Why the FreshRSS tests do not run here, in one line.
  static let skipReason: Comment = "no FreshRSS here (../shared/freshrss/start is absent)"

  let folder: URL
  let instance: FreshRSSInstance
  /// The Google Reader API's address (`…/api/greader.php`).
  var apiURL: String { instance.url.absoluteString }
  var user: String { instance.user }
  var password: String { instance.password }
  /// The server `resume()` started (the start script's own is gone by then).
  private var resumed: Process?
  private var stopped = false

  /// Sets up and serves a fresh instance (about a second; PHP is installed the first time).
  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("freshrss-\(UUID().uuidString.prefix(8))")
    instance = try FreshRSSInstance(dir: folder.path)
  }

  /// Stops serving, keeping the instance (its accounts, feeds and states): the server is down.
  func pause() throws {
    killServers()
    try waitForAnswer(false)
  }

  /// Hangs the server (`kill -STOP`): connections are taken and never answered, an overloaded server
  /// as its clients see it. `thaw()` lets it answer again, in order.
  func freeze() { instance.signal(SIGSTOP) }
  func thaw() { instance.signal(SIGCONT) }

  /// Serves the same instance again on the same address.
  func resume() throws {
    guard let port = instance.url.port else { throw TmuxHarness.Failure(description: "no port in \(apiURL)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["php", "-S", "127.0.0.1:\(port)", "-t", folder.appendingPathComponent("app/p").path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    resumed = process
    try waitForAnswer(true)
  }

  /// Waits until the API answers (or, `false`, until it no longer does).
  private func waitForAnswer(_ up: Bool) throws {
    for _ in 0..<100 {
      let probe = try Command.run("curl", ["-sS", "--max-time", "2", "-o", "/dev/null", apiURL + "/reader/api/0/token"])
      // Any HTTP answer is "up"; only a refused connection (curl's 7) is "down".
      if (probe.status != 7) == up { return }
      Thread.sleep(forTimeInterval: 0.1)
    }
    throw TmuxHarness.Failure(description: "FreshRSS at \(apiURL) did not go \(up ? "up" : "down")")
  }

  func stop() {
    guard !stopped else { return }
    stopped = true
    killServers()
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }

  /// The script's server and the resumed one, with SIGKILL (see `FreshRSSInstance.stop`).
  private func killServers() {
    instance.stop()
    if let resumed {
      kill(resumed.processIdentifier, SIGKILL)
      var status: Int32 = 0
      waitpid(resumed.processIdentifier, &status, 0)
      self.resumed = nil
    }
  }

  /// The config lines that point splitfeed at this server, the password in `passwordFile`.
  func configLines(passwordFile: String) -> String {
    "sync greader\nsync-url \(apiURL)\nsync-user \(user)\nsync-password-file \(passwordFile)\n"
  }
}
