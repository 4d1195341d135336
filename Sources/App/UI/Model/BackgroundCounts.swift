import Reader
import Synchronization

/// The counts of lists read off the main thread (a search's results past their first page), kept by
/// scope until the list reading that scope takes it when it next catches up (lists pull): the count
/// arrives as `.listCounted` and is kept here, not pushed into a list.
@MainActor
public final class BackgroundCounts {
  private var arrived: [ItemScope: Int] = [:]
  /// More counts than lists could be waiting for at once: past it the oldest are no longer wanted.
  static let kept = 16

  init() {}

  /// Counts the articles of `scope` off the main thread; `.listCounted` brings the number back. For a
  /// search matching many articles, counting them all costs more than reading the first page. A count
  /// kept from before for the same scope is dropped: it may be stale.
  func count(_ scope: ItemScope, in cache: Cache, events: EventQueue) {
    arrived[scope] = nil
    Task.detached {
      do {
        events.post(.listCounted(scope, count: try cache.count(in: scope)))
      } catch {
        events.post(.failure("\(error)"))
      }
    }
  }

  /// `.listCounted`: the count of `scope`'s articles arrived.
  func arrived(_ scope: ItemScope, count: Int) {
    if arrived.count >= Self.kept { arrived.removeAll() }
    arrived[scope] = count
  }

  /// The count of `scope` when it has arrived.
  func count(of scope: ItemScope) -> Int? { arrived[scope] }

  /// Pages read in the background, by scope, each with the number of the request it answers.
  private var pagesArrived: [ItemScope: [(pages: ListPages, asked: Int)]] = [:]
  /// The number of the last request of pages.
  private var asked = 0
  /// The thread lists' pages are read on: outside Swift's shared pool, whose two threads the mark writer
  /// and every fetch need, as `HeavyWork` is for extraction; one, so two orders asked in a row do not
  /// read at once.
  private let lane = HeavyWork(width: 1, label: "splitfeed.list-pages")
  /// The read of the order last asked: an order left before its read started is dropped, one left while
  /// it is read stops after the pass it is in (`left`).
  private var ordering: (task: Task<Void, Never>, left: Left)?

  /// Set once a list has asked for another order than the one being read.
  private final class Left: Sendable {
    let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
  }

  /// Reads pages of `scope` off the main thread (`Cache.pages(of:keeping:wanted:pageSize:count:)`);
  /// `.listPagesRead` brings them back. Returns the request's number: a list takes the answers to its
  /// latest order's request and later ones, so a slow answer to an earlier order is dropped. `ordering`:
  /// the list's new order (`S`), which replaces the one asked before.
  func read(
    _ scope: ItemScope, keeping itemID: Int64?, wanted: Set<Int>, pageSize: Int, count: Int?, in cache: Cache,
    events: EventQueue, ordering: Bool = false
  ) -> Int {
    asked += 1
    let (asked, lane, left) = (asked, lane, Left())
    let task = Task.detached {
      let read = try? await lane.run { () -> Result<ListPages?, CacheError> in
        do throws(CacheError) {
          return .success(
            try cache.pages(
              of: scope, keeping: itemID, wanted: wanted, pageSize: pageSize, count: count, stop: { left.isSet }))
        } catch {
          return .failure(error)
        }
      }
      switch read {
      case .success(let pages?): events.post(.listPagesRead(scope, pages, asked: asked))
      case .failure(let error): events.post(.failure("\(error)"))
      case .success(nil), nil: break  // another order was asked before or while it was read
      }
    }
    if ordering {
      self.ordering?.left.value.store(true, ordering: .relaxed)
      self.ordering?.task.cancel()
      self.ordering = (task, left)
    }
    return asked
  }

  /// `.listPagesRead`: pages of `scope` arrived, kept until its list takes them.
  func arrived(_ scope: ItemScope, pages: ListPages, asked: Int) {
    if pagesArrived.count >= Self.kept { pagesArrived.removeAll() }
    pagesArrived[scope, default: []].append((pages, asked))
  }

  /// Takes the answers for `scope` to request `since` and later ones, oldest first (earlier ones are
  /// dropped).
  func takePages(of scope: ItemScope, since: Int) -> [(pages: ListPages, asked: Int)] {
    (pagesArrived.removeValue(forKey: scope) ?? []).filter { $0.asked >= since }.sorted { $0.asked < $1.asked }
  }
}
