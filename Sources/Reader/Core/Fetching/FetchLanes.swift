import Foundation

/// The lanes the reader's own fetches share while it reads — article pages (`f`, `always-full-article`,
/// the pages fetched ahead) and pictures: at most `perHost` at once to one host and `overall` in all,
/// as a reload is bounded by `reload-threads`, so 150 `J` presses make a queue, not 150 connections to
/// one slow server (docs/ROBUSTNESS.md, "Reading's own fetches"). A fetch the user waits for (`urgent`)
/// goes ahead of the ones fetched ahead, the newest first; a fetch cancelled while it waits leaves the
/// queue at once and makes no request, and one that has its lane runs to its end: a request sent is
/// answered and kept, and a lane is never freed while the server still works on what it was asked
/// (aborting it would let the next request in beside it).
public actor FetchLanes {
  public nonisolated let perHost: Int
  public nonisolated let overall: Int

  private struct Waiter {
    let id: UInt64
    let host: String
    let continuation: CheckedContinuation<Bool, Never>
  }

  private var running: [String: Int] = [:]
  private var total = 0
  private var queue: [Waiter] = []
  private var lastID: UInt64 = 0

  public init(perHost: Int = 2, overall: Int = 6) {
    self.perHost = max(1, perHost)
    self.overall = max(1, overall)
  }

  /// `body` run once a lane to `url`'s host is free, and its result; nil when the task was cancelled
  /// before a lane was free (`body` not run). Once started, `body` does not see the task's cancellation.
  public func run<T: Sendable>(_ url: URL, urgent: Bool = false, _ body: @escaping @Sendable () async -> T) async -> T? {
    let host = url.host?.lowercased() ?? ""
    guard await enter(host, urgent: urgent) else { return nil }
    defer { leave(host) }
    return await Task.detached { await body() }.value
  }

  /// How many fetches wait for a lane.
  var waiting: Int { queue.count }

  private func isFree(_ host: String) -> Bool { total < overall && running[host, default: 0] < perHost }

  private func take(_ host: String) {
    total += 1
    running[host, default: 0] += 1
  }

  private func enter(_ host: String, urgent: Bool) async -> Bool {
    if Task.isCancelled { return false }
    if isFree(host) && (urgent || !queue.contains(where: { $0.host == host })) {
      take(host)
      return true
    }
    lastID += 1
    let id = lastID
    // The cancel handler's task reaches this actor after the waiter is queued: both the queueing and
    // the handler's hop happen on this actor, the queueing first.
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let waiter = Waiter(id: id, host: host, continuation: continuation)
        if urgent { queue.insert(waiter, at: 0) } else { queue.append(waiter) }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  private func cancel(_ id: UInt64) {
    guard let index = queue.firstIndex(where: { $0.id == id }) else { return }
    queue.remove(at: index).continuation.resume(returning: false)
  }

  private func leave(_ host: String) {
    total -= 1
    running[host, default: 1] -= 1
    if running[host] == 0 { running[host] = nil }
    var index = 0
    while index < queue.count, total < overall {
      if isFree(queue[index].host) {
        let waiter = queue.remove(at: index)
        take(waiter.host)
        waiter.continuation.resume(returning: true)
      } else {
        index += 1
      }
    }
  }
}
