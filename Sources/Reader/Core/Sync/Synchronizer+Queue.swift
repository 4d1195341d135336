import Foundation

/// Sending the queue of marks (`sync_changes`): in the order they were made, cut at each mark-all-read,
/// so "read one, then mark the feed read" and "mark the feed read, then one unread" both end as made.
/// Each segment goes as one `edit-tag` per kind and batch (`a=` or `r=` read/starred with up to
/// `batchSize` `i=` ids); each mark-all-read as `mark-all-as-read` with `s=feed/…` and `ts`. A sent
/// batch leaves the queue at once, so a failure midway resends only what the server did not take.
extension Synchronizer {
  /// Sends the queued marks in batches (edit-tag with many ids; mark-all-as-read with a timestamp);
  /// returns how many were sent. Called after each mark when online; failures keep the queue.
  public func sendQueue() async throws(SyncError) -> Int {
    try await sendQueue(ignoringBackoff: false)
  }

  /// After a failure the queue waits (5 s, doubling to 10 min) before `sendQueue` reaches the server
  /// again, saying the last failure meanwhile; a sync (the user's explicit action) does not wait.
  func sendQueue(ignoringBackoff: Bool) async throws(SyncError) -> Int {
    let changes = try cached { try cache.queuedChanges() }
    guard !changes.isEmpty else { return 0 }
    let now = Date().timeIntervalSince1970
    if !ignoringBackoff, let retryAt = try cached({ try cache.syncValue(.retryAt) }).flatMap(Double.init), retryAt > now {
      let last = try cached { try cache.syncValue(.lastError) } ?? "Sync: the server failed."
      throw SyncError(last, retryAfter: retryAt - now)
    }
    var sent = 0
    do throws(SyncError) {
      for segment in Self.segments(changes) {
        sent += try await send(segment)
      }
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

  /// The queue cut before and after each mark-all-read.
  static func segments(_ changes: [QueuedChange]) -> [[QueuedChange]] {
    var segments: [[QueuedChange]] = [[]]
    for change in changes {
      if change.flag == "feed-read" {
        segments.append([change])
        segments.append([])
      } else {
        segments[segments.count - 1].append(change)
      }
    }
    return segments.filter { !$0.isEmpty }
  }

  private func send(_ segment: [QueuedChange]) async throws(SyncError) -> Int {
    var sent = 0
    for change in segment where change.flag == "feed-read" {
      var form = [("s", change.remoteItem)]
      if let ts = change.ts { form.append(("ts", String(ts))) }
      try await expectOK(try await client.post("mark-all-as-read", form), what: "mark-all-as-read")
      try cached { try cache.removeSentChanges([change.seq]) }
      sent += 1
    }
    let kinds: [(flag: String, value: Bool, tag: String)] = [
      ("read", true, GReader.readTag), ("read", false, GReader.readTag),
      ("starred", true, GReader.starredTag), ("starred", false, GReader.starredTag),
    ]
    for kind in kinds {
      let matching = segment.filter { $0.flag == kind.flag && $0.value == kind.value }
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
