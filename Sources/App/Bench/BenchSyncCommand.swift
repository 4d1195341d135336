import ArgumentParser
import Foundation
import Reader

/// `splitfeed-bench sync`: one sync of a cache with a Google Reader API, timed in process, for
/// `scripts/bench-sync`, which replays the same requests with curl. The password is read from a file
/// (never an argument, which `ps` shows); the requests go to `--requests` as a curl config, with the
/// login's password left as `<password>` for the script to put back in its own copy.
struct BenchSyncCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Sync a cache with a Google Reader API and report the time taken (used by scripts/bench-sync)."
  )

  @Option(help: "The cache file.") var cache: String
  @Option(help: "The API's address (FreshRSS: http://host/api/greader.php).") var url: String
  @Option(help: "The user.") var user: String
  @Option(help: "A file holding the password.") var passwordFile: String
  @Option(help: "Write the requests made, as a curl config file.") var requests: String?
  @Option(help: "Articles asked for per stream/contents page (default: the engine's).") var pageSize: Int?

  func run() throws {
    guard let api = URL(string: url) else { throw ValidationError("--url: not an address") }
    let password = try String(contentsOfFile: passwordFile, encoding: .utf8).trimmingCharacters(in: .newlines)
    let store = try Cache(path: cache)
    let log = RequestLog()
    var configured = Synchronizer(
      cache: store, account: SyncAccount(apiURL: api, user: user, password: password), retry: SyncRetry(),
      observer: { log.append($0) })
    if let pageSize { configured.pageSize = max(1, pageSize) }
    let sync = configured
    let start = DispatchTime.now()
    let result: Result<SyncReport, SyncError> = Blocking.run {
      do throws(SyncError) { return .success(try await sync.sync { _ in }) } catch { return .failure(error) }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let report = try result.get()
    if let requests { try log.curlConfig().write(toFile: requests, atomically: true, encoding: .utf8) }
    Output.out(
      "feeds=\(report.feeds) new=\(report.newArticles) changes=\(report.stateChanges) requests=\(log.count) seconds=\(String(format: "%.3f", seconds))\n")
  }
}

/// The requests of one sync, in order.
private final class RequestLog: @unchecked Sendable {
  private let lock = NSLock()
  private var records: [SyncRequestRecord] = []

  var count: Int { lock.withLock { records.count } }
  func append(_ record: SyncRequestRecord) { lock.withLock { records.append(record) } }

  /// One block per request for `curl -K`, joined by `next`, so one curl process reuses its connection as
  /// splitfeed does.
  func curlConfig() -> String {
    let quote = { (text: String) in "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
    return lock.withLock {
      records.map { record in
        var lines = ["url = \(quote(record.url))", "output = \"/dev/null\"", "silent", "compressed"]
        if let auth = record.authorization { lines.append("header = \(quote("Authorization: " + auth))") }
        if let body = record.body { lines.append("data-raw = \(quote(body))") }
        return lines.joined(separator: "\n")
      }.joined(separator: "\nnext\n") + "\n"
    }
  }
}
