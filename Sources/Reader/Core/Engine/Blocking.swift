import Dispatch

/// Runs the engine's async work to completion from synchronous command-line code (`dump`, `reload`,
/// the benchmarks), which swift-argument-parser calls on the main thread. The work runs on the global executor, never on the
/// main actor, so waiting here cannot deadlock it.
public enum Blocking {
  public static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let box = Box<T>()
    Task.detached {
      box.value = await operation()
      done.signal()
    }
    done.wait()
    guard let value = box.value else { preconditionFailure("Blocking.run: the task ended without a value") }
    return value
  }

  /// Written by the task before the semaphore is signalled and read after the wait: the semaphore orders
  /// the two accesses.
  private final class Box<T>: @unchecked Sendable {
    var value: T?
  }
}
