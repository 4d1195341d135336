/// A reload of a synced run, as `splitfeed reload` and the reader's `r`/`R` both make it: the sync with
/// the server (which sends the queued marks first), then the direct reload of the local feeds kept
/// with `sync-keep-local`. A failed sync does not stop the local feeds.
public struct SyncRun: Sendable {
  public var result: Result<SyncReport, SyncError>
  /// The local feeds' reload; nil when there were none.
  public var local: ReloadRun?
  /// Marks still waiting for the server when the run ended.
  public var pending: Int

  public init(result: Result<SyncReport, SyncError>, local: ReloadRun?, pending: Int) {
    self.result = result
    self.local = local
    self.pending = pending
  }

  /// Runs it; `progress` hears one line at a time (`Syncing: articles 200/900…`, `Reloading 1/2…`).
  public static func perform(
    _ synchronizer: Synchronizer, local: [CachedFeed], reloader: Reloader, cache: Cache,
    progress: @escaping @Sendable (String) -> Void
  ) async -> SyncRun {
    let result: Result<SyncReport, SyncError>
    do {
      result = .success(try await synchronizer.sync { progress($0.text) })
    } catch {
      result = .failure(error)
    }
    var localRun: ReloadRun?
    if !local.isEmpty {
      localRun = await reloader.run(local) { done, total in progress("Reloading \(done)/\(total)…") }
    }
    let pending = (try? cache.pendingSyncChanges()) ?? 0
    return SyncRun(result: result, local: localRun, pending: pending)
  }

  public var failed: Bool {
    if case .failure = result { return true }
    return false
  }

  /// The sync's line: what it brought (and what it bounded), or its failure and what was kept.
  public var syncLine: String {
    switch result {
    case .success(let report): return ([report.summary] + report.warnings).joined(separator: " ")
    case .failure(let error):
      let kept = pending > 0 ? " \(pending) mark\(pending == 1 ? "" : "s") kept for the next sync." : ""
      return error.description + kept
    }
  }

  /// The reader's status line: the sync's line, then the local feeds' (a failure's reason first).
  public func statusText(errorsKey key: String) -> String {
    guard let local else { return syncLine }
    return syncLine + " Local feeds: " + ReloadReport(local).statusText(errorsKey: key)
  }

  /// The titles of the feeds that gained articles, for `notify-program`, and how many articles.
  public func newArticles(localTitles: (Int64) -> String?) -> (count: Int, titles: [String]) {
    var count = 0
    var titles: [String] = []
    if case .success(let report) = result {
      count += report.newArticles
      titles += report.newArticleFeedTitles
    }
    if let local {
      let report = ReloadReport(local)
      count += report.newItems
      titles += report.feedsWithNewItems.compactMap(localTitles)
    }
    return (count, titles)
  }
}

extension SyncReport {
  /// `Synced 3 feeds: 9 new articles, 2 changes from the server, 1 mark sent.`
  public var summary: String {
    func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
    return "Synced \(plural(feeds, "feed")): \(plural(newArticles, "new article")), "
      + "\(plural(stateChanges, "change")) from the server, \(plural(sentChanges, "mark")) sent."
  }
}

extension SyncProgress {
  /// `Syncing: articles 200/900…`, `Syncing: subscriptions…`.
  public var text: String {
    if let total { return "Syncing: \(phase) \(done)/\(total)…" }
    return done > 0 ? "Syncing: \(phase) \(done)…" : "Syncing: \(phase)…"
  }
}
