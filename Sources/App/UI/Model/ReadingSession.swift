import Foundation
import Reader
import ScreenKit

/// What the reader is doing, as small models, each with its own state and `apply(event)`: `Marking`
/// (the flag store, undo, the mark writer, the counts), `Jobs` (reloads, syncs, indexing, page and
/// picture fetches), `Reading` (the open article, Recent, its full page), `Navigation` (`n`, `J`, `K`),
/// `Outside` (browser, player), over the run's `FeedList` and one `StatusBoard`. The session wires them,
/// routes every posted event to them in one order (`apply`), and runs the steps that touch several at
/// once: opening an article, subscribing to an advertised feed, the lists' `dataRevision`.
///
/// The UI reads the cache on the main thread (short queries for what is visible); writes run off the main
/// thread and their effect is applied here at once, so a busy cache never stalls a key. Background work
/// reports back through `events`, never by calling in.
@MainActor
public final class ReadingSession {
  public let configuration: UIConfiguration
  public let cache: Cache
  public let events: EventQueue
  /// The run's feeds and query feeds, with their counts.
  public let feedList: FeedList
  /// The status line and the problems `E` lists, which every model writes to.
  public let board = StatusBoard()
  public let marks: Marking
  public let jobs: Jobs
  public let reading: Reading
  public let navigation: Navigation
  public let outside: Outside
  public let subscriptions: Subscriptions
  /// The config's `action` lines and `pipe-to`, and a `--show` action's output.
  public let actions: UserActions
  /// The user quit (`q` at the root, or `y` to confirm-exit's question); the run loop ends on it.
  public private(set) var quitRequested = false
  /// Bumped when the feeds' data changed (a reload or sync landed, indexing ended, `U`, a feed was
  /// replaced): every list reads its rows again, so the flag store keeps only what else is shown.
  public private(set) var dataRevision = 0 {
    didSet { marks.forgetFlags(keeping: reading.shownIDs) }
  }

  public init(
    cache: Cache, feeds: [CachedFeed], configuration: UIConfiguration = UIConfiguration(),
    fetcher: Fetcher = Fetcher(), events: EventQueue = EventQueue()
  ) {
    self.cache = cache
    self.configuration = configuration
    self.events = events
    feedList = FeedList(feeds)
    marks = Marking(
      cache: cache, events: events, feedList: feedList, board: board, hidesRead: !configuration.showReadArticles)
    jobs = Jobs(
      cache: cache, configuration: configuration, fetcher: fetcher, events: events, feedList: feedList, marks: marks,
      board: board)
    reading = Reading(cache: cache, configuration: configuration, feedList: feedList, pages: jobs.pages, board: board)
    navigation = Navigation(cache: cache, feedList: feedList, flags: marks.flags, board: board)
    outside = Outside(board: board)
    subscriptions = Subscriptions(cache: cache)
    actions = UserActions(configuration: configuration, events: events, board: board)
    marks.flags.take(reading.recent.items)
    applyIgnoreRules()
    marks.recount(full: true)
  }

  /// `ignore-article` lines hide articles from every read of this cache, the feeds' counts included.
  /// Given even when there are none: the flags of rules removed from the config are cleared. Again after a
  /// subscription, whose new address a `tag:` line of the page's tags must now name.
  private func applyIgnoreRules() {
    do {
      try cache.setIgnoreRules(IgnoreArticleLine.rules(configuration.engine.ignoreArticles, for: feeds))
      if !configuration.engine.ignoreArticles.isEmpty { try feedList.refresh(from: cache) }
    } catch {
      board.fail(error)
    }
  }

  // MARK: What the application, the controllers and the tests read

  public var feeds: [CachedFeed] { feedList.feeds }
  public var status: StatusLine {
    get { board.line }
    set { board.line = newValue }
  }
  public var problems: RunProblems {
    get { board.problems }
    set { board.problems = newValue }
  }
  /// The urls file's `query:` feeds, shown under the smart rows of the Feeds tab (their counts in
  /// `feedList.queryCounts`, read in full when they are set).
  public var queryFeeds: [QueryFeed] {
    get { feedList.queryFeeds }
    set {
      feedList.queryFeeds = newValue
      marks.recount(full: true)
      dataRevision += 1  // the feed list's rows include them (a search saved with `W` joins it at once)
    }
  }
  public var serverSync: ServerSync? {
    get { jobs.serverSync }
    set { jobs.serverSync = newValue }
  }
  public var reloadIntervalUnit: Duration {
    get { jobs.reloadIntervalUnit }
    set { jobs.reloadIntervalUnit = newValue }
  }
  public var selected: CachedArticle? { reading.selected }
  public var recent: RecentArticles { reading.recent }
  public var flags: ArticleFlags { marks.flags }
  var writer: MarkWriter { marks.writer }
  public var reloads: Reloads { jobs.reloads }
  public var pages: ArticlePages { jobs.pages }
  public var indexing: Indexing { jobs.indexing }
  public var backgroundCounts: BackgroundCounts { jobs.backgroundCounts }
  public var errorsKey: String { jobs.errorsKey }

  public func start() { jobs.start() }
  func reload(_ targets: [CachedFeed], mode: ReloadMode = .due) { jobs.reload(targets, mode: mode) }
  func reloadAll(mode: ReloadMode = .due) { jobs.reloadAll(mode: mode) }

  // MARK: Events

  /// The one way a posted event reaches the model (`Screen.handle` hands every one here): each model
  /// takes in what concerns it, in this order — the marks first, since sending them to a server waits
  /// for the writer to be idle.
  func apply(_ event: Event) {
    marks.apply(event)
    reading.apply(event)
    actions.apply(event, selected: reading.selected?.id)
    if jobs.apply(event) { dataRevision += 1 }
  }

  /// Re-reads the run's feeds (titles, counts, errors) from the cache, and every list its rows.
  func refreshFeeds() {
    jobs.refreshFeeds()
    dataRevision += 1
  }

  // MARK: Steps across the models

  /// Opens article `summary`: it becomes the selection, is read, and goes to the top of Recent; the cache
  /// records both in one transaction off the main thread. Returns nil (with a status notice) when the
  /// article cannot be read from the cache.
  @discardableResult
  func open(_ summary: ItemSummary) -> CachedArticle? {
    let article: CachedArticle
    do {
      guard let found = try cache.article(id: summary.id) else {
        board.line.notify(.articleGone)
        return nil
      }
      article = found
    } catch {
      board.fail(error)
      return nil
    }
    marks.flags.take(article)
    actions.articleChanged()
    reading.select(article, listedAs: summary)
    marks.setRead(true, [MarkedItem(article)], by: .opened(itemID: article.id, at: Date()))
    marks.recount(feeds: [article.feedID])
    return article
  }

  /// `U`: lists hide read articles and feeds with nothing unread, or show them again, reading their rows.
  func toggleShowRead() {
    marks.toggleShowRead()
    dataRevision += 1
  }

  /// The user chose `address`, one of the feeds the web page at `page`'s address advertises: it takes the
  /// page's place and is fetched at once. Returns the feed to show (the existing one when it is already
  /// in the list), or nil with a notice when nothing could be done.
  @discardableResult
  func subscribe(to address: String, inPlaceOf page: CachedFeed) -> CachedFeed? {
    if let key = try? FeedSource(parsing: address).url.absoluteString, let existing = feeds.first(where: { $0.url == key }) {
      board.line.notify(.alreadySubscribed(address: address, page: page.url))
      return existing
    }
    switch subscriptions.subscribe(to: address, inPlaceOf: page) {
    case .failure(let failure):
      board.line.notify(failure.notice)
      return nil
    case .success(let (subscribed, notice)):
      // The feed keeps the page's tags, title and hidden flag (its urls line keeps them too).
      var feed = subscribed.keepingUrlsSettings(of: page)
      feed.tags = page.tags
      feedList.replace(page, with: feed)
      do {
        try cache.setTags(Dictionary(feeds.map { ($0.id, $0.tags) }, uniquingKeysWith: { first, _ in first }))
      } catch {
        board.fail(error)
      }
      applyIgnoreRules()
      dataRevision += 1
      if jobs.reloads.isRunning { jobs.reloads.enqueue(feed) } else { jobs.reload([feed]) }
      board.line.notify(notice)
      return feed
    }
  }

  // MARK: Quit (the question, with confirm-exit, is the container's)

  /// Ends the reader: the run loop stops once this turn is drawn.
  func quit() {
    quitRequested = true
  }

  /// Called by the run loop once the terminal is given back, before the process ends: the marks not
  /// yet in the cache are written (`MarkWriter.finishBeforeExit`), and the heavy lane's waiting work is
  /// dropped (`HeavyWork.cancelAll`). A sync, reload or indexing still running is left: each commits in
  /// transactions of its own and the next run goes on from the last.
  public func finishBeforeExit(whileWaiting: () -> Void = {}) {
    actions.cancelAll()  // a running action or pipe-to is killed, not left behind
    jobs.heavy.cancelAll()  // no page is extracted, no picture decoded, past the quit
    marks.writer.finishBeforeExit(whileWaiting: whileWaiting)
  }
}
