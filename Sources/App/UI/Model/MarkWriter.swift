import Foundation
import Reader

/// Writes marks and openings to the cache off the main thread, in the order they were made: one batch
/// at a time, the next started when `.marksWritten` comes back, so an article read, unread and read
/// again ends read in the cache too. Failures are posted as `.failure`.
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

  init(cache: Cache, events: EventQueue) {
    self.cache = cache
    self.events = events
  }

  /// Nothing waiting and nothing in flight.
  var isIdle: Bool { !isWriting && pending.isEmpty }

  func enqueue(_ write: Write) {
    guard !cache.isReadOnly else { return }
    pending.append(write)
    startNext()
  }

  /// The batch in flight was written (`.marksWritten`).
  func batchWritten() {
    isWriting = false
    startNext()
  }

  private func startNext() {
    guard !isWriting, !pending.isEmpty else { return }
    isWriting = true
    let batch = pending
    pending.removeAll()
    let cache = self.cache
    let events = self.events
    Task.detached {
      for write in batch {
        do { try Self.perform(write, in: cache) } catch { events.post(.failure("\(error)")) }
      }
      events.post(.marksWritten)
    }
  }

  private nonisolated static func perform(_ write: Write, in cache: Cache) throws(CacheError) {
    switch write {
    case .mark(let mark):
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
