import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Reader

/// The heavy lane (issue 33, item 2): long CPU work — extraction, picture decoding — runs on threads of
/// its own, at most `width` at once, so Swift's shared pool (one thread per core), which the mark writer
/// and every fetch need, stays free however much of it waits; work not started is dropped at the quit.
@Suite("HeavyWork")
struct HeavyWorkTests {
  /// Jobs that hold their thread until `release`, counting how many run at once.
  final class Held: Sendable {
    let gate = DispatchSemaphore(value: 0)
    let running = Atomic<Int>(0)
    let most = Atomic<Int>(0)
    let started = Atomic<Int>(0)

    func job() -> Int {
      let now = running.add(1, ordering: .sequentiallyConsistent).newValue
      _ = most.max(now, ordering: .sequentiallyConsistent)
      _ = started.add(1, ordering: .sequentiallyConsistent)
      gate.wait()
      running.subtract(1, ordering: .sequentiallyConsistent)
      return 1
    }

    func release(_ count: Int) { for _ in 0..<count { gate.signal() } }
  }

  static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(300)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        Issue.record("timed out waiting for \(what)")
        return
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  /// More held jobs than the machine has cores: on the shared pool they took every thread and a task like
  /// the mark writer's never ran; in the lane two run, the rest wait, and the pool answers at once.
  @Test func theSharedPoolStaysFreeWhileTheLaneIsFull() async throws {
    let lane = HeavyWork(width: 2, label: "test.heavy")
    let held = Held()
    let count = ProcessInfo.processInfo.activeProcessorCount + 4
    let jobs = (0..<count).map { _ in Task.detached { try await lane.run { held.job() } } }
    try await Self.waitUntil("the lane full") { held.started.load(ordering: .sequentiallyConsistent) == 2 }
    // What the mark writer does: a detached task, on the shared pool.
    let writer = Task.detached { 42 }
    #expect(await writer.value == 42)
    #expect(held.started.load(ordering: .sequentiallyConsistent) == 2, "the others wait in the lane")
    held.release(count)
    var total = 0
    for job in jobs { total += try await job.value }
    #expect(total == count)
    #expect(held.most.load(ordering: .sequentiallyConsistent) == 2, "never more than the lane's width at once")
  }

  /// The quit (`cancelAll`) drops what has not started, and a cancelled caller's job is dropped too; the
  /// running job ends and is waited for.
  @Test func workNotStartedIsDroppedOnCancel() async throws {
    let lane = HeavyWork(width: 1, label: "test.heavy")
    let held = Held()
    let first = Task.detached { try await lane.run { held.job() } }
    try await Self.waitUntil("the first job running") { held.started.load(ordering: .sequentiallyConsistent) == 1 }
    let waiting = (0..<3).map { _ in Task.detached { try await lane.run { held.job() } } }
    try await Self.waitUntil("three jobs waiting") { lane.waitingCount == 3 }
    let cancelled = Task.detached { try await lane.run { held.job() } }
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
    lane.cancelAll()
    held.release(1)
    #expect(try await first.value == 1, "the running job ends")
    for job in waiting {
      await #expect(throws: CancellationError.self) { try await job.value }
    }
    #expect(held.started.load(ordering: .sequentiallyConsistent) == 1, "nothing else ran")
    #expect(try await lane.run { 7 } == 7, "the lane takes work again")
  }
}
