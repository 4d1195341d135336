import Foundation
import Reader
import ScreenKit

/// What the reader is doing, as small models with one job each (the feeds, read state, stars, undo,
/// Recent, reloads, article pages, subscriptions, the status line) and the open article. The session only holds them and
/// runs the steps that touch several at once, such as opening an article.
///
/// The UI reads the cache on the main thread (short queries for what is visible); writes run off the main
/// thread and their effect is applied here at once, so a busy cache never stalls a key. Background work
/// reports back through `events`, never by calling in.
@MainActor
public final class ReadingSession {
  public let configuration: UIConfiguration
  public let cache: Cache
  public let events: EventQueue
  public let feedList: FeedList
  public let readState: ReadState
  public let stars = Stars()
  var undoStack = UndoStack()
  /// Writes marks and openings to the cache in order, off the main thread.
  let writer: MarkWriter
  public let recent: RecentArticles
  public let reloads: Reloads
  public let pages: ArticlePages
  /// The session's own heavy lane (`HeavyWork`): its pages extracted, pictures decoded and search text
  /// made there, and its waiting work dropped at the quit; a second session (a test's) has its own.
  let heavy = HeavyWork(width: 2)
  public let subscriptions: Subscriptions
  /// The search index catching up with what reloads stored, in the background.
  public let indexing: Indexing
  /// The server of a synced run (`sync greader`); nil when the feeds are fetched directly. The
  /// application sets it before `start()`.
  public var serverSync: ServerSync?
  public var status = StatusLine()
  /// The user quit (`q` at the root, or `y` to confirm-exit's question); the run loop ends on it.
  public internal(set) var quitRequested = false
  /// The urls file's `query:` feeds, shown under the smart rows of the Feeds tab (their counts in
  /// `feedList.queryCounts`).
  public var queryFeeds: [QueryFeed] = [] {
    didSet { recount(full: true) }
  }
  /// What went wrong in this run beyond the feeds' own errors, for `E`.
  public var problems = RunProblems()
  /// The open article: the one place it lives (the detail pane reads it from here).
  public internal(set) var selected: CachedArticle?
  /// Bumped when another article is opened, and when the feeds' data changed (a reload ended, a feed was
  /// replaced): the container compares them after each event to dismiss popovers and refresh lists.
  public private(set) var selectionRevision = 0
  public internal(set) var dataRevision = 0
  /// Bumped when a batch of marks is written: lists give their rows the cache's flags, and lists read
  /// from the marks in the cache (Starred) re-read their rows.
  public internal(set) var marksRevision = 0
  /// Opens a link in the browser with the terminal handed over; returns why it failed. The application
  /// sets it (it owns the terminal); by default nothing is opened.
  public var openURL: (String) -> String? = { _ in "No browser in this run." }
  /// Opens an enclosure with the `player` setting (the browser's command by default), the same way.
  public var openMediaURL: (String) -> String? = { _ in "No player in this run." }
  /// The unit of `reload-interval`: a minute (tests shorten it to see several automatic reloads).
  public var reloadIntervalUnit: Duration = .seconds(60)

  public init(
    cache: Cache, feeds: [CachedFeed], configuration: UIConfiguration = UIConfiguration(),
    fetcher: Fetcher = Fetcher(), events: EventQueue = EventQueue()
  ) {
    self.cache = cache
    self.configuration = configuration
    self.events = events
    feedList = FeedList(feeds)
    readState = ReadState(hidesRead: !configuration.showReadArticles)
    writer = MarkWriter(cache: cache, events: events)
    reloads = Reloads(cache: cache, fetcher: fetcher, pruneRule: configuration.engine.pruneRule, events: events)
    reloads.periods = configuration.engine.reloadPeriods
    pages = ArticlePages(cache: cache, fetcher: fetcher, events: events, heavy: heavy)
    subscriptions = Subscriptions(cache: cache)
    indexing = Indexing(cache: cache, events: events, heavy: heavy)
    do {
      recent = RecentArticles(try cache.recents())
    } catch {
      recent = RecentArticles([])
      status.notify(error: "\(error)")
    }
    do {
      // `ignore-article` lines hide articles from every read of this cache, the feeds' counts included.
      // Given even when there are none: the flags of rules removed from the config are cleared.
      try cache.setIgnoreRules(IgnoreArticleLine.rules(configuration.engine.ignoreArticles, for: feeds))
      if !configuration.engine.ignoreArticles.isEmpty { try feedList.refresh(from: cache) }
    } catch {
      status.notify(error: "\(error)")
    }
    recount(full: true)
  }

  public var feeds: [CachedFeed] { feedList.feeds }
  public func isRead(_ item: ItemSummary) -> Bool { readState.isRead(item) }

  // MARK: Opening an article

  /// Opens article `summary`: it becomes the selection, is read, and goes to the top of Recent; the cache
  /// records both in one transaction off the main thread. Returns nil (with a status notice) when the
  /// article cannot be read from the cache.
  @discardableResult
  func open(_ summary: ItemSummary) -> CachedArticle? {
    let article: CachedArticle
    do {
      guard let found = try cache.article(id: summary.id) else {
        status.notify(error: "That article is no longer in the cache.")
        return nil
      }
      article = found
    } catch {
      status.notify(error: "\(error)")
      return nil
    }
    selected = article
    selectionRevision += 1
    recent.record(summary)
    setRead(true, [MarkedItem(article)], by: .opened(itemID: article.id, at: Date()))
    recount(feeds: [article.feedID])
    return article
  }

  // MARK: Next unread (DESIGN §5 `n`)

  /// The next unread article after `itemID` in feed `feedID`, else the first unread one of the following
  /// feeds (wrapping round to the feeds before, and to the start of the current one).
  func nextUnread(feedID: Int64?, after itemID: Int64?) -> (feed: CachedFeed, item: ItemSummary)? {
    let feeds = self.feeds
    let start = feeds.firstIndex { $0.id == feedID } ?? 0
    let order = feeds.indices.map { feeds[(start + $0) % feeds.count] }
    do {
      for (n, feed) in order.enumerated() {
        let after = n == 0 && feed.id == feedID ? itemID : nil
        if let item = try firstUnopened(feedID: feed.id, after: after) { return (feed, item) }
      }
      // Back round to the unread articles above the current one.
      if let feedID, itemID != nil, let feed = feedList.feed(id: feedID),
        let item = try firstUnopened(feedID: feedID, after: nil)
      {
        return (feed, item)
      }
    } catch {
      status.notify(error: "\(error)")
    }
    return nil
  }

  /// The first unread article after `itemID` that this run did not make read (its read flag may not be
  /// written yet).
  private func firstUnopened(feedID: Int64, after itemID: Int64?) throws -> ItemSummary? {
    var cursor = itemID
    while let item = try cache.nextUnread(feedID: feedID, after: cursor) {
      if !readState.isMadeRead(item.id) { return item }
      cursor = item.id
    }
    return nil
  }

  // MARK: Next / previous article (`J` / `K`)

  /// The article after (`step` 1) or before (-1) the open one in its feed's list; past the end, the first
  /// article of the next feed that has any (the last of the previous one going back), like `n`.
  func neighbour(step: Int) -> (feed: CachedFeed, item: ItemSummary)? {
    guard let article = selected, let start = feeds.firstIndex(where: { $0.id == article.feedID }) else { return nil }
    do {
      if let position = try cache.position(ofItem: article.id, in: ItemScope(feedID: article.feedID)), position + step >= 0,
        let item = try cache.items(feedID: article.feedID, limit: 1, offset: position + step).first
      {
        return (feeds[start], item)
      }
      for n in 1..<max(1, feeds.count) {
        let feed = feeds[(start + n * step % feeds.count + feeds.count) % feeds.count]
        guard feed.totalCount > 0 else { continue }
        let offset = step > 0 ? 0 : feed.totalCount - 1
        if let item = try cache.items(feedID: feed.id, limit: 1, offset: offset).first { return (feed, item) }
      }
    } catch {
      status.notify(error: "\(error)")
    }
    return nil
  }

  // MARK: Reloads

  /// Fetches `targets` in the background, showing `Reloading n/total…`; `.reloadFinished` ends it. In a
  /// synced run a target on the server makes it a sync (the server answers for all its feeds at once).
  /// `mode`: which of them are asked (DESIGN §8) — `r` names its feeds, `R` and the timer ask what is
  /// due, Ctrl-R everything.
  func reload(_ targets: [CachedFeed], mode: ReloadMode = .due) {
    guard !targets.isEmpty else { return }
    guard !cache.isReadOnly else {
      status.notify(error: "The cache is read-only in this run: nothing can be reloaded.")
      return
    }
    if let serverSync, targets.contains(where: { $0.remoteID != nil }) {
      sync(serverSync, local: targets.filter { $0.remoteID == nil }, mode: mode)
      return
    }
    guard reloads.start(targets, mode: mode) else {
      status.notify("A reload is already running.")
      return
    }
    status.progress = "Reloading 0/\(targets.count)…"
    pauseIndexing()
  }

  func reloadAll(mode: ReloadMode = .due) {
    if let serverSync {
      sync(serverSync, local: feeds.filter { $0.remoteID == nil }, mode: mode)
    } else {
      reload(feeds, mode: mode)
    }
  }

  /// Start-up: fetches the feeds never fetched (all of them with `reload-on-start`), and with
  /// `reload-interval` reloads everything every so many minutes. A synced run syncs when it never has
  /// (or with `reload-on-start`), and sends the marks a previous run left queued.
  public func start() {
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

  // MARK: Events from background work

  /// Applies a background event to the model.
  func apply(_ event: Event) {
    switch event {
    case .reloadProgress(let done, let total):
      guard reloads.isRunning else { break }
      status.progress = "Reloading \(done)/\(total)…"
      // Each feed is listed as it lands (README: "lists them at once"), its title, counts and articles
      // with it: a feed that does not answer holds back only itself. Query feeds, whose counts may take
      // a scan of every article, are counted in full once the reload ends.
      refreshFeeds(countingQueries: false)
    case .reloadFinished(let run):
      let queued = reloads.finished()
      status.progress = nil
      refreshFeeds()
      let report = ReloadReport(run)
      status.summary = report.statusText(errorsKey: errorsKey)
      status.summaryIsError = report.failed > 0 || report.pruneError != nil
      notifyNewArticles(report)
      reload(queued)
      startIndexing()
    case .pageFetched(let id, let html):
      if pages.finished(id) { status.progress = nil }
      if selected?.id == id { selected?.fullContent = html }
      startIndexing()  // the page's text joins the article's in the search index
    case .pageFailed(let id, let message):
      guard pages.finished(id) else { break }  // fetched ahead: met again, and said, when the article opens
      status.progress = nil
      status.notify(error: message)
    case .reloadTimer:
      reloadAll(mode: .timer)
    case .failure(let message):
      status.notify(error: message)
    case .marksWritten:
      writer.batchWritten()
      marksWritten()
      if writer.isIdle { serverSync?.send() }
    case .syncFinished:
      applySync(event)
      startIndexing()
    case .syncProgress, .marksSent, .sendRetry, .loginFailed:
      applySync(event)
    case .indexProgress, .indexFinished:
      applyIndexing(event)
    case .key, .mouse, .resize, .paste, .promptPaused, .listCounted, .imageLoaded:
      break
    }
  }

  /// Counts the articles of `scope` off the main thread; `.listCounted` brings the number back. For a
  /// search matching many articles, counting them all costs more than reading the first page.
  func countInBackground(_ scope: ItemScope) {
    let (cache, events) = (self.cache, self.events)
    Task.detached {
      do {
        events.post(.listCounted(scope, count: try cache.count(in: scope)))
      } catch {
        events.post(.failure("\(error)"))
      }
    }
  }

  /// Runs `notify-program` in the background after a reload that brought new articles.
  private func notifyNewArticles(_ report: ReloadReport) {
    notifyNewArticles(count: report.newItems, titles: report.feedsWithNewItems.compactMap { feedList.feed(id: $0)?.displayTitle })
  }

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

  /// Re-reads the run's feeds (titles, counts, errors) from the cache; with `countingQueries`, the query
  /// feeds' counts in full too.
  func refreshFeeds(countingQueries: Bool = true) {
    do {
      try feedList.refresh(from: cache)
    } catch {
      status.notify(error: "\(error)")
    }
    recount(full: countingQueries)
    dataRevision += 1
  }

  // MARK: Advertised feeds

  /// The user chose `address`, one of the feeds the web page at `page`'s address advertises: it takes the
  /// page's place and is fetched at once. Returns the feed to show (the existing one when it is already
  /// in the list), or nil with a notice when nothing could be done.
  @discardableResult
  func subscribe(to address: String, inPlaceOf page: CachedFeed) -> CachedFeed? {
    if let key = try? FeedSource(parsing: address).url.absoluteString, let existing = feeds.first(where: { $0.url == key }) {
      status.notify("\(address) is already in your feeds; \(page.url) stays as it is.")
      return existing
    }
    switch subscriptions.subscribe(to: address, inPlaceOf: page) {
    case .failure(let failure):
      status.notify(error: failure.description)
      return nil
    case .success(let (subscribed, notice)):
      // The feed keeps the page's tags, title and hidden flag (its urls line keeps them too).
      var feed = subscribed.keepingUrlsSettings(of: page)
      feed.tags = page.tags
      feedList.replace(page, with: feed)
      do {
        try cache.setTags(Dictionary(feeds.map { ($0.id, $0.tags) }, uniquingKeysWith: { first, _ in first }))
      } catch {
        status.notify(error: "\(error)")
      }
      dataRevision += 1
      if reloads.isRunning { reloads.enqueue(feed) } else { reload([feed]) }
      status.notify(notice)
      return feed
    }
  }

  // MARK: Browser (DESIGN §5 `o`)

  func openInBrowser(_ link: String?) {
    guard let link else {
      status.notify(error: "This article has no link.")
      return
    }
    if let failure = openURL(link) { status.notify(error: failure) }
  }

  /// `e`: an enclosure in the player.
  func openMedia(_ url: String) {
    if let failure = openMediaURL(url) { status.notify(error: failure) }
  }
}
