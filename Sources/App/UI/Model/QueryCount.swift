import Reader
import Synchronization

/// One full count of the query feeds, read off the main thread. A query feed that tests an article's
/// own fields (an author, a regular expression) is counted article by article: at a million articles
/// that held the first frame over half a second (docs/DECISIONS.md, "Query feeds counted off the main
/// thread"). Marks go on while it runs; `marked` collects the articles they touch until the count's
/// snapshot takes them, so the count that arrives is right for every mark made before or after
/// (docs/ARCHITECTURE.md, "A mark, from key to count").
public struct QueryCount: Sendable {
  /// Which count this is: one asked later replaces it, and its result is dropped.
  let generation: Int
  let scopes: [ItemScope]
  let marked: MarkedSince
  /// Whole feeds marked read and not yet written when it was asked: counted as read.
  var readThrough = ReadThrough()

  /// What the count found: the counts as stored, and the stored flag and query feeds of each article
  /// `marked` held when the count took it — all of one snapshot.
  public struct Found: Sendable {
    let generation: Int
    let counts: [Cache.ScopeCount]
    let marked: [Int64: (read: Bool, scopes: [Bool])]
  }

  /// Off the main thread.
  func run(in cache: Cache) throws(CacheError) -> Found {
    let read = try cache.scopeCounts(scopes, readThrough: readThrough, thenMembershipOf: { marked.take() })
    return Found(generation: generation, counts: read.counts, marked: read.marked)
  }
}

/// The articles marked since a full count was asked (with those whose marks were not yet written
/// then), until the count takes them in its snapshot; after that the feed list notes each mark's flag
/// itself. Shared by the main thread, which adds, and the count, which takes once.
final class MarkedSince: Sendable {
  private let state: Mutex<(ids: Set<Int64>, taken: Bool)>

  init(_ ids: Set<Int64>) { state = Mutex((ids, false)) }

  /// Adds `ids` unless the count has taken the set: false once it has.
  func add(_ ids: some Sequence<Int64>) -> Bool {
    state.withLock { state in
      guard !state.taken else { return false }
      state.ids.formUnion(ids)
      return true
    }
  }

  /// The count takes the set: the articles marked from now on were not written when its snapshot was.
  func take() -> Set<Int64> {
    state.withLock { state in
      state.taken = true
      return state.ids
    }
  }

  /// The articles held (taken or not), whose flags the flag store keeps until the count arrives.
  var ids: Set<Int64> { state.withLock { $0.ids } }
}
