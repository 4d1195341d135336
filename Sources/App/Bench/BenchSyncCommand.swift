import ArgumentParser
import Foundation
import Reader
import ReaderUI
import ScreenKit

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
  @Flag(help: "Also: a local feed of 1,000 articles stored first, its list open in a headless reader, whose keys (j, PgDn, G, g, N) are timed 2 ms apart while the sync runs, then as many again idle (each with the events posted before it, so every N is written).")
  var keys = false
  @Flag(help: "Also: the time between stored article pages, its median over each fifth of the sync (whether a page costs more as the cache grows).")
  var timeline = false

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
    let pages = PageTimes()
    let start = DispatchTime.now().uptimeNanoseconds
    let result: Result<SyncReport, SyncError>
    var pressed: BenchUICommand.IndexingResult?
    if keys {
      let feeds = try Self.localFeed(in: store)
      let outcome = Outcome()
      pressed = MainActor.assumeIsolated {
        // The reader's sync runs in a detached task of default priority (`Reloads.startSync`).
        BenchUICommand.measureWhile(
          cache: store, feeds: feeds, size: Size(width: 120, height: 40), priority: .medium, events: true
        ) {
          outcome.set(await Self.run(sync, pages: pages))
          return 1
        }
      }
      result = outcome.value ?? .failure(SyncError("Sync: the bench lost its result."))
    } else {
      result = Blocking.run { await Self.run(sync, pages: pages) }
    }
    // With --keys the presses go on idle after the sync: its time is the presses' window while it ran.
    let seconds = pressed?.seconds ?? Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let report = try result.get()
    if let requests { try log.curlConfig().write(toFile: requests, atomically: true, encoding: .utf8) }
    Output.out(
      "feeds=\(report.feeds) new=\(report.newArticles) changes=\(report.stateChanges) requests=\(log.count) seconds=\(String(format: "%.3f", seconds))\n")
    if timeline { Output.out(pages.summary() + "\n") }
    if let pressed {
      Output.out("keys in a headless reader's list, ms: median / p99 / max (presses)\n")
      for (name, times) in [("syncing", pressed.indexing), ("idle", pressed.idle)] {
        let cells = times.map {
          String(format: "%@ %.2f / %.2f / %.2f (%d)", $0.key, $0.median * 1e3, $0.p99 * 1e3, $0.max * 1e3, $0.presses)
        }
        Output.out("  \(name): " + cells.joined(separator: "   ") + "\n")
      }
    }
  }

  private static func run(_ sync: Synchronizer, pages: PageTimes) async -> Result<SyncReport, SyncError> {
    do throws(SyncError) {
      return .success(try await sync.sync { if $0.phase == "articles" { pages.stored() } })
    } catch {
      return .failure(error)
    }
  }

  /// A local feed of 1,000 articles (before the sync: the cache stays one without synced articles, so
  /// the sync is still a first one), for the keys to move in.
  private static func localFeed(in cache: Cache) throws -> [CachedFeed] {
    let url = "file:///bench/local"
    let items = (0..<1_000).map { Item(title: "Local article \($0)", id: "\($0)", content: "<p>Text of article \($0).</p>") }
    let rows = try cache.addFeeds(urls: [url])
    try cache.storeNow(Feed(title: "Local", items: items), feedID: rows[0].id, validators: Validators(), at: Date())
    return try cache.feeds(urls: [url])
  }
}

/// When each article page was stored (the sync's `articles` progress).
private final class PageTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [UInt64] = []
  func stored() { lock.withLock { times.append(DispatchTime.now().uptimeNanoseconds) } }

  /// The median time between two stored pages in each fifth of the sync, in ms.
  func summary() -> String {
    let gaps = lock.withLock { zip(times.dropFirst(), times).map { Double($0 - $1) / 1e6 } }
    guard gaps.count >= 5 else { return "pages stored: \(gaps.count + 1)" }
    let fifths = (0..<5).map { part -> String in
      let slice = gaps[(part * gaps.count / 5)..<((part + 1) * gaps.count / 5)].sorted()
      return String(format: "%.0f", slice[slice.count / 2])
    }
    return "pages stored: \(gaps.count + 1), ms between two, median of each fifth: " + fifths.joined(separator: " ")
  }
}

/// The sync's result, handed from its task to the main thread.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<SyncReport, SyncError>?
  var value: Result<SyncReport, SyncError>? { lock.withLock { result } }
  func set(_ result: Result<SyncReport, SyncError>) { lock.withLock { self.result = result } }
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
