import Foundation

/// Google Reader API client + the sync of the cache with it (FreshRSS `/api/greader.php`, Miniflux,
/// Inoreader, The Old Reader). Uses the project's libcurl transport (Fetching/), with POST added.
///
/// A sync is: send the queue (so a mark made here is on the server before its state is read back), the
/// subscription list (labels → tags), the new articles since the last sync's server time (`ot`, paged
/// with `continuation`, fetched ahead of the store: `ArticlePages.swift`), then the ids of the unread and
/// of the starred articles, which set every synced article's flags (not on a first sync into a cache
/// without synced articles, whose pages give each article's flags). Each step writes its own transactions; the next `ot` is stored only when all of
/// them succeeded, so an interrupted sync is repeated whole, never half-remembered.
public struct Synchronizer: Sendable {
  let cache: Cache
  let client: GReaderClient
  /// Articles asked for per `stream/contents` page, ids per `stream/items/ids` page, ids per `edit-tag`.
  /// An id is ~30 bytes of JSON, so the read state comes in one page for up to 100,000 articles (a server
  /// that caps `n` answers with a continuation, which is followed).
  public var pageSize = 1000
  public var idsPageSize = 100_000
  public var batchSize = 250
  /// Article pages fetched and read ahead of the store (`pageChain`): enough to keep the server busy
  /// while a page is stored, few enough to bound what waits in memory.
  var pagesAhead = 3
  /// The most articles one account is taken to hold. A server whose continuations never end (a cycle
  /// A, B, A…, or a fresh token with every page) would otherwise keep a sync paging forever.
  public static let maxAccountArticles = 1_000_000
  /// Pages followed per paged answer: the account's articles at 100 a page, the smallest page a known
  /// server answers with (Inoreader's cap on `n`).
  var maxPages = Synchronizer.maxAccountArticles / 100
  /// The addresses of the feeds kept local (`sync-keep-local`): a sync never takes them over or removes
  /// them, whatever the server lists.
  public var localFeedURLs: Set<String> = []

  public init(cache: Cache, account: SyncAccount, configuration: Fetcher.Configuration = .init()) {
    self.init(cache: cache, account: account, configuration: configuration, retry: SyncRetry())
  }

  /// With the retry policy spelled out (tests shorten its waits) and, for `bench-sync`, an observer told
  /// of every request before it is sent.
  public init(
    cache: Cache, account: SyncAccount, configuration: Fetcher.Configuration = .init(), retry: SyncRetry,
    observer: (@Sendable (SyncRequestRecord) -> Void)? = nil
  ) {
    self.cache = cache
    self.client = GReaderClient(account: account, configuration: configuration, cache: cache, retry: retry, observer: observer)
  }

  /// `splitfeed sync-login`: logs in and checks the API answers; the token is kept in the cache.
  public func checkLogin() async throws(SyncError) {
    try await client.login()
    let data = try await client.get("subscription/list", [("output", "json")])
    _ = try GReader.decode(GReader.SubscriptionList.self, from: data, what: "subscription/list")
  }

  /// Reload = sync: send the queue, then subscriptions (labels → tags), new items (continuation paging,
  /// only what changed since the last sync where the API allows), read and starred states.
  public func sync(progress: @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncReport {
    var report = SyncReport()
    progress(SyncProgress(phase: "sending marks", done: 0, total: try cached { try cache.pendingSyncChanges() }))
    report.sentChanges = try await sendQueue(ignoringBackoff: true)

    // The first article page is asked for beside the subscriptions (after one login, so the two do not
    // both log in); its articles are stored once the feeds are. A first sync into a cache without synced
    // articles takes each article's read and starred state from its page, as FreshRSS's maintainers
    // advise (the id lists are for later syncs, to learn what changed on articles already here).
    let since = try cached { try cache.syncValue(.serverTime) }.flatMap { Int($0) }
    let holdsSynced = try cached { try cache.holdsSyncedItems() }
    let statesFromPages = since == nil && !holdsSynced
    try await client.authorize()
    let window = PageWindow(size: pagesAhead)
    let first = pageChain(
      since: since, continuation: nil, paging: PageGuard(what: "stream/contents", limit: maxPages), window: window,
      readState: !statesFromPages)
    progress(SyncProgress(phase: "subscriptions", done: 0))
    let feeds: [String: Int64]
    do throws(SyncError) {
      feeds = try await syncSubscriptions()
    } catch {
      first.cancel()
      await window.close()
      throw error
    }
    report.feeds = feeds.count

    let (added, serverTime, states, warnings) = try await syncArticles(feeds: feeds, first: first, window: window, progress: progress)
    report.warnings = warnings
    report.newArticles = added.values.reduce(0, +)
    let titles = Dictionary(uniqueKeysWithValues: try cached { try cache.feeds() }.map { ($0.id, $0.displayTitle) })
    report.newArticleFeedTitles = added.keys.sorted().compactMap { titles[$0] }
    if let states {
      report.stateChanges = try cached { try cache.applyRemoteStates(unread: states.unread, starred: states.starred) }
    }
    if let serverTime { try cached { try cache.setSyncValue(String(serverTime), for: .serverTime) } }
    return report
  }

  public func subscribe(url: String, title: String?, tags: [String]) async throws(SyncError) -> CachedFeed {
    let data = try await client.post("subscription/quickadd", [("quickadd", url)])
    let answer = try GReader.decode(GReader.QuickAdd.self, from: data, what: "subscription/quickadd")
    guard let streamID = answer.streamId, !streamID.isEmpty, (answer.numResults?.value ?? 1) > 0 else {
      let why = answer.error.map { ": \($0)" } ?? ""
      throw SyncError("Sync: the server could not subscribe to \(url)\(why).")
    }
    var edit: [(String, String)] = [("ac", "edit"), ("s", streamID)]
    if let title, !title.isEmpty { edit.append(("t", title)) }
    if let tag = tags.first { edit.append(("a", GReader.labelPrefix + tag)) }  // a FreshRSS feed has one label
    if edit.count > 2 { _ = try await client.post("subscription/edit", edit) }
    let feedID = try cached {
      try cache.addSyncedFeed(remoteID: streamID, url: url, title: title ?? answer.streamName, labels: Array(tags.prefix(1)))
    }
    // Its articles now, so the new feed is not empty until the next sync.
    let path = streamID.hasPrefix("feed/") ? "feed/" + FormEncoding.escape(String(streamID.dropFirst(5))) : streamID
    let page = try await client.get("stream/contents/" + path, [("n", String(pageSize))])
    let contents = try GReader.read(from: page, what: "stream/contents", GReader.StreamContents.init(reading:))
    var cut = 0
    _ = try store(contents.items, feeds: [streamID: feedID], cut: &cut)
    guard let feed = try cached({ try cache.feed(id: feedID) }) else {
      throw SyncError("Sync: the subscription to \(url) was made but could not be kept in the cache.")
    }
    return feed
  }

  public func unsubscribe(feedID: Int64) async throws(SyncError) {
    guard let feed = try cached({ try cache.feed(id: feedID) }) else { return }
    guard let remoteID = feed.remoteID else {
      throw SyncError("Sync: \(feed.displayTitle) is a local feed, not one on the sync server.")
    }
    _ = try await client.post("subscription/edit", [("ac", "unsubscribe"), ("s", remoteID)])
    try cached { try cache.removeSyncedFeed(feedID: feedID, remoteID: remoteID) }
  }

  // MARK: - Steps

  /// The server's subscriptions into the cache; returns stream id → feed id.
  private func syncSubscriptions() async throws(SyncError) -> [String: Int64] {
    // A feed's labels come with its subscription, so `tag/list` (every label, with feeds or not) is not
    // asked for: tags without feeds have nothing to show.
    let data = try await client.get("subscription/list", [("output", "json")])
    let list = try GReader.decode(GReader.SubscriptionList.self, from: data, what: "subscription/list")
    let subscriptions = list.subscriptions.compactMap { sub -> (String, String, String?, String?, [String])? in
      let url = sub.url.flatMap { $0.isEmpty ? nil : $0 } ?? (sub.id.hasPrefix("feed/") ? String(sub.id.dropFirst(5)) : sub.id)
      return (sub.id, url, sub.title, sub.htmlUrl, sub.labels)
    }
    return try cached {
      try cache.applySubscriptions(
        subscriptions.map { (remoteID: $0.0, url: $0.1, title: $0.2, siteLink: $0.3, labels: $0.4) }, localURLs: localFeedURLs)
    }
  }

  /// The articles added since the last sync (all on a first sync), page by page from `first` (the
  /// chain of `pageChain`, which fetches and reads them ahead of the store and asks for the read state
  /// once the last one is in), stored in the server's order; returns how many each feed gained, the
  /// server's clock at the first page (the next sync's `ot`), the read state (nil when the pages gave
  /// it) and the warnings of the run (paging cut short, article text cut).
  private func syncArticles(
    feeds: [String: Int64], first: Task<Result<FetchedPage, SyncError>, Never>, window: PageWindow,
    progress: @Sendable (SyncProgress) -> Void
  ) async throws(SyncError) -> ([Int64: Int], Int?, RemoteStates?, [String]) {
    var added: [Int64: Int] = [:]
    var serverTime: Int?
    var received = 0
    var cut = 0
    let result = await captured { () async throws(SyncError) -> (RemoteStates?, [String]) in
      var link = try await first.value.get()
      while true {
        if serverTime == nil { serverTime = link.page.serverTime }
        if case .states = link.next { progress(SyncProgress(phase: "read state", done: 0)) }
        for (feed, count) in try store(link.page.items, feeds: feeds, cut: &cut) { added[feed, default: 0] += count }
        received += link.page.items.count
        progress(SyncProgress(phase: "articles", done: received))
        await window.release()
        switch link.next {
        case .page(let next):
          link = try await next.value.get()
        case .states(let states, let pagingWarning):
          let remote = try await states?.value.get()
          return (remote, [pagingWarning].compactMap { $0 } + (remote?.warnings ?? []))
        }
      }
    }
    await window.close()  // a fetch still waiting for a permit (the sync failed) is not made
    let (remote, warnings) = try result.get()
    return (added, serverTime, remote, warnings + (cut > 0 ? ["Sync: " + FeedBuilder.cutWarning(count: cut)] : []))
  }

  /// The ids of the unread and of the starred articles: two independent lists, asked for together.
  func remoteStates() async -> Result<RemoteStates, SyncError> {
    async let unread = captured { () async throws(SyncError) in
      try await itemIDs([("s", GReader.readingList), ("xt", GReader.readTag)])
    }
    async let starred = captured { () async throws(SyncError) in try await itemIDs([("s", GReader.starredTag)]) }
    switch await (unread, starred) {
    case (.success(let unread), .success(let starred)):
      return .success(RemoteStates(unread: unread.ids, starred: starred.ids, warnings: [unread.warning, starred.warning].compactMap { $0 }))
    case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
    }
  }

  /// Stores a page; `cut` counts the text fields cut at the feeds' cap.
  private func store(_ items: [GReader.StreamItem], feeds: [String: Int64], cut: inout Int) throws(SyncError) -> [Int64: Int] {
    let rows = items.compactMap { entry -> (feedID: Int64, remoteID: String, item: Item, read: Bool, starred: Bool)? in
      guard let stream = entry.origin?.streamId, let feedID = feeds[stream] else { return nil }
      return (feedID, RemoteItemID.normalized(entry.id), entry.storedItem(cut: &cut), entry.isRead, entry.isStarred)
    }
    return try cached { try cache.storeSyncedItems(rows, at: Date()) }
  }

  /// Every id of a `stream/items/ids` query, through its continuations (bounded as `PageGuard` says),
  /// and the warning when paging was cut short.
  private func itemIDs(_ query: [(String, String)]) async throws(SyncError) -> (ids: Set<String>, warning: String?) {
    var ids = Set<String>()
    var continuation: String?
    var paging = PageGuard(what: "stream/items/ids", limit: maxPages)
    repeat {
      var full = query + [("n", String(idsPageSize))]
      if let continuation { full.append(("c", continuation)) }
      let data = try await client.get("stream/items/ids", full)
      let page = try GReader.read(from: data, what: "stream/items/ids", GReader.ItemIDs.init(reading:))
      let before = ids.count
      for ref in page.itemRefs ?? [] { ids.insert(RemoteItemID.normalized(ref.id)) }
      continuation = ids.count == before ? nil : paging.follow(page.continuation)
    } while continuation != nil
    return (ids, paging.warning)
  }

  /// Runs a step that may fail, its failure as a value (for a step that runs beside another).
  func captured<T>(_ body: () async throws(SyncError) -> T) async -> Result<T, SyncError> {
    do throws(SyncError) { return .success(try await body()) } catch { return .failure(error) }
  }

  /// The server's unread and starred article ids (normalized), which set every synced article's flags.
  struct RemoteStates: Sendable {
    var unread: Set<String>
    var starred: Set<String>
    var warnings: [String] = []
  }

  /// Runs a cache call, its failure as a sync line.
  func cached<T>(_ body: () throws -> T) throws(SyncError) -> T {
    do { return try body() } catch { throw SyncError("Sync: \(error)") }
  }
}
