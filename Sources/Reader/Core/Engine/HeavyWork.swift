import Dispatch
import Synchronization

/// The lane for work that may hold a CPU for long — an article extracted from its page, a picture decoded: a
/// few threads of its own, never Swift's shared pool. That pool has one thread per core, and the mark writer,
/// page and picture fetches, reloads and every other task need one of them: a few pages slow to extract took
/// every thread, the mark writer's batch waited behind them, and an article read then `q` lost its read mark
/// (docs/ROBUSTNESS.md, "Files splitfeed owns"). Here at most `width` jobs run at once, the rest wait in order, and the
/// pool's threads stay free for the writers.
///
/// A job that has not started is dropped when its task is cancelled or when the lane is (`cancelAll`, at
/// quit), its caller getting `CancellationError`; one running ends on its own thread (the bounds inside the
/// extractor and the decoders keep that short), holding nobody else's.
public final class HeavyWork: Sendable {
  /// The lane of work that no reading session owns (the indexer run by a command or a test). A session
  /// has its own of the same width: two threads, so one long page does not hold every picture back, and
  /// the other core is left to the reader's own work on a two-core machine.
  public static let shared = HeavyWork(width: 2)

  private struct Job: Sendable {
    var run: @Sendable () -> Void
    var drop: @Sendable () -> Void
  }

  private struct State {
    var waiting: [Job] = []
    var idle: [Int]
  }

  private let threads: [DispatchQueue]
  private let state: Mutex<State>

  public init(width: Int, label: String = "splitfeed.heavy-work") {
    threads = (0..<max(width, 1)).map { DispatchQueue(label: "\(label).\($0)", qos: .utility) }
    state = Mutex(State(idle: Array(threads.indices)))
  }

  /// How many jobs run at once at most.
  public var width: Int { threads.count }

  /// Runs `work` in the lane and returns its result; throws `CancellationError` when the calling task is
  /// cancelled, or the lane is, before `work` starts (once started, it is waited for).
  public func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
    try Task.checkCancellation()
    let ticket = Ticket<T>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        ticket.continuation.withLock { $0 = continuation }
        submit(Job(
          run: {
            guard let continuation = ticket.take() else { return }  // dropped meanwhile
            continuation.resume(returning: work())
          },
          drop: { ticket.take()?.resume(throwing: CancellationError()) }))
        if Task.isCancelled { ticket.take()?.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      ticket.take()?.resume(throwing: CancellationError())
    }
  }

  /// One caller's continuation, resumed once: by the job's run, or by its drop.
  private final class Ticket<T: Sendable>: Sendable {
    let continuation = Mutex<CheckedContinuation<T, any Error>?>(nil)

    func take() -> CheckedContinuation<T, any Error>? {
      continuation.withLock { continuation in
        defer { continuation = nil }
        return continuation
      }
    }
  }

  /// How many jobs wait for a thread.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Drops every job not started yet (their callers get `CancellationError`): the quit.
  public func cancelAll() {
    let dropped = state.withLock { state in
      defer { state.waiting.removeAll() }
      return state.waiting
    }
    for job in dropped { job.drop() }
  }

  private func submit(_ job: Job) {
    let thread: Int? = state.withLock { state in
      guard let thread = state.idle.popLast() else {
        state.waiting.append(job)
        return nil
      }
      return thread
    }
    guard let thread else { return }
    threads[thread].async { self.drain(thread, first: job) }
  }

  /// Runs `first`, then what waits, until nothing does; then the thread is idle again.
  private func drain(_ thread: Int, first: Job) {
    var job: Job? = first
    while let current = job {
      current.run()
      job = state.withLock { state in
        guard !state.waiting.isEmpty else {
          state.idle.append(thread)
          return nil
        }
        return state.waiting.removeFirst()
      }
    }
  }
}
