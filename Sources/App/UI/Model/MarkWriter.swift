import Foundation
import Reader

/// Writes marks and openings to the cache off the main thread, in the order they were made: one batch
/// at a time, the next started when `.marksWritten` comes back, so an article read, unread and read
/// again ends read in the cache too. Failures are posted as `.failure`. Each write gets a number, in
/// order: `written` is the last one done, so the session drops exactly the marks now in the cache
/// (docs/ARCHITECTURE.md, "A mark, from key to count").
@MainActor
final class MarkWriter {
  /// One change to write.
  enum Write: Sendable {
    case mark(Mark)
    case opened(itemID: Int64, at: Date)
  }

  private let cache: Cache
  private let events: EventQueue
  private var pending: [Write] = []
  private(set) var isWriting = false
  /// The number of the last write handed in, of the last in the batch in flight, and of the last done.
  private var last = 0
  private var inFlight = 0
  private(set) var written = 0
  /// Open while a batch is in flight, so a quit can wait for it (`finishBeforeExit`).
  private let flight = DispatchGroup()
  /// Tests hold the writer to see the reader while a batch waits (a slow disk); false lets it go on.
  var isHeld = false {
    didSet { if !isHeld { startNext() } }
  }

  init(cache: Cache, events: EventQueue) {
    self.cache = cache
    self.events = events
  }

  /// Nothing waiting and nothing in flight.
  var isIdle: Bool { !isWriting && pending.isEmpty }

  /// Queues `write`; returns its number (`Int.max` when the cache is read-only: never written, so the
  /// mark stays in memory for the run).
  @discardableResult
  func enqueue(_ write: Write) -> Int {
    guard !cache.isReadOnly else { return Int.max }
    pending.append(write)
    last += 1
    startNext()
    return last
  }

  /// The batch in flight was written (`.marksWritten`).
  func batchWritten() {
    isWriting = false
    written = inFlight
    startNext()
  }

  private func startNext() {
    guard !isWriting, !isHeld, !pending.isEmpty else { return }
    isWriting = true
    inFlight = last
    let batch = pending
    pending.removeAll()
    wholeFeedsInFlight = batch.contains { if case .mark(let mark) = $0 { mark.whole != nil } else { false } }
    let cache = self.cache
    let events = self.events
    let flight = self.flight
    flight.enter()
    Task.detached {
      for write in batch {
        do { try Self.perform(write, in: cache) } catch { events.post(.failure("\(error)")) }
      }
      flight.leave()
      events.post(.marksWritten)
    }
  }

  /// Whether the batch in flight holds a mark over whole feeds (`A`, `C`: many transactions).
  private var wholeFeedsInFlight = false

  /// The quit: every mark handed in reaches the cache before the process ends, so a quit never loses
  /// one (in a synced run it is queued there for the server: docs/ARCHITECTURE.md, "The queue of
  /// pending marks"). Waits for the batch in flight — behind at most one transaction of a running sync,
  /// reload or indexer batch, each writing in transactions of its own — then writes the rest on this
  /// thread, in order. Should the batch in flight not end within `timeout` (the cache locked by another
  /// program), the rest is not written, rather than written out of order. A mark over whole feeds in
  /// flight is waited for to its end, however long (a minute or two at a million articles), saying so
  /// through `whileWaiting` after a second: each of its transactions lands or fails on the cache's busy
  /// timeout, so the wait ends.
  func finishBeforeExit(timeout: Double = 10, whileWaiting: () -> Void = {}) {
    if wholeFeedsInFlight, flight.wait(timeout: .now() + 1) != .success {
      whileWaiting()
      flight.wait()
    }
    guard flight.wait(timeout: .now() + timeout) == .success else { return }
    let batch = pending
    pending.removeAll()
    for write in batch { try? Self.perform(write, in: cache) }
  }

  private nonisolated static func perform(_ write: Write, in cache: Cache) throws(CacheError) {
    switch write {
    case .mark(let mark):
      if let whole = mark.whole {
        try cache.markRead(feeds: whole.feeds, through: whole.through) { whole.written.add($0) }
        return
      }
      let ids = mark.items.map(\.id)
      switch mark.flag {
      case .read: try cache.setRead(mark.value, itemIDs: ids)
      case .starred: try cache.setStarred(mark.value, itemIDs: ids)
      }
    case .opened(let id, let date):
      try cache.recordOpened(itemID: id, at: date)
    }
  }
}
