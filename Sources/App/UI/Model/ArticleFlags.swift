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

  init() {}

  /// Whether article `id` is read: this run's unwritten mark, else the cache's flag as last read.
  public func isRead(_ id: Int64) -> Bool { pendingRead[id]?.read ?? storedRead[id] ?? false }
  public func isStarred(_ id: Int64) -> Bool { pendingStarred[id]?.starred ?? storedStarred[id] ?? false }

  /// The read flag a mark not yet written gives article `id` (nil: the cache's flag holds).
  func unwrittenRead(_ id: Int64) -> Bool? { pendingRead[id]?.read }

  /// Whether a mark not yet written makes article `id` read (its cache flag may still say unread).
  func isMadeRead(_ id: Int64) -> Bool { pendingRead[id]?.read == true }

  // MARK: Filled as the UI reads the cache

  /// Rows just read from the cache: their flags are the cache's now.
  func take(_ rows: some Sequence<ItemSummary>) {
    for row in rows { keep(row.id, read: row.isRead, starred: row.isStarred) }
  }

  /// An article just read from the cache.
  func take(_ article: CachedArticle) {
    keep(article.id, read: article.isRead, starred: article.isStarred)
  }

  /// The cache's flags of article `id`, as just read.
  private func keep(_ id: Int64, read: Bool, starred: Bool) {
    storedRead[id] = read
    storedStarred[id] = starred
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
    guard !kept.isEmpty else { return }
    for (id, stored) in try cache.flags(of: Array(kept)) { keep(id, read: stored.read, starred: stored.starred) }
  }

  // MARK: Marks, and the writer's acknowledgements

  /// The read flags not yet written, by article: what the counts correct the cache's for.
  var unwrittenRead: [Int64: Bool] { pendingRead.mapValues(\.read) }
  /// The stars not yet written, by article.
  var unwrittenStarred: [Int64: Bool] { pendingStarred.mapValues(\.starred) }

  /// The articles of feeds `feedIDs` (every feed when nil) a mark not yet written makes unread: the
  /// cache may still call them read, so marking those feeds read must add them.
  func madeUnread(inFeeds feedIDs: Set<Int64>?) -> [MarkedItem] {
    pendingRead.compactMap { id, value in
      !value.read && feedIDs?.contains(value.feedID) != false ? MarkedItem(id: id, feedID: value.feedID) : nil
    }
  }

  /// Gives `items` the read flag `read` until write `write` is done.
  func setRead(_ read: Bool, _ items: [MarkedItem], write: Int) {
    for item in items { pendingRead[item.id] = (item.feedID, read, write) }
  }

  /// Gives articles `ids` the star `starred` until write `write` is done.
  func setStarred(_ starred: Bool, _ ids: [Int64], write: Int) {
    for id in ids { pendingStarred[id] = (starred, write) }
  }

  /// Writes up to `write` are in the cache: their overlays go, and the flags this store holds for those
  /// articles are read from `cache` (the truth, a failed write included). Returns the feeds of the
  /// articles whose read overlay went (their counts are the cache's alone from now).
  func written(through write: Int, in cache: Cache) throws(CacheError) -> Set<Int64> {
    let read = pendingRead.filter { $0.value.write <= write }
    let starred = pendingStarred.filter { $0.value.write <= write }
    pendingRead = pendingRead.filter { $0.value.write > write }
    pendingStarred = pendingStarred.filter { $0.value.write > write }
    let held = Set(read.keys).union(starred.keys).filter { storedRead[$0] != nil || storedStarred[$0] != nil }
    if !held.isEmpty {
      for (id, stored) in try cache.flags(of: Array(held)) { keep(id, read: stored.read, starred: stored.starred) }
    }
    return Set(read.values.map(\.feedID))
  }
}
