import Reader

/// Reloads, one at a time, off the main thread: the `Reloader` fetches, stores and prunes (or, in a
/// synced run, `SyncRun` syncs with the server first), and its progress and results come back as events. Also the `reload-interval` timer, which posts an event rather than
/// reloading by itself, so an automatic reload takes the same path as `R`.
@MainActor
public final class Reloads {
  private let cache: Cache
  private let fetcher: Fetcher
  private let pruneRule: PruneRule
  /// The `reload-period` lines, which reloads asking what is due obey (DESIGN §8).
  var periods = ReloadPeriods()
  /// The urls file's `exec:` and `filter:` feeds, the only ones whose program runs (`Reloader.commandFeeds`).
  public var commandFeeds: Set<String> = []
  private let events: EventQueue
  public private(set) var task: Task<Void, Never>?
  private var timer: Task<Void, Never>?
  /// Feeds waiting for the running reload to end (a feed subscribed to during a reload).
  private var queued: [CachedFeed] = []

  init(cache: Cache, fetcher: Fetcher, pruneRule: PruneRule, events: EventQueue) {
    self.cache = cache
    self.fetcher = fetcher
    self.pruneRule = pruneRule
    self.events = events
  }

  public var isRunning: Bool { task != nil }

  /// Starts reloading `targets`, asking those `mode` asks (DESIGN §8); false when one is already
  /// running (the caller says so).
  func start(_ targets: [CachedFeed], mode: ReloadMode = .due) -> Bool {
    guard task == nil else { return false }
    var reloader = Reloader(cache: cache, fetcher: fetcher, pruneRule: pruneRule, mode: mode, periods: periods)
    reloader.commandFeeds = commandFeeds
    let events = self.events
    task = Task.detached {
      let run = await reloader.run(targets) { done, total in
        events.post(.reloadProgress(done: done, total: total))
      }
      events.post(.reloadFinished(run))
    }
    return true
  }

  /// Starts a sync with the server, then the reload of the `local` feeds (`SyncRun`); false when a reload
  /// or sync is already running. Progress comes back as `.syncProgress`, the end as `.syncFinished`.
  func startSync(_ synchronizer: Synchronizer, local: [CachedFeed], mode: ReloadMode = .due) -> Bool {
    guard task == nil else { return false }
    var reloader = Reloader(cache: cache, fetcher: fetcher, pruneRule: pruneRule, mode: mode, periods: periods)
    reloader.commandFeeds = commandFeeds
    let events = self.events
    let cache = self.cache
    task = Task.detached {
      let run = await SyncRun.perform(synchronizer, local: local, reloader: reloader, cache: cache) { line in
        events.post(.syncProgress(line))
      }
      events.post(.syncFinished(run))
    }
    return true
  }

  /// Reloads `feed` once the running reload has ended.
  func enqueue(_ feed: CachedFeed) { queued.append(feed) }

  /// The running reload has reported its end: returns the feeds queued meanwhile.
  func finished() -> [CachedFeed] {
    task = nil
    defer { queued.removeAll() }
    return queued
  }

  /// Posts `.reloadTimer` every `interval` until the process ends.
  func startTimer(every interval: Duration) {
    guard timer == nil else { return }
    let events = self.events
    timer = Task.detached {
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        if Task.isCancelled { return }
        events.post(.reloadTimer)
      }
    }
  }
}
