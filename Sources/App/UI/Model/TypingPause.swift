import Reader

/// Waits for a short pause in typing, then posts `.promptPaused`: a search runs once the user stops for
/// a moment, not once per key, and nothing spins while waiting (a sleeping task, like the reload timer,
/// whose event the run loop hands to `Screen.handle`). Each key starts a new wait; only the latest
/// generation's event is acted on. The wait is 15 ms: a paste or a terminal's burst of keys arrives
/// within a millisecond or two and is folded into one search, while keys typed by hand come at least
/// 50 ms apart, so no longer wait folds them and each would only delay the results (docs/DECISIONS.md,
/// "Search plans by match count").
@MainActor
final class TypingPause {
  private let events: EventQueue
  let delay: Duration
  private(set) var generation = 0
  private var task: Task<Void, Never>?

  init(events: EventQueue, delay: Duration = .milliseconds(15)) {
    self.events = events
    self.delay = delay
  }

  /// A key was typed: the wait starts again.
  func restart() {
    task?.cancel()
    generation += 1
    let (events, delay, generation) = (self.events, self.delay, self.generation)
    task = Task.detached {
      try? await Task.sleep(for: delay)
      if !Task.isCancelled { events.post(.promptPaused(generation: generation)) }
    }
  }

  /// The field closed: a pending wait posts nothing.
  func cancel() {
    task?.cancel()
    task = nil
    generation += 1
  }

  /// `.promptPaused(generation)` arrived: true when it is the pause still awaited (a later key or a
  /// close makes it stale).
  func arrived(_ generation: Int) -> Bool {
    guard task != nil, generation == self.generation else { return false }
    task = nil
    return true
  }

  /// Whether a pause is still awaited (Enter acts at once instead).
  var isWaiting: Bool { task != nil }
}
