import Foundation

/// Google Reader API client + the sync of the cache with it (FreshRSS `/api/greader.php`, Miniflux,
/// Inoreader, The Old Reader). Uses the project's libcurl transport (Fetching/), with POST added.
///
/// A sync is: send the queue (so a mark made here is on the server before its state is read back), the
/// subscription list (labels → tags), the new articles since the last sync's server time (`ot`, paged
/// with `continuation`), then the ids of the unread and of the starred articles, which set every synced
/// article's flags. Each step writes its own transactions; the next `ot` is stored only when all of
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

    progress(SyncProgress(phase: "subscriptions", done: 0))
    let feeds = try await syncSubscriptions()
    report.feeds = feeds.count

    let since = try cached { try cache.syncValue(.serverTime) }.flatMap { Int($0) }
    let (added, serverTime, states, warnings) = try await syncArticles(feeds: feeds, since: since, progress: progress)
    report.warnings = warnings
    report.newArticles = added.values.reduce(0, +)
    let titles = Dictionary(uniqueKeysWithValues: try cached { try cache.feeds() }.map { ($0.id, $0.displayTitle) })
    report.newArticleFeedTitles = added.keys.sorted().compactMap { titles[$0] }
    report.stateChanges = try cached { try cache.applyRemoteStates(unread: states.unread, starred: states.starred) }
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

  /// The articles added since `since` (all on a first sync), page by page and stored in the server's
  /// order; returns how many each feed gained, the server's clock at the first page (the next sync's
  /// `ot`) and the read state. The next page is asked for, and read, as soon as a page is read, so the
  /// server works on it and another core reads its JSON while this one is stored; once the last page is
  /// in, the read state is asked for while that page is stored (an article the server gains from then
  /// on is in neither, so its state cannot be misread; the next sync brings it). Also returns the
  /// warnings of the run (paging cut short, article text cut).
  private func syncArticles(feeds: [String: Int64], since: Int?, progress: @Sendable (SyncProgress) -> Void)
    async throws(SyncError) -> ([Int64: Int], Int?, RemoteStates, [String])
  {
    var added: [Int64: Int] = [:]
    var serverTime: Int?
    var received = 0
    var cut = 0
    var paging = PageGuard(what: "stream/contents", limit: maxPages)
    var page = try await articlePage(since: since, continuation: nil).get()
    while true {
      if serverTime == nil { serverTime = page.serverTime }
      let next = page.items.isEmpty ? nil : paging.follow(page.continuation)
      guard let next else {
        progress(SyncProgress(phase: "read state", done: 0))
        async let states = remoteStates()
        for (feed, count) in try store(page.items, feeds: feeds, cut: &cut) { added[feed, default: 0] += count }
        progress(SyncProgress(phase: "articles", done: received + page.items.count))
        let remote = try await states.get()
        let warnings = [paging.warning].compactMap { $0 } + remote.warnings
          + (cut > 0 ? ["Sync: " + FeedBuilder.cutWarning(count: cut)] : [])
        return (added, serverTime, remote, warnings)
      }
      async let following = articlePage(since: since, continuation: next)
      for (feed, count) in try store(page.items, feeds: feeds, cut: &cut) { added[feed, default: 0] += count }
      received += page.items.count
      progress(SyncProgress(phase: "articles", done: received))
      page = try await following.get()
    }
  }

  /// One `stream/contents` page of the reading list, read; its failure as a value (it runs beside a
  /// store).
  private func articlePage(since: Int?, continuation: String?) async -> Result<GReader.StreamContents, SyncError> {
    var query: [(String, String)] = [("n", String(pageSize))]
    if let since { query.append(("ot", String(since))) }
    if let continuation { query.append(("c", continuation)) }
    return await captured { () async throws(SyncError) in
      let data = try await client.get("stream/contents/" + GReader.readingList, query)
      return try GReader.read(from: data, what: "stream/contents", GReader.StreamContents.init(reading:))
    }
  }

  /// The ids of the unread and of the starred articles: two independent lists, asked for together.
  private func remoteStates() async -> Result<RemoteStates, SyncError> {
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
