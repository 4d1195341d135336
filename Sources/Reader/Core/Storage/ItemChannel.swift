import Foundation

/// The hand-off between a streamed parse and the cache writer that stores its items (`Reloader`): the
/// parser's thread sends, the writer's thread blocks in `next()` until there is something to take.
///
/// Why unbounded: the parser must never wait for the writer (it may run on the cooperative pool, and
/// the writer may be busy with another feed's transaction); at worst the queue holds the whole feed,
/// which is what a parse without streaming holds anyway.
final class ItemChannel: @unchecked Sendable {
  enum Event {
    /// An item and its key.
    case item(Item, key: String)
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
  /// Taken slots are nil: an item is released as soon as the writer has it, not when the batch is dropped.
  private var queue: [Event?] = []
  private var head = 0
  private var closed = false

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
    condition.signal()
  }

  /// The next event, waiting for one if needed.
  func next() -> Event {
    condition.lock()
    defer { condition.unlock() }
    while head == queue.count { condition.wait() }
    let event = queue[head]!
    queue[head] = nil
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    }
    return event
  }

  /// The writer is done (stored, or failed): later sends are dropped and queued items freed.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    queue = []
    head = 0
  }

  /// The stream for `FeedParser.parse(data:…streamingItemsTo:)`.
  var stream: FeedParser.ItemStream {
    FeedParser.ItemStream(
      item: { item in
        self.send(.item(item, key: ItemKey.of(item)))
      },
      restart: { self.send(.restart) })
  }
}
