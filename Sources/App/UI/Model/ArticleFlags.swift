import Reader

/// The one store of the read and starred flags the reader shows: every view asks it, never a row.
///
/// It holds the cache's flags of the articles the UI has read from the cache (filled as list pages, Recent
/// and the open article load: `take`), with this run's marks not yet written laid over them, so a mark
/// never flashes back while its write is in flight. The writer's acknowledgement drops the overlays
/// through that write and corrects the flags held from the cache (`written`): nothing else keeps a copy
/// to reconcile (docs/ARCHITECTURE.md, "A mark, from key to count").
@MainActor
public final class ArticleFlags {
  /// The cache's flags as last read, by article.
  private var storedRead: [Int64: Bool] = [:]
  private var storedStarred: [Int64: Bool] = [:]
  /// Article id → its feed, the read flag this run gave it, and the write (`MarkWriter`'s number) that
  /// takes it to the cache; only for writes not yet done.
  private var pendingRead: [Int64: (feedID: Int64, read: Bool, write: Int)] = [:]
  /// Article id → the star this run gave it and the write that takes it to the cache.
  private var pendingStarred: [Int64: (starred: Bool, write: Int)] = [:]
  /// Whole feeds marked read (`A` on a feed, `C`) and the write that takes each to the cache; a flag in
  /// `pendingRead` set before one that covers its article gives way to it.
  private var pendingWhole: [(mark: WholeFeeds, write: Int)] = []
  /// The feed of each article whose flags the store holds, for `pendingWhole`.
  private var storedFeed: [Int64: Int64] = [:]

  init() {}

  /// Whether article `id` is read: this run's unwritten mark, else the cache's flag as last read.
  public func isRead(_ id: Int64) -> Bool {
    unwrittenRead(id, feedID: pendingRead[id]?.feedID ?? storedFeed[id]) ?? storedRead[id] ?? false
  }
  public func isStarred(_ id: Int64) -> Bool { pendingStarred[id]?.starred ?? storedStarred[id] ?? false }

  /// The read flag a mark not yet written gives article `id` of feed `feedID` (nil: the cache's flag
  /// holds): the later of its own mark and a whole-feeds mark covering it.
  func unwrittenRead(_ id: Int64, feedID: Int64?) -> Bool? {
    let own = pendingRead[id]
    guard let feedID, let whole = wholeWrite(covering: id, feedID: feedID), whole > own?.write ?? 0 else { return own?.read }
    return true
  }

  /// Whether a mark not yet written makes article `id` of feed `feedID` read (its cache flag may still
  /// say unread).
  func isMadeRead(_ id: Int64, feedID: Int64) -> Bool { unwrittenRead(id, feedID: feedID) == true }

  /// The last whole-feeds mark not yet written that covers article `id` of feed `feedID`.
  private func wholeWrite(covering id: Int64, feedID: Int64) -> Int? {
    pendingWhole.last { id <= $0.mark.through && $0.mark.feeds?.contains(feedID) != false }?.write
  }

  /// The whole feeds marked read and not yet written, as the counts read them.
  var readThrough: ReadThrough {
    pendingWhole.reduce(into: ReadThrough()) { $0.add(feeds: $1.mark.feeds, through: $1.mark.through) }
  }

  // MARK: Filled as the UI reads the cache

  /// Rows just read from the cache: their flags are the cache's now.
  func take(_ rows: some Sequence<ItemSummary>) {
    for row in rows { keep(row.id, feedID: row.feedID, read: row.isRead, starred: row.isStarred) }
  }

  /// An article just read from the cache.
  func take(_ article: CachedArticle) {
    keep(article.id, feedID: article.feedID, read: article.isRead, starred: article.isStarred)
  }

  /// The cache's flags of article `id`, as just read.
  private func keep(_ id: Int64, feedID: Int64? = nil, read: Bool, starred: Bool) {
    storedRead[id] = read
    storedStarred[id] = starred
    if let feedID { storedFeed[id] = feedID }
  }

  /// Read flags just read from the cache (the query feeds' membership, which has no stars).
  func takeRead(_ flags: [Int64: Bool]) {
    storedRead.merge(flags) { _, new in new }
  }

  /// Forgets the cache's flags of every article but `kept` (the lists are about to read their rows
  /// again, which fills the store anew), and reads those of `kept` from `cache` again (a reload or sync
  /// may have changed them): what the store holds stays bounded by what is on screen
  /// (docs/ROBUSTNESS.md). Unwritten marks stay.
  func forget(keeping kept: Set<Int64>, in cache: Cache) throws(CacheError) {
    storedRead.removeAll(keepingCapacity: true)
    storedStarred.removeAll(keepingCapacity: true)
    storedFeed = storedFeed.filter { kept.contains($0.key) }
    guard !kept.isEmpty else { return }
    for (id, stored) in try cache.flags(of: Array(kept)) { keep(id, read: stored.read, starred: stored.starred) }
  }

  // MARK: Marks, and the writer's acknowledgements

  /// The read flags not yet written, by article: what the counts correct the cache's for (over
  /// `readThrough`; a flag a later whole-feeds mark overrides is left out).
  var unwrittenRead: [Int64: Bool] {
    guard !pendingWhole.isEmpty else { return pendingRead.mapValues(\.read) }
    return pendingRead.filter { id, value in value.write > wholeWrite(covering: id, feedID: value.feedID) ?? 0 }.mapValues(\.read)
  }
  /// The stars not yet written, by article.
  var unwrittenStarred: [Int64: Bool] { pendingStarred.mapValues(\.starred) }

  /// Gives `items` the read flag `read` until write `write` is done.
  func setRead(_ read: Bool, _ items: [MarkedItem], write: Int) {
    for item in items { pendingRead[item.id] = (item.feedID, read, write) }
  }

  /// Makes whole feeds read (`mark`) until write `write` is done.
  func setRead(_ mark: WholeFeeds, write: Int) {
    pendingWhole.append((mark, write))
  }

  /// Whole-feeds mark `mark` is undone: the articles it made read are marked unread one by one.
  func drop(_ mark: WholeFeeds) {
    pendingWhole.removeAll { $0.mark == mark }
  }

  /// Gives articles `ids` the star `starred` until write `write` is done.
  func setStarred(_ starred: Bool, _ ids: [Int64], write: Int) {
    for id in ids { pendingStarred[id] = (starred, write) }
  }

  /// What the writes up to one acknowledgement changed: the feeds whose read flags went to the cache
  /// (nil: every feed), and whether whole feeds were among them (the query feeds are counted again).
  struct Written {
    var feeds: Set<Int64>? = []
    var wholeFeeds = false
  }

  /// Writes up to `write` are in the cache: their overlays go, and the flags this store holds for those
  /// articles are read from `cache` (the truth, a failed write included). Returns the feeds of the
  /// articles whose read overlay went (their counts are the cache's alone from now).
  func written(through write: Int, in cache: Cache) throws(CacheError) -> Written {
    let read = pendingRead.filter { $0.value.write <= write }
    let starred = pendingStarred.filter { $0.value.write <= write }
    let whole = pendingWhole.filter { $0.write <= write }.map { $0.mark.feeds }
    pendingRead = pendingRead.filter { $0.value.write > write }
    pendingStarred = pendingStarred.filter { $0.value.write > write }
    pendingWhole.removeAll { $0.write <= write }
    var held = Set(read.keys).union(starred.keys)
    if !whole.isEmpty { held.formUnion(storedFeed.keys) }
    held = held.filter { storedRead[$0] != nil || storedStarred[$0] != nil }
    if !held.isEmpty {
      for (id, stored) in try cache.flags(of: Array(held)) { keep(id, read: stored.read, starred: stored.starred) }
    }
    var feeds: Set<Int64>? = Set(read.values.map(\.feedID))
    for marked in whole { feeds = marked.flatMap { feeds?.union($0) } }
    return Written(feeds: feeds, wholeFeeds: !whole.isEmpty)
  }
}
