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
    let out = folder.path + ".out"
    defer { try? FileManager.default.removeItem(atPath: out) }
    let status = try Self.run([Self.startScript.path, folder.path], stdout: out, environment: ["FRESHRSS_LIFETIME": "600"])
    var values: [String: String] = [:]
    for line in ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { values[parts[0]] = parts[1] }
    }
    guard status == 0, let url = values["FRESHRSS_URL"], let user = values["FRESHRSS_USER"],
      let password = values["FRESHRSS_PASSWORD"]
    else {
      try? FileManager.default.removeItem(at: folder)
      throw TmuxHarness.Failure(description: "FreshRSS did not start (status \(status)); see its script's messages above")
    }
    apiURL = url
    self.user = user
    self.password = password
  }

  /// The server `resume()` started (the start script's own is gone by then).
  private var resumed: pid_t?

  /// Stops serving, keeping the instance (its accounts, feeds and states): the server is down.
  func pause() throws {
    killServers()
    try waitForAnswer(false)
  }

  /// Serves the same instance again on the same address.
  func resume() throws {
    guard let url = URL(string: apiURL), let port = url.port else { throw TmuxHarness.Failure(description: "no port in \(apiURL)") }
    resumed = try Self.spawn(
      ["php", "-S", "127.0.0.1:\(port)", "-t", folder.appendingPathComponent("app/p").path], stdout: "/dev/null", environment: [:])
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

  /// Kills the script's server (`timeout` and its `php` child, by their ids) and the resumed one.
  /// SIGKILL: a server started under the test runner may have inherited SIGTERM ignored.
  private func killServers() {
    if let text = try? String(contentsOfFile: folder.appendingPathComponent("server.pid").path, encoding: .utf8),
      let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      _ = try? Command.run("pkill", ["-KILL", "-P", String(pid)])
      kill(pid, SIGKILL)
      try? FileManager.default.removeItem(at: folder.appendingPathComponent("server.pid"))
    }
    if let resumed {
      kill(resumed, SIGKILL)
      var status: Int32 = 0
      waitpid(resumed, &status, 0)
      self.resumed = nil
    }
  }

  deinit { stop() }

  /// Runs `argv` to its end with stdout to `stdout` (stderr is ours) and returns its exit status.
  /// Not `Process`: the script leaves its server running in the background, and Foundation's
  /// `waitUntilExit` then never returns on Linux.
  private static func run(_ argv: [String], stdout: String, environment: [String: String]) throws -> Int32 {
    let pid = try spawn(argv, stdout: stdout, environment: environment)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// Starts `argv` (looked up on PATH) with default signal handling and an empty signal mask.
  private static func spawn(_ argv: [String], stdout: String, environment: [String: String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let env = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0.key)=\($0.value)" }
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = env.map { strdup($0) } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
    guard code == 0 else { throw TmuxHarness.Failure(description: "could not start \(argv[0]): \(String(cString: strerror(code)))") }
    return pid
  }

  /// The config lines that point splitfeed at this server, the password in `passwordFile`.
  func configLines(passwordFile: String) -> String {
    "sync greader\nsync-url \(apiURL)\nsync-user \(user)\nsync-password-file \(passwordFile)\n"
  }
}
