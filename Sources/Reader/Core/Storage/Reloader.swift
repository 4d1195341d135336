import Foundation

/// The one reload path: fetch each feed with its stored validators, parse it, and
/// write it to the cache — used by `splitfeed reload` and by the UI's `r` / `R`. At most
/// `fetcher.configuration.maxConcurrent` feeds are in flight (the reader's bounded pool).
///
/// Each feed is parsed and stored as soon as its fetch ends, rather than after the whole batch as
/// `Fetcher.fetchAll` returns it: memory stays at a few bodies however many feeds there are, and a
/// killed reload keeps every feed it finished. A failure (network, parse, or the cache itself) is that
/// feed's result; it never stops the others.
public struct Reloader: Sendable {
  public var cache: Cache
  public var fetcher: Fetcher
  /// What `run` prunes after the feeds are stored.
  public var pruneRule: PruneRule
  /// Which feeds are asked: by default only those no server asked to leave alone (DESIGN §8).
  public var mode: ReloadMode
  /// The clock the schedule reads; tests move it.
  public var clock: @Sendable () -> Date
  /// The user's `reload-period` lines, obeyed when asking what is due.
  public var periods: ReloadPeriods
  /// The cache keys of the urls file's `exec:` and `filter:` lines: the only feeds whose program runs. A
  /// cached feed whose key names a program but is not here (the line was removed, or the key came from
  /// elsewhere) fails with the reason and runs nothing (DESIGN §6).
  public var commandFeeds: Set<String> = []

  public init(
    cache: Cache, fetcher: Fetcher = Fetcher(), pruneRule: PruneRule = .keepAll, mode: ReloadMode = .due,
    periods: ReloadPeriods = ReloadPeriods(), clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.cache = cache
    self.fetcher = fetcher
    self.pruneRule = pruneRule
    self.mode = mode
    self.periods = periods
    self.clock = clock
  }

  /// This reloader asking in `mode`.
  public func asking(_ mode: ReloadMode) -> Reloader {
    var reloader = self
    reloader.mode = mode
    return reloader
  }

  /// A whole reload as `splitfeed reload` and the reader run it: `reload`, then pruning by `pruneRule`.
  public func run(
    _ feeds: [CachedFeed], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) async -> ReloadRun {
    let results = await reload(feeds, progress: progress)
    let pruned: ReloadRun.Pruned
    do { pruned = .removed(try await cache.prune(pruneRule)) } catch { pruned = .failed(error.description) }
    return ReloadRun(results: results, pruned: pruned)
  }

  /// Reloads `feeds`; `progress(done, total)` is called after each feed (from a background task — hop to
  /// the main actor before touching the UI). Results are in the order of `feeds`.
  public func reload(
    _ feeds: [CachedFeed], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) async -> [FeedReloadResult] {
    // The timer's pace per feed: read once, before the fetches (a failed read leaves it out).
    let gaps = mode == .timer ? ((try? cache.postingGaps(feedIDs: feeds.map(\.id))) ?? [:]) : [:]
    return await BoundedPool.map(feeds, limit: fetcher.configuration.maxConcurrent, progress: progress) { feed in
      if let held = self.held(feed, postingGap: gaps[feed.id], at: self.clock()) {
        return FeedReloadResult(feedID: feed.id, url: feed.url, outcome: .skipped(held))
      }
      var hints = PollHints()
      let outcome = await self.reloadOne(feed, hints: &hints)
      let failed = outcome.isFailure
      let state = PollSchedule.next(after: hints, failed: failed, previous: feed.poll, now: self.clock())
      var result = FeedReloadResult(feedID: feed.id, url: feed.url, outcome: outcome)
      if state.movedTo != feed.poll.movedTo { result.movedTo = state.movedTo }
      if state != feed.poll {
        do throws(CacheError) { try await self.cache.recordPoll(feedID: feed.id, state) } catch {
          if !failed { result.outcome = .failed(error.description) }
        }
      }
      return result
    }
  }

  /// Why this reload leaves `feed` alone at `now` (DESIGN §8), nil when it asks it: what the server
  /// said (the stored state, by `mode`), else the feed's `reload-period`, else — for the timer, a web
  /// feed without a `reload-period` line — its own posting pace. Files cost no server, so the timer
  /// reads them every tick, as the user edits them.
  private func held(_ feed: CachedFeed, postingGap: Double?, at now: Date) -> PollState? {
    if mode.skips(feed.poll, at: now) { return feed.poll }
    guard mode == .due || mode == .timer else { return nil }
    if let due = periods.due(feed, at: now) { return PollState(hold: .period, until: due) }
    guard mode == .timer, periods.period(for: feed) == nil, let last = feed.lastFetch,
      case .web = (try? FeedSource(parsing: feed.fetchURL))?.location,
      let period = PollSchedule.adaptivePeriod(postingGap: postingGap, feedID: feed.id)
    else { return nil }
    let due = last.addingTimeInterval(period)
    return due > now ? PollState(hold: .period, until: due) : nil
  }

  private func reloadOne(_ feed: CachedFeed, hints: inout PollHints) async -> FeedReloadResult.Outcome {
    var offeredFeeds: [String] = []
    let outcome: FeedReloadResult.Outcome
    do {
      outcome = try await fetchAndStore(feed, offeredFeeds: &offeredFeeds, hints: &hints)
    } catch let error as CacheError {
      return .failed(error.description)  // the cache cannot take the error either
    } catch {
      outcome = .failed("\(error)")
    }
    if case .failed(let message) = outcome {
      do { try await cache.recordFailure(feedID: feed.id, error: message, offeredFeeds: offeredFeeds) } catch {
        return .failed("\(message) (\(error))")
      }
    }
    return outcome
  }

  /// Throws `CacheError` when the cache fails; other failures come back as `.failed` (with, for an HTML
  /// page, the feeds it advertises in `offeredFeeds`).
  private func fetchAndStore(_ feed: CachedFeed, offeredFeeds: inout [String], hints: inout PollHints) async throws
    -> FeedReloadResult.Outcome
  {
    switch await fetchAndParse(feed, hints: &hints) {
    case .failed(let message, let offered):
      offeredFeeds = offered
      return .failed(message)
    case .notModified(let validators):
      try await cache.recordNotModified(feedID: feed.id, validators: validators)
      return .notModified
    case .parsed(let parsed, let items, let validators):
      hints.documentPeriod = parsed.feed.period
      let summary = try await cache.store(
        parsed.feed, items: items, feedID: feed.id, validators: validators, warnings: parsed.warnings)
      return .updated(summary, warnings: parsed.warnings)
    case .large(let body):
      return try await parseAndStoreStreaming(body, feedID: feed.id, hints: &hints)
    }
  }

  /// Bodies at least this large are parsed while the cache stores their first items (`Parsed.large`):
  /// there the overlap pays and the whole model is never held. A smaller one is parsed whole first,
  /// since a streamed store holds the one writer's transaction through its parse and every other feed's
  /// store waits behind it (docs/DECISIONS.md, "Feeds under 4 MiB parsed whole").
  static let streamingThreshold = 4 << 20

  private enum Parsed {
    case failed(String, offeredFeeds: [String] = [])
    case notModified(Validators)
    /// Parsed: the feed-level fields in the result, its items (an XML feed's with their bodies as bytes).
    case parsed(FeedParser.Result, [(Item, FeedParser.ItemBodies?)], Validators)
    /// Fetched, not parsed yet: a large body, for `parseAndStoreStreaming`.
    case large(FetchedFeed)
  }

  /// Fetch and parse, in their own function so that the fetched bytes are freed when it returns: the
  /// store that follows may wait for the writer, and a feed's body need not be held next to its parsed
  /// model meanwhile.
  private func fetchAndParse(_ feed: CachedFeed, hints: inout PollHints) async -> Parsed {
    let source: FeedSource
    do {
      source = try commandFeeds.contains(feed.fetchURL)
        ? FeedSource(urlsFileAddress: feed.fetchURL) : FeedSource(parsing: feed.fetchURL)
    } catch { return .failed(error.description) }
    let fetched: FetchResult
    do {
      fetched = try await fetcher.fetch(source, validators: feed.validators)
    } catch {
      if case .httpStatus(let code, _, let retryAfter) = error { hints = PollHints(status: code, retryAfter: retryAfter) }
      if case .notAFeed(_, let links) = error { return .failed(error.description, offeredFeeds: links) }
      return .failed(error.description)
    }
    switch fetched {
    case .notModified(_, let validators, let answer):
      hints = answer
      return .notModified(validators)
    case .fetched(let body):
      hints = body.hints
      if body.data.count >= Self.streamingThreshold { return .large(body) }
      do {
        // Collected through a stream for the bodies as bytes, as a large feed's are (`ItemBodies`).
        var items: [(Item, FeedParser.ItemBodies?)] = []
        let parsed = try FeedParser.parse(
          data: body.data, url: body.finalURL, httpCharset: body.charset,
          streamingItemsTo: .init(
            item: { items.append(($0, nil)) }, restart: { items.removeAll() },
            itemWithBodies: { items.append(($0, $1)) }))
        if let author = parsed.inheritedAuthor {  // as the whole parse gives it (`FeedBuilder.finish`)
          for i in items.indices where items[i].0.author == nil { items[i].0.author = author }
        }
        return .parsed(parsed, items, body.validators)
      } catch {
        return .failed("\(error)")
      }
    }
  }

  /// A large feed is parsed and stored at the same time, on two threads: the parser streams its items
  /// through an `ItemChannel` to the cache's writer, which upserts them in the feed's one transaction as
  /// they come, so the store ends shortly after the parse instead of after both (docs/DECISIONS.md). The
  /// parsed items are freed as they are stored, so the whole model is never held at once. A parse error
  /// stores nothing.
  private func parseAndStoreStreaming(_ body: FetchedFeed, feedID: Int64, hints: inout PollHints) async throws
    -> FeedReloadResult.Outcome
  {
    // A feed's stored articles need no search text: only a new one is indexed as it is stored. Without
    // the keys (an unreadable cache, which the store reports) every item gets its text.
    let channel = ItemChannel(knownKeys: (try? cache.itemKeys(feedID: feedID)) ?? [])
    async let stored = cache.store(streamedFrom: channel, feedID: feedID, validators: body.validators)
    let parsed: FeedParser.Result
    do {
      parsed = try FeedParser.parse(
        data: body.data, url: body.finalURL, httpCharset: body.charset, streamingItemsTo: channel.stream)
    } catch {
      channel.send(.failed)
      _ = try? await stored
      return .failed("\(error)")
    }
    hints.documentPeriod = parsed.feed.period
    channel.send(.finished(feed: parsed.feed, inheritedAuthor: parsed.inheritedAuthor, warnings: parsed.warnings))
    return .updated(try await stored, warnings: parsed.warnings)
  }
}

/// Which feeds a reload asks (DESIGN §8).
public enum ReloadMode: Sendable, Equatable {
  /// `reload`, `R` and the timer: every feed but those a server asked to leave alone for now (fresh,
  /// Retry-After, back-off) and those gone.
  case due
  /// The reader's `reload-interval` timer: what `.due` asks, less the feeds without a `reload-period`
  /// line whose own posting pace says they are not due yet (`PollSchedule.adaptivePeriod`).
  case timer
  /// Feeds the user named (`reload URL…`, `r` on a feed): gone and fresh ones are asked again; a
  /// server's request to wait is still honoured, and the report says `--force` asks anyway.
  case named
  /// `reload --force`: every feed.
  case force

  /// Whether a feed in `state` is left alone at `now`.
  public func skips(_ state: PollState, at now: Date) -> Bool {
    switch self {
    case .due, .timer: state.isHeld(at: now)
    case .named: state.isServerAskingToWait && state.isHeld(at: now)
    case .force: false
    }
  }
}

/// What a whole reload did: each feed's result, then what pruning removed.
public struct ReloadRun: Sendable, Equatable {
  public enum Pruned: Sendable, Equatable {
    case removed(Int)
    /// The cache could not prune (one sentence); the reload itself stands.
    case failed(String)
  }

  public var results: [FeedReloadResult]
  public var pruned: Pruned

  public init(results: [FeedReloadResult], pruned: Pruned = .removed(0)) {
    self.results = results
    self.pruned = pruned
  }
}

/// What a reload did to one feed.
public struct FeedReloadResult: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// Fetched, parsed and stored; `warnings` are the parser's recovered problems.
    case updated(StoreSummary, warnings: [String])
    /// HTTP 304: the cached items stand.
    case notModified
    /// One sentence: why nothing was stored (also saved as the feed's last error).
    case failed(String)
    /// Not asked: the server asked to be left alone until then, or the feed is gone (DESIGN §8).
    case skipped(PollState)

    var isFailure: Bool {
      if case .failed = self { return true }
      return false
    }
  }

  public var feedID: Int64
  public var url: String
  public var outcome: Outcome
  /// The address permanent redirects led to, when this reload learnt it (the user is told once).
  public var movedTo: String?

  public init(feedID: Int64, url: String, outcome: Outcome, movedTo: String? = nil) {
    self.feedID = feedID
    self.url = url
    self.outcome = outcome
    self.movedTo = movedTo
  }

  public var error: String? {
    if case .failed(let message) = outcome { return message }
    return nil
  }
}
