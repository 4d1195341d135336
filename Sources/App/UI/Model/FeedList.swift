import Reader

/// The feeds of this run in list order, with their counts: what the feed list shows and what `n` walks.
/// Counts are derived, never patched: each `recount` reads them from the cache in one snapshot,
/// corrected for the marks not yet written (`Cache.counts`; query feeds as `willMark` says), so every
/// count on screen — feeds, tags, query feeds, Unread, Starred, the tab bar — follows every mark, undo,
/// reload and sync at once (docs/ARCHITECTURE.md, "A mark, from key to count").
@MainActor
public final class FeedList {
  public private(set) var feeds: [CachedFeed]
  /// Starred articles of every feed (the Starred entry's count).
  public private(set) var starredCount = 0
  /// The urls file's `query:` feeds, shown under the smart rows of the Feeds tab.
  public internal(set) var queryFeeds: [QueryFeed] = [] {
    didSet {
      // Counts read for other query feeds say nothing of these: none are shown until theirs arrive.
      if queryFeeds != oldValue {
        queryBase = []
        markedSinceBase.removeAll()
      }
    }
  }
  /// The query feeds' unread and total articles, in `queryFeeds`' order (empty until first counted).
  public private(set) var queryCounts: [Cache.ScopeCount] = []

  init(_ feeds: [CachedFeed]) {
    self.feeds = feeds
    sums = Sums(feeds)
  }

  func feed(id: Int64?) -> CachedFeed? { feeds.first { $0.id == id } }

  /// Unread articles of every feed of the run (the Feeds tab's count, the Unread entry's).
  var unreadCount: Int { sums.unread }

  /// Unread articles of the feeds with `tag`.
  func unreadCount(ofTag tag: String) -> Int { sums.unreadByTag[tag] ?? 0 }

  /// The sums of the feeds' counts, made again by each function that changes `feeds`: they were summed
  /// over every feed each time a frame read them (the tab's badge, the smart rows, each tag's row), a
  /// copy of each of 1,000 `CachedFeed`s (docs/DECISIONS.md, "A million articles, the first frame").
  private var sums: Sums

  private struct Sums {
    var unread = 0
    var unreadByTag: [String: Int] = [:]

    init(_ feeds: [CachedFeed]) {
      for feed in feeds {
        unread += feed.unreadCount
        // Each tag of a feed once; no set made for a feed with none or one (most feeds).
        switch feed.tags.count {
        case 0: break
        case 1: unreadByTag[feed.tags[0], default: 0] += feed.unreadCount
        default: for tag in Set(feed.tags) { unreadByTag[tag, default: 0] += feed.unreadCount }
        }
      }
    }
  }

  /// Reads every count again: the cache's, with the flags of `flags` not yet written laid over. With
  /// `full` the query feeds are counted again in full: that can take a scan of every article, so it
  /// is handed back to be run off the main thread (`QueryCount`), the counts as last read shown until
  /// it arrives (`queryCountArrived`). Without, the query feeds' counts are derived from the last full
  /// read and the flags `flags` now gives the articles marked since (`willMark`). With `only`, just
  /// those feeds' counts are read (those a mark touched: the rest cannot have changed by it).
  func recount(from cache: Cache, flags: ArticleFlags, full: Bool, only: Set<Int64>? = nil) throws -> QueryCount? {
    let snapshot = try cache.counts(
      feeds: only, read: flags.unwrittenRead, starred: flags.unwrittenStarred, readThrough: flags.readThrough)
    for index in feeds.indices {
      let id = feeds[index].id
      if let only, !only.contains(id) { continue }
      let (unread, total) = (snapshot.unread[id] ?? 0, snapshot.total[id] ?? 0)
      // Written only when changed: the first write to an array the caller still holds copies every feed,
      // and the start's recount finds the counts the feeds were read with (docs/DECISIONS.md, "The first
      // frame at a million, per feed").
      if feeds[index].unreadCount != unread { feeds[index].unreadCount = unread }
      if feeds[index].totalCount != total { feeds[index].totalCount = total }
    }
    sums = Sums(feeds)
    starredCount = snapshot.starred
    deriveQueryCounts(flags: flags)
    guard full, !queryFeeds.isEmpty else { return nil }
    generation += 1
    // The marks not yet written may land before the count's snapshot or after: it reads their flags.
    let asked = QueryCount(
      generation: generation, scopes: queryScopes, marked: MarkedSince(Set(flags.unwrittenRead.keys)), readThrough: flags.readThrough)
    counting = asked
    markedAfterTaken.removeAll()
    return asked
  }

  /// `.queryFeedsCounted`: the full count arrived. It becomes the base the counts are derived from,
  /// with the flags it counted of each article marked meanwhile; a count asked before the last is dropped.
  func queryCountArrived(_ found: QueryCount.Found, flags: ArticleFlags) {
    guard let counting, counting.generation == found.generation, found.counts.count == queryFeeds.count else { return }
    self.counting = nil
    queryBase = found.counts
    markedSinceBase = markedAfterTaken
    markedAfterTaken.removeAll()
    for (id, entry) in found.marked where entry.scopes.count == queryBase.count {
      markedSinceBase[id] = (entry.read, entry.scopes)
    }
    deriveQueryCounts(flags: flags)
  }

  /// Each query feed's count: the last full read, corrected for each article marked since by the change
  /// from its noted flag to the flag the store gives it now.
  private func deriveQueryCounts(flags: ArticleFlags) {
    queryCounts = queryBase.indices.map { index in
      var count = queryBase[index]
      for (id, entry) in markedSinceBase where entry.listedBy[index] {
        let now = flags.isRead(id)
        if now != entry.atBase { count.unread += now ? -1 : 1 }
      }
      return count
    }
  }

  /// What the query feeds list, for the cache.
  private var queryScopes: [ItemScope] { queryFeeds.map { ItemScope(.query($0.expression)) } }

  /// The query feeds' counts as last read in full (empty until the first arrives).
  private var queryBase: [Cache.ScopeCount] = []
  /// The articles whose read flag this run set since: the flag they had then, and which query feeds
  /// list them (the flag they have now is the flag store's).
  private var markedSinceBase: [Int64: (atBase: Bool, listedBy: [Bool])] = [:]
  /// The full count in flight, and which count was asked last.
  private var counting: QueryCount?
  private var generation = 0
  /// The articles marked after the count in flight took its set: noted as they are marked, since its
  /// snapshot did not have their marks.
  private var markedAfterTaken: [Int64: (atBase: Bool, listedBy: [Bool])] = [:]

  /// The articles the query feeds' counts follow the flags of: the flag store keeps them.
  var markedSinceCount: Set<Int64> {
    Set(markedSinceBase.keys).union(markedAfterTaken.keys).union(counting?.marked.ids ?? [])
  }

  /// `items` are about to be given a read flag (before the write is queued, so the cache still has
  /// their flag). Records which query feeds list them and the flag they have now (a mark's not yet written,
  /// else the cache's, which the flag store takes); while a full count runs, the count reads them
  /// instead, unless it has already taken its snapshot.
  func willMark(_ items: [MarkedItem], flags: ArticleFlags, in cache: Cache) throws {
    guard !queryFeeds.isEmpty else { return }
    let ids = items.map(\.id)
    let sinceBase = queryBase.isEmpty ? [] : ids.filter { markedSinceBase[$0] == nil }
    let afterTaken = counting.map { $0.marked.add(ids) } == false ? Set(ids.filter { markedAfterTaken[$0] == nil }) : []
    let new = afterTaken.union(sinceBase)
    guard !new.isEmpty else { return }
    let scopes = queryScopes
    var read: [Int64: Bool] = [:]
    for (id, found) in try cache.membership(of: Array(new), in: scopes) where found.scopes.count == scopes.count {
      let entry = (atBase: flags.unwrittenRead(id, feedID: nil) ?? found.read, listedBy: found.scopes)
      if !queryBase.isEmpty, markedSinceBase[id] == nil { markedSinceBase[id] = entry }
      if afterTaken.contains(id) { markedAfterTaken[id] = entry }
      read[id] = found.read
    }
    flags.takeRead(read)
  }

  /// Re-reads every feed of the run from `cache` (titles, errors, repairs), keeping the run's order and
  /// the urls file's titles and hidden flags (which the cache does not hold). The counts follow from
  /// the `recount` that comes after.
  func refresh(from cache: Cache) throws {
    let byID = Dictionary(try cache.feeds().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    feeds = feeds.map { byID[$0.id]?.keepingUrlsSettings(of: $0) ?? $0 }
    sums = Sums(feeds)
  }

  /// After a sync: the server's feeds as the cache now holds them (new subscriptions in, dropped ones
  /// out), then this run's local feeds (keeping the urls file's titles and hidden flags).
  func refreshSynced(from cache: Cache) throws {
    let all = try cache.feeds()
    let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let local = feeds.compactMap { byID[$0.id]?.keepingUrlsSettings(of: $0) ?? $0 }.filter { $0.remoteID == nil }
    feeds = all.filter { $0.remoteID != nil } + local
    sums = Sums(feeds)
  }

  /// `feed` takes `old`'s place (a feed a web page advertised replaces the page), or joins the end.
  func replace(_ old: CachedFeed, with feed: CachedFeed) {
    if let index = feeds.firstIndex(where: { $0.id == old.id }) { feeds[index] = feed } else { feeds.append(feed) }
    sums = Sums(feeds)
  }
}
