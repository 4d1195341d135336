import Foundation

/// The hand-off between a streamed parse and the cache writer that stores its items (`Reloader`): the
/// parser's thread sends, the writer's thread blocks in `next()` until there is something to take.
///
/// Why unbounded: the parser must never wait for the writer (it may run on the cooperative pool, and
/// the writer may be busy with another feed's transaction); at worst the queue holds the whole feed,
/// which is what a parse without streaming holds anyway.
final class ItemChannel: @unchecked Sendable {
  enum Event {
    /// An item and its key; from a parse, its summary and content as bytes (`FeedParser.ItemBodies`).
    case item(Item, key: String, bodies: FeedParser.ItemBodies? = nil)
    /// Forget the items received so far (the parser reads the document again).
    case restart
    /// The parse is complete: `feed` has the feed-level fields (no items); `warnings` are the parse's.
    case finished(feed: Feed, inheritedAuthor: String?, warnings: [String])
    /// The parse failed: store nothing.
    case failed
  }

  /// The keys of the feed's stored items: the writer tries the update first for them (`ItemUpsert`).
  private let knownKeys: Set<String>
  private let condition = NSCondition()
  /// Sent, not yet taken by the writer (guarded by `condition`).
  private var queue: [Event?] = []
  private var closed = false
  /// The writer waits in `next()` (guarded by `condition`).
  private var writerWaits = false
  /// The events the writer took at once, and the next of them: touched by the writer's thread only.
  /// Taken slots are nil: an item is released as soon as the writer has it, not when the batch is dropped.
  private var taken: [Event?] = []
  private var takenHead = 0

  /// A waiting writer is woken once this many items are queued (or at any other event), not for each
  /// item: the writer is faster than the parser, so it waited after every item, and the 10,000-item
  /// reload made ~10,000 wake-ups and as many context switches (docs/DECISIONS.md, "The reload's own CPU").
  static let wakeBatch = 128

  init(knownKeys: Set<String> = []) {
    self.knownKeys = knownKeys
  }

  /// Whether the feed had an item with `key` when the reload began.
  func knows(_ key: String) -> Bool { knownKeys.contains(key) }

  /// Queues `event` (dropped once the writer has closed the channel, e.g. after a disk-full error).
  func send(_ event: Event) {
    condition.lock()
    defer { condition.unlock() }
    guard !closed else { return }
    queue.append(event)
    if writerWaits {
      if case .item = event, queue.count < Self.wakeBatch { return }
      condition.signal()
    }
  }

  /// The next event, waiting for one if needed. Called by the one writer.
  func next() -> Event {
    if takenHead == taken.count {
      taken.removeAll(keepingCapacity: true)
      takenHead = 0
      condition.lock()
      writerWaits = true
      while queue.isEmpty { condition.wait() }
      writerWaits = false
      swap(&queue, &taken)  // `taken` is empty: its storage becomes the next queue's
      condition.unlock()
    }
    let event = taken[takenHead]!
    taken[takenHead] = nil
    takenHead += 1
    return event
  }

  /// The writer is done (stored, or failed): later sends are dropped and queued items freed.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    queue = []
  }

  /// The stream for `FeedParser.parse(data:…streamingItemsTo:)`.
  var stream: FeedParser.ItemStream {
    FeedParser.ItemStream(
      item: { item in
        self.send(.item(item, key: ItemKey.of(item)))
      },
      restart: { self.send(.restart) },
      itemWithBodies: { item, bodies in
        self.send(.item(item, key: ItemKey.of(item), bodies: bodies))
      })
  }
}
