/// How much of the cache a reload keeps (settings `keep-articles-days`, `max-articles-per-feed`). Pruning
/// only ever removes articles that are read, not starred and not on the Recent list; 0 turns a limit off.
public struct PruneRule: Sendable, Equatable {
  /// Read articles dated more than this many days ago go; 0: no age limit.
  public var keepDays: Int
  /// Read articles beyond a feed's newest this many go; 0: no count limit.
  public var maxPerFeed: Int

  public init(keepDays: Int, maxPerFeed: Int) {
    self.keepDays = keepDays
    self.maxPerFeed = maxPerFeed
  }

  /// Keeps everything: the product's default, as newsboat's, so someone switching loses no article
  /// until they set a limit.
  public static let keepAll = PruneRule(keepDays: 0, maxPerFeed: 0)

  public var isActive: Bool { keepDays > 0 || maxPerFeed > 0 }
}
