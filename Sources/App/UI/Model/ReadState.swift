import Reader

/// Which articles are read: the cache's flags (the truth, written by the one ordered writer), with the
/// marks of this run not yet written laid over them so a mark never flashes back while its write is in
/// flight. Each of those is dropped once the writer reports its write done; from then on the cache
/// answers, so a later change by a sync or another reader shows (docs/ARCHITECTURE.md, "A mark, from key
/// to count"). Also whether lists hide read articles (`U`, the `show-read-articles` setting).
@MainActor
public final class ReadState {
  /// Article id → its feed, the read flag this run gave it, and the write (`MarkWriter`'s number) that
  /// takes it to the cache; only for writes not yet done.
  private var pending: [Int64: (feedID: Int64, read: Bool, write: Int)] = [:]
  /// Lists show only unread articles, and the feed list only feeds with unread articles.
  public internal(set) var hidesRead: Bool

  init(hidesRead: Bool = false) { self.hidesRead = hidesRead }

  public func isRead(_ item: ItemSummary) -> Bool { pending[item.id]?.read ?? item.isRead }
  /// Whether article `id` is read, given the cache's flag `cached`.
  func isRead(id: Int64, cached: Bool) -> Bool { pending[id]?.read ?? cached }
  /// Whether a mark not yet written makes article `id` read (its cache flag may still say unread).
  func isMadeRead(_ id: Int64) -> Bool { pending[id]?.read == true }

  /// The read flag a mark not yet written gives article `id` (nil: the cache's flag holds).
  func unwrittenRead(_ id: Int64) -> Bool? { pending[id]?.read }

  /// The read flags not yet written, by article: what the counts correct the cache's for.
  var unwritten: [Int64: Bool] { pending.mapValues(\.read) }

  /// The articles of feeds `feedIDs` (every feed when nil) a mark not yet written makes unread: the
  /// cache may still call them read, so marking those feeds read must add them.
  func madeUnread(inFeeds feedIDs: Set<Int64>?) -> [MarkedItem] {
    pending.compactMap { id, value in
      !value.read && feedIDs?.contains(value.feedID) != false ? MarkedItem(id: id, feedID: value.feedID) : nil
    }
  }

  /// Gives `items` the read flag `read` until write `write` is done.
  func set(_ read: Bool, _ items: [MarkedItem], write: Int) {
    for item in items { pending[item.id] = (item.feedID, read, write) }
  }

  /// Writes up to `write` are in the cache: their flags are read from there now. Returns the feeds of
  /// the articles whose overlay went (their counts are the cache's alone from now).
  @discardableResult
  func written(through write: Int) -> Set<Int64> {
    let feeds = Set(pending.values.lazy.filter { $0.write <= write }.map(\.feedID))
    pending = pending.filter { $0.value.write > write }
    return feeds
  }
}
