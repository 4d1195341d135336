import Reader

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
}
