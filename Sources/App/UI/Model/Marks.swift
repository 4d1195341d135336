import Reader

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
/// the same articles the other value, which is exactly what they had before.
public struct Mark: Equatable, Sendable {
  public enum Flag: Sendable { case read, starred }
  public var flag: Flag
  public var items: [MarkedItem]
  public var value: Bool

  var reversed: Mark { Mark(flag: flag, items: items, value: !value) }
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
