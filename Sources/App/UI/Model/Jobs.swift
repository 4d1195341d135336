import Reader

/// The reader's background work: it owns the reloads and syncs (one at a time, the `reload-interval`
/// timer), the search indexing that follows them, the article pages and pictures being fetched, the
/// counts read in the background (`BackgroundCounts`), the marks sent to a sync server and
/// `notify-program`. Each runs off the main thread and reports back as an event, which `apply` takes in.
@MainActor
public final class Jobs {
  let cache: Cache
  private let configuration: UIConfiguration
  private let events: EventQueue
  let feedList: FeedList
  let marks: Marking
  let board: StatusBoard
  public let reloads: Reloads
  public let pages: ArticlePages
  /// The search index catching up with what reloads stored, in the background.
  public let indexing: Indexing
  /// The session's own heavy lane (`HeavyWork`): its pages extracted, pictures decoded and search text
  /// made there, and its waiting work dropped at the quit; a second session (a test's) has its own.
  let heavy = HeavyWork(width: 2)
  /// The server of a synced run (`sync greader`); nil when the feeds are fetched directly. The
  /// application sets it before `start()`.
  public var serverSync: ServerSync?
  /// The unit of `reload-interval`: a minute (tests shorten it to see several automatic reloads).
  public var reloadIntervalUnit: Duration = .seconds(60)
  /// Lists' counts read in the background, until the list takes its own.
  public let backgroundCounts = BackgroundCounts()

  init(
    cache: Cache, configuration: UIConfiguration, fetcher: Fetcher, events: EventQueue, feedList: FeedList,
    marks: Marking, board: StatusBoard
  ) {
    self.cache = cache
    self.configuration = configuration
    self.events = events
    self.feedList = feedList
    self.marks = marks
    self.board = board
    reloads = Reloads(cache: cache, fetcher: fetcher, pruneRule: configuration.engine.pruneRule, events: events)
    reloads.periods = configuration.engine.reloadPeriods
    pages = ArticlePages(cache: cache, fetcher: fetcher, events: events, heavy: heavy)
    indexing = Indexing(cache: cache, events: events, heavy: heavy)
  }

  /// The key that opens `E`'s list, as the status line names it.
  public var errorsKey: String { configuration.keyMap.keys(for: .showErrors).first?.description ?? "show-errors" }

  // MARK: Reloads

  /// Fetches `targets` in the background, showing `Reloading n/total…`; `.reloadFinished` ends it. In a
  /// synced run a target on the server makes it a sync (the server answers for all its feeds at once).
  /// `mode`: which of them are asked (DESIGN §8) — `r` names its feeds, `R` and the timer ask what is
  /// due, Ctrl-R everything.
  func reload(_ targets: [CachedFeed], mode: ReloadMode = .due) {
    guard !targets.isEmpty else { return }
    guard !cache.isReadOnly else { return board.line.notify(.readOnlyCache(.reload)) }
    if let serverSync, targets.contains(where: { $0.remoteID != nil }) {
      return sync(serverSync, local: targets.filter { $0.remoteID == nil }, mode: mode)
    }
    guard reloads.start(targets, mode: mode) else { return board.line.notify(.reloadRunning) }
    board.line.progress = .reloading(done: 0, total: targets.count)
    pauseIndexing()
  }

  func reloadAll(mode: ReloadMode = .due) {
    if let serverSync {
      sync(serverSync, local: feedList.feeds.filter { $0.remoteID == nil }, mode: mode)
    } else {
      reload(feedList.feeds, mode: mode)
    }
  }

  /// Start-up: fetches the feeds never fetched (all of them with `reload-on-start`), and with
  /// `reload-interval` reloads everything every so many minutes. A synced run syncs when it never has
  /// (or with `reload-on-start`), and sends the marks a previous run left queued.
  func start() {
    let feeds = feedList.feeds
    if let serverSync, !cache.isReadOnly {
      serverSync.checkLogin()
      serverSync.send(ignoringBackoff: true)
      let neverSynced = !feeds.contains { $0.remoteID != nil }
      if configuration.reloadOnStart || neverSynced {
        reloadAll()
      } else {
        reload(feeds.filter { $0.lastFetch == nil && $0.remoteID == nil })
      }
    } else {
      reload(configuration.reloadOnStart ? feeds : feeds.filter { $0.lastFetch == nil })
    }
    if configuration.reloadInterval > 0 {
      reloads.startTimer(every: reloadIntervalUnit * configuration.reloadInterval)
    }
    startIndexing()
  }

  /// Syncs with the server, then reloads those of `local` that `mode` asks, showing progress;
  /// `.syncFinished` ends it.
  func sync(_ serverSync: ServerSync, local: [CachedFeed], mode: ReloadMode = .due) {
    guard !cache.isReadOnly else { return board.line.notify(.readOnlyCache(.sync)) }
    guard reloads.startSync(serverSync.synchronizer, local: local, mode: mode) else {
      return board.line.notify(.reloadRunning)
    }
    board.line.progress = .syncing(progress: nil)
    pauseIndexing()
  }

  /// Re-reads the run's feeds (titles, counts, errors) from the cache; with `countingQueries`, the query
  /// feeds' counts in full too. The caller raises the session's `dataRevision`.
  func refreshFeeds(countingQueries: Bool = true) {
    do {
      try feedList.refresh(from: cache)
    } catch {
      board.fail(error)
    }
    marks.recount(full: countingQueries)
  }

  // MARK: Events from background work

  /// Takes in what background work reported. Returns whether the feeds' data changed, so every list
  /// must read its rows again (the session raises `dataRevision`).
  func apply(_ event: Event) -> Bool {
    switch event {
    case .reloadProgress(let done, let total):
      guard reloads.isRunning else { return false }
      board.line.progress = .reloading(done: done, total: total)
      // Each feed is listed as it lands (README: "lists them at once"), its title, counts and articles
      // with it: a feed that does not answer holds back only itself. Query feeds, whose counts may take
      // a scan of every article, are counted in full once the reload ends.
      refreshFeeds(countingQueries: false)
      return true
    case .reloadFinished(let run):
      let queued = reloads.finished()
      board.line.progress = nil
      refreshFeeds()
      let report = ReloadReport(run)
      board.line.summary = .reloaded(report, errorsKey: errorsKey)
      notifyNewArticles(count: report.newItems, titles: report.feedsWithNewItems.compactMap { feedList.feed(id: $0)?.displayTitle })
      reload(queued)
      startIndexing()
      return true
    case .pageFetched(let id, _):
      if pages.finished(id) { board.line.progress = nil }
      startIndexing()  // the page's text joins the article's in the search index
    case .pageFailed(let id, let notice):
      guard pages.finished(id) else { break }  // fetched ahead: met again, and said, when the article opens
      board.line.progress = nil
      board.line.notify(notice)
    case .imageLoaded(let url, let result):
      pages.images.loaded(url, result)
    case .picturePrepared(let key):
      pages.images.prepared(key)
    case .listCounted(let scope, let count):
      backgroundCounts.arrived(scope, count: count)
    case .listPagesRead(let scope, let pages, let asked):
      backgroundCounts.arrived(scope, pages: pages, asked: asked)
    case .reloadTimer:
      reloadAll(mode: .timer)
    case .failure(let message):
      board.line.notify(.failure(message))
    case .marksWritten:
      if marks.writer.isIdle { serverSync?.send() }
    case .syncFinished(let run):
      applySyncFinished(run)
      startIndexing()
      return true
    case .syncProgress, .marksSent, .sendRetry, .loginFailed:
      applySync(event)
    case .indexProgress, .indexFinished:
      return applyIndexing(event)
    case .key, .mouse, .resize, .paste, .promptPaused, .actionFinished, .queryFeedsCounted:
      break
    }
    return false
  }

  // MARK: notify-program

  /// Runs `notify-program` in the background for `count` new articles in the feeds titled `titles`.
  func notifyNewArticles(count: Int, titles: [String]) {
    guard let program = configuration.engine.notifyProgram, count > 0 else { return }
    let events = self.events
    Task.detached {
      if let failure = program.run(count: count, feedTitles: titles, silenced: true) {
        events.post(.failure(failure))
      }
    }
  }
}
