import Foundation

/// Sending the queue of marks (`sync_changes`): one `edit-tag` per kind and batch (`a=` or `r=`
/// read/starred with up to `batchSize` `i=` ids). The queue holds one change per article and flag (the
/// last one made), so the kinds may go in any order. A sent batch leaves the queue at once, so a failure
/// midway resends only what the server did not take.
extension Synchronizer {
  /// Sends the queued marks in batches (edit-tag with many ids); returns how many were sent. Called after each mark when online; failures keep the queue.
  public func sendQueue() async throws(SyncError) -> Int {
    try await sendQueue(ignoringBackoff: false)
  }

  /// After a failure the queue waits (5 s, doubling to 10 min) before `sendQueue` reaches the server
  /// again, saying the last failure meanwhile; a sync (the user's explicit action) does not wait, nor
  /// does the reader's first send of a run (the wait was the last run's).
  public func sendQueue(ignoringBackoff: Bool) async throws(SyncError) -> Int {
    let changes = try cached { try cache.queuedChanges() }
    guard !changes.isEmpty else { return 0 }
    let now = Date().timeIntervalSince1970
    if !ignoringBackoff, let retryAt = try cached({ try cache.syncValue(.retryAt) }).flatMap(Double.init), retryAt > now {
      let last = try cached { try cache.syncValue(.lastError) } ?? "Sync: the server failed."
      throw SyncError(last, retryAfter: retryAt - now)
    }
    var sent = 0
    do throws(SyncError) {
      sent = try await send(changes)
    } catch {
      let failures = (try? cache.syncValue(.failures)).flatMap { $0.flatMap { Int($0) } } ?? 0
      let wait = max(error.retryAfter ?? 0, min(600, 5 * pow(2, Double(min(failures, 10)))))
      try? cache.setSyncValue(String(failures + 1), for: .failures)
      try? cache.setSyncValue(String(now + wait), for: .retryAt)
      try? cache.setSyncValue(error.description, for: .lastError)
      throw SyncError(error.description, retryAfter: wait)
    }
    try? cache.setSyncValue(nil, for: .failures)
    try? cache.setSyncValue(nil, for: .retryAt)
    try? cache.setSyncValue(nil, for: .lastError)
    return sent
  }

  private func send(_ changes: [QueuedChange]) async throws(SyncError) -> Int {
    var sent = 0
    let kinds: [(flag: String, value: Bool, tag: String)] = [
      ("read", true, GReader.readTag), ("read", false, GReader.readTag),
      ("starred", true, GReader.starredTag), ("starred", false, GReader.starredTag),
    ]
    for kind in kinds {
      let matching = changes.filter { $0.flag == kind.flag && $0.value == kind.value }
      for start in stride(from: 0, to: matching.count, by: max(1, batchSize)) {
        let batch = matching[start..<min(matching.count, start + max(1, batchSize))]
        let form = [(kind.value ? "a" : "r", kind.tag)] + batch.map { ("i", RemoteItemID.long($0.remoteItem)) }
        try await expectOK(try await client.post("edit-tag", form), what: "edit-tag")
        try cached { try cache.removeSentChanges(batch.map(\.seq)) }
        sent += batch.count
      }
    }
    return sent
  }

  /// Writes answer "OK"; anything else (an HTML page from a proxy) is not taken as done.
  private func expectOK(_ data: Data, what: String) async throws(SyncError) {
    let text = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("OK") || text.isEmpty else {
      throw SyncError("Sync: the server did not confirm \(what) (it answered \"\(text.prefix(40))\").")
    }
  }
}
