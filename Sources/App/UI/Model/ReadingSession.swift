import Foundation
import Reader

/// What the reader is doing, shared by the lists and the container (SPEC §1, issue 5): the run's feeds
/// and the cache they live in, the opened article, the Recent list, the status line, and the background
/// work (reloads, full-article fetches). `open` is the one selection-change path (SPEC §4): every way
/// of opening an article goes through it, and its observer dismisses the popover.
///
/// The UI reads the cache on the main thread (short queries for what is visible); writes run off the
/// main thread and their effect is applied here at once (an opened article is read and on top of Recent
/// before the cache has recorded it), so a busy cache never stalls a key.
@MainActor
final class ReadingSession {
  let configuration: UIConfiguration
  let cache: Cache
  /// The feeds of this run in list order, with counts; refreshed when a reload ends.
  private(set) var feeds: [CachedFeed]
  private(set) var selected: CachedArticle?
  /// The Recent list (SPEC §1: newest first, deduplicated, at most 20), persisted by `recordOpened`.
  private(set) var recent: [ItemSummary] = []
  /// Articles opened in this run; their cache write may still be in flight.
  private var openedIDs: Set<Int64> = []
  private(set) var status = StatusLine()
  /// The fetcher for reloads and article pages (config `reload-threads`).
  var fetcher = Fetcher()
  /// The urls file this run's feeds come from; nil when they came from SOURCE arguments (or only from
  /// the cache), where choosing a feed a web page advertises changes this session only.
  var urlsFile: UrlsFileStore?
  /// Opens a link in the browser with the terminal handed over; returns why it failed, if it did. The
  /// application sets it (it owns the terminal backend); by default nothing is opened.
  var openURL: (String) -> String? = { _ in "No browser in this run." }

  /// Called after the selection changed (the container dismisses popovers and refreshes Recent).
  var selectionDidChange: ((CachedArticle) -> Void)?
  /// Called when background work changed the data on screen (the container refreshes the lists).
  var dataDidChange: (() -> Void)?
  /// Called when something on screen changed outside a key press (status, data): redraw.
  var needsDisplay: (() -> Void)?

  private(set) var reloadTask: Task<Void, Never>?
  private var autoReload: Task<Void, Never>?
  /// The unit of `reload-interval`: a minute (tests shorten it to see several automatic reloads).
  var reloadIntervalUnit: Duration = .seconds(60)

  static var recentLimit: Int { Cache.recentLimit }

  init(cache: Cache, feeds: [CachedFeed], configuration: UIConfiguration = UIConfiguration()) {
    self.cache = cache
    self.feeds = feeds
    self.configuration = configuration
    do {
      recent = try cache.recents()
    } catch {
      notify(error: "\(error)")
    }
  }

  // MARK: Read state

  func isRead(_ item: ItemSummary) -> Bool { item.isRead || openedIDs.contains(item.id) }

  /// Opens article `summary`: it becomes the selection, is read, and goes to the top of Recent; the cache
  /// records both in one transaction off the main thread. Returns nil (with a status notice) when the
  /// article cannot be read from the cache.
  @discardableResult
  func open(_ summary: ItemSummary) -> CachedArticle? {
    let article: CachedArticle
    do {
      guard let found = try cache.article(id: summary.id) else {
        notify(error: "That article is no longer in the cache.")
        return nil
      }
      article = found
    } catch {
      notify(error: "\(error)")
      return nil
    }
    if !isRead(summary), !article.isRead, let index = feeds.firstIndex(where: { $0.id == article.feedID }) {
      feeds[index].unreadCount = max(0, feeds[index].unreadCount - 1)
    }
    openedIDs.insert(article.id)
    selected = article
    var entry = summary
    entry.isRead = true
    recent.removeAll { $0.id == article.id }
    recent.insert(entry, at: 0)
    if recent.count > Self.recentLimit { recent.removeLast(recent.count - Self.recentLimit) }
    persistOpened(article.id, at: Date())
    selectionDidChange?(article)
    return article
  }

  private func persistOpened(_ id: Int64, at date: Date) {
    guard !cache.isReadOnly else { return }
    let cache = self.cache
    Task.detached {
      do { try cache.recordOpened(itemID: id, at: date) } catch {
        await MainActor.run { [weak self] in self?.notify(error: "\(error)") }
      }
    }
  }

  // MARK: Next unread (SPEC §5 `n`)

  /// The next unread article after `itemID` in feed `feedID`, else the first unread one of the following
  /// feeds (wrapping round to the feeds before, and to the start of the current one).
  func nextUnread(feedID: Int64?, after itemID: Int64?) -> (feed: CachedFeed, item: ItemSummary)? {
    let start = feeds.firstIndex { $0.id == feedID } ?? 0
    let order = feeds.indices.map { feeds[(start + $0) % feeds.count] }
    do {
      for (n, feed) in order.enumerated() {
        let after = n == 0 && feed.id == feedID ? itemID : nil
        if let item = try firstUnopened(feedID: feed.id, after: after) { return (feed, item) }
      }
      // Back round to the unread articles above the current one.
      if let feedID, itemID != nil, let feed = feeds.first(where: { $0.id == feedID }),
        let item = try firstUnopened(feedID: feedID, after: nil)
      {
        return (feed, item)
      }
    } catch {
      notify(error: "\(error)")
    }
    return nil
  }

  /// The first unread article after `itemID` that was not opened in this run (its read flag may not be
  /// written yet).
  private func firstUnopened(feedID: Int64, after itemID: Int64?) throws -> ItemSummary? {
    var cursor = itemID
    while let item = try cache.nextUnread(feedID: feedID, after: cursor) {
      if !openedIDs.contains(item.id) { return item }
      cursor = item.id
    }
    return nil
  }

  // MARK: Reload (issue 5, "Reload")

  /// Fetches `targets` through the `Reloader` on a background task, showing `Reloading n/total…`; when it
  /// ends the feeds are re-read, the lists refresh in place and the status line sums up. One at a time.
  @discardableResult
  func reload(_ targets: [CachedFeed]) -> Task<Void, Never>? {
    guard !targets.isEmpty else { return nil }
    guard !cache.isReadOnly else {
      notify(error: "The cache is read-only in this run: nothing can be reloaded.")
      return nil
    }
    guard reloadTask == nil else {
      notify("A reload is already running.")
      return nil
    }
    status.progress = "Reloading 0/\(targets.count)…"
    needsDisplay?()
    let reloader = Reloader(cache: cache, fetcher: fetcher)
    let progress: @Sendable (Int, Int) -> Void = { [weak self] done, total in
      Task { @MainActor in self?.reloadProgress(done: done, total: total) }
    }
    let task = Task { @MainActor [weak self] in
      let results = await reloader.reload(targets, progress: progress)
      self?.reloadDidFinish(results)
    }
    reloadTask = task
    return task
  }

  @discardableResult
  func reloadAll() -> Task<Void, Never>? { reload(feeds) }

  private func reloadProgress(done: Int, total: Int) {
    guard reloadTask != nil else { return }
    status.progress = "Reloading \(done)/\(total)…"
    needsDisplay?()
  }

  private func reloadDidFinish(_ results: [FeedReloadResult]) {
    reloadTask = nil
    status.progress = nil
    refreshFeeds()
    let report = ReloadReport(results)
    status.summary = report.summary + (report.errorLines.first.map { " " + $0 } ?? "")
    status.summaryIsError = report.failed > 0
    dataDidChange?()
    needsDisplay?()
  }

  /// Re-reads the run's feeds (titles, counts, errors) from the cache.
  func refreshFeeds() {
    do {
      let byID = Dictionary(try cache.feeds().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      feeds = feeds.map { byID[$0.id] ?? $0 }
    } catch {
      notify(error: "\(error)")
    }
  }

  /// Start-up: fetches the feeds never fetched (all of them with `reload-on-start`), and with
  /// `reload-interval` reloads everything every so many minutes.
  func start() {
    let targets = configuration.reloadOnStart ? feeds : feeds.filter { $0.lastFetch == nil }
    reload(targets)
    guard configuration.reloadInterval > 0, autoReload == nil else { return }
    let interval = reloadIntervalUnit * configuration.reloadInterval
    autoReload = Task { @MainActor [weak self] in
      while !Task.isCancelled {
        try? await Task.sleep(for: interval)
        guard let self, !Task.isCancelled else { return }
        self.reloadAll()
      }
    }
  }

  // MARK: Advertised feeds (issue 6, "an HTML page instead of a feed")

  /// The user chose `address`, one of the feeds the web page at `page`'s address advertises: it takes
  /// the page's place — on the page's urls-file line, tags and comment kept, when this run's feeds come
  /// from the urls file, else for this session only — and is fetched at once. Returns the feed to show
  /// (the existing one when it is already in the list), or nil with a notice when nothing could be done.
  @discardableResult
  func subscribe(to address: String, inPlaceOf page: CachedFeed) -> CachedFeed? {
    let key: String
    do {
      key = try FeedSource(parsing: address).url.absoluteString
    } catch {
      notify(error: error.description)
      return nil
    }
    if let existing = feeds.first(where: { $0.url == key }) {
      notify("\(address) is already in your feeds; \(page.url) stays as it is.")
      return existing
    }
    guard !cache.isReadOnly else {
      notify(error: "The cache is read-only in this run: nothing can be subscribed to.")
      return nil
    }
    let notice: String
    if let urlsFile {
      do {
        let line = try urlsFile.replaceAddress(of: page.url, with: address)
        notice = "Subscribed to \(address) in place of \(page.url) (line \(line) of \(urlsFile.path))."
      } catch {
        notify(error: "\(error)")
        return nil
      }
    } else {
      notice = "Showing \(address) for this session only: \(page.url) came from the command line, no urls file was changed."
    }
    let feed: CachedFeed
    do {
      guard let added = try cache.addFeeds(urls: [key]).first else { return nil }
      feed = added
    } catch {
      notify(error: "\(error)")
      return nil
    }
    if let index = feeds.firstIndex(where: { $0.id == page.id }) { feeds[index] = feed } else { feeds.append(feed) }
    if let running = reloadTask {
      Task { @MainActor [weak self] in
        await running.value
        self?.reload([feed])
      }
    } else {
      reload([feed])
    }
    notify(notice)
    return feed
  }

  // MARK: Full article (issue 5)

  /// Fetches the page of `article` (its link), keeps its main text, stores it with the article and hands
  /// it to `completion` on the main actor. Already fetched: nothing to do.
  @discardableResult
  func fetchFullArticle(_ article: CachedArticle, completion: @escaping @MainActor (String) -> Void)
    -> Task<Void, Never>?
  {
    guard article.fullContent == nil else { return nil }
    guard let link = article.item.link, let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased())
    else {
      notify(error: "This article has no web page to fetch.")
      return nil
    }
    status.progress = "Fetching \(link)…"
    needsDisplay?()
    let fetcher = self.fetcher
    let cache = self.cache
    return Task { @MainActor [weak self] in
      do {
        let page = try await fetcher.fetchPage(url)
        let html = MainText.html(ofPage: page.data, charset: page.charset)
        if !cache.isReadOnly {
          try await Task.detached { try cache.setFullContent(html, itemID: article.id) }.value
        }
        self?.status.progress = nil
        if self?.selected?.id == article.id { self?.selected?.fullContent = html }
        completion(html)
      } catch {
        self?.status.progress = nil
        self?.notify(error: "Could not fetch the article's page: \(error)")
      }
      self?.needsDisplay?()
    }
  }

  // MARK: Browser (SPEC §5 `o`)

  func openInBrowser(_ link: String?) {
    guard let link else {
      notify(error: "This article has no link.")
      return
    }
    if let failure = openURL(link) { notify(error: failure) }
  }

  // MARK: Status line

  /// A one-line notice (config problems, a failed action); stays until the next key.
  func notify(_ text: String) {
    status.notice = text
    status.noticeIsError = false
    needsDisplay?()
  }

  func notify(error text: String) {
    status.notice = text
    status.noticeIsError = true
    needsDisplay?()
  }

  /// A key was pressed: notices and the last reload's summary have been seen.
  func keyPressed() {
    status.notice = nil
    status.summary = nil
  }
}

/// The status line's content (issue 5): reload progress first, then a notice, then the last reload's
/// summary; nothing (and no line) when all are empty.
struct StatusLine: Equatable, Sendable {
  var progress: String?
  var notice: String?
  var noticeIsError = false
  var summary: String?
  var summaryIsError = false

  /// The text to show and whether it is an error.
  var shown: (text: String, isError: Bool)? {
    if let progress { return (progress, false) }
    if let notice { return (notice, noticeIsError) }
    if let summary { return (summary, summaryIsError) }
    return nil
  }
}
