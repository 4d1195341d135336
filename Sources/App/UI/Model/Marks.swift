import Reader
import Synchronization

/// An article a mark touches: its id and its feed's, so counts follow per feed.
public struct MarkedItem: Hashable, Sendable {
  public var id: Int64
  public var feedID: Int64

  public init(id: Int64, feedID: Int64) {
    self.id = id
    self.feedID = feedID
  }

  init(_ item: ItemSummary) { self.init(id: item.id, feedID: item.feedID) }
  init(_ article: CachedArticle) { self.init(id: article.id, feedID: article.feedID) }
}

/// A mark by hand: the flag, the articles whose flag it changed, and the value it gave them. Undo gives
/// the same articles the other value, which is exactly what they had before. A mark over whole feeds
/// (`whole`) lists no articles: its writer finds them.
public struct Mark: Equatable, Sendable {
  public enum Flag: Sendable { case read, starred }
  public var flag: Flag
  public var items: [MarkedItem]
  public var value: Bool
  var whole: WholeFeeds?

  init(flag: Flag, items: [MarkedItem], value: Bool, whole: WholeFeeds? = nil) {
    self.flag = flag
    self.items = items
    self.value = value
    self.whole = whole
  }

  var reversed: Mark { Mark(flag: flag, items: items, value: !value) }
}

/// `A` on a feed, `C`: every unread article of `feeds` (every feed when nil) up to article `through`,
/// the newest when the mark was made, made read. Its articles are not read on the key's path (a
/// million at `C`): the counts and flags read the mark as a range (`ReadThrough`), and the writer lists
/// the articles as it marks them (`written`), for `u` (docs/ARCHITECTURE.md, "A mark, from key to count").
struct WholeFeeds: Equatable, Sendable {
  var feeds: Set<Int64>?
  var through: Int64
  /// The unread articles the counts showed in those feeds when the mark was made (the notices').
  var count: Int
  let written = WrittenArticles()

  static func == (a: WholeFeeds, b: WholeFeeds) -> Bool { a.written === b.written }
}

/// The articles a whole-feeds mark made read, listed by its writer as it writes them (each chunk
/// before its transaction commits); an undo stops it there and makes exactly these unread again.
final class WrittenArticles: Sendable {
  private let state = Mutex<(items: [MarkedItem], stopped: Bool)>(([], false))

  /// Notes a chunk about to be committed; false once the undo came: the chunk is rolled back instead.
  func add(_ rows: [(id: Int64, feedID: Int64)]) -> Bool {
    state.withLock { state in
      guard !state.stopped else { return false }
      state.items += rows.map { MarkedItem(id: $0.id, feedID: $0.feedID) }
      return true
    }
  }

  /// Stops the writer and returns every article it has made read or is committing now.
  func stop() -> [MarkedItem] {
    state.withLock { state in
      state.stopped = true
      return state.items
    }
  }
}

/// The marks `u` can undo, newest last; bounded, the oldest fall off.
struct UndoStack: Equatable, Sendable {
  private(set) var marks: [Mark] = []
  static let limit = 100

  mutating func push(_ mark: Mark) {
    marks.append(mark)
    if marks.count > Self.limit { marks.removeFirst(marks.count - Self.limit) }
  }

  mutating func pop() -> Mark? { marks.popLast() }
}
