import Reader

/// The server side of a synced run: its `Synchronizer`, and the sending of the marks the cache queues.
/// Marks are sent after each action once the cache writer has caught up, one send at a time, off the
/// main thread; a failed send leaves them queued in the cache and tries again when the engine's backoff
/// wait is over (or at the next mark or sync), so a mark is never waited for and never lost.
@MainActor
public final class ServerSync {
  let synchronizer: Synchronizer
  private let events: EventQueue
  private var sending = false
  /// A mark arrived while a send was running: send again when it ends.
  private var sendAgain = false
  private var retry: Task<Void, Never>?

  public init(synchronizer: Synchronizer, events: EventQueue) {
    self.synchronizer = synchronizer
    self.events = events
  }

  /// Sends the queue now, or after the send in flight. With `ignoringBackoff` (a new run's first send)
  /// the server is asked even while the last run's failure still says to wait: repeating that failure
  /// would show an outage that may be over.
  func send(ignoringBackoff: Bool = false) {
    guard !sending else {
      sendAgain = true
      return
    }
    sending = true
    retry?.cancel()
    retry = nil
    let synchronizer = self.synchronizer
    let events = self.events
    Task.detached {
      do throws(SyncError) {
        let sent = try await synchronizer.sendQueue(ignoringBackoff: ignoringBackoff)
        events.post(.marksSent(.success(sent)))
      } catch {
        events.post(.marksSent(.failure(error)))
      }
    }
  }

  /// Logs in with the configured password once, in the background: syncs use the token an earlier
  /// login kept, so a password changed since (or mistyped in the config) would go unnoticed until the
  /// server ends that token. A failure comes back as `.loginFailed`; success keeps the new token.
  func checkLogin() {
    let synchronizer = self.synchronizer
    let events = self.events
    Task.detached {
      do throws(SyncError) {
        try await synchronizer.checkLogin()
      } catch {
        events.post(.loginFailed(error))
      }
    }
  }

  /// The send in flight has ended (`.marksSent`): sends again if marks came meanwhile; after a failure,
  /// schedules `.sendRetry` for when the server may be asked again.
  func sent(_ result: Result<Int, SyncError>) {
    sending = false
    switch result {
    case .success:
      if sendAgain {
        sendAgain = false
        send()
      }
    case .failure(let error):
      sendAgain = false
      let wait = Duration.milliseconds(Int(max(1, error.retryAfter ?? 30) * 1000))
      let events = self.events
      retry?.cancel()
      retry = Task.detached {
        try? await Task.sleep(for: wait)
        if !Task.isCancelled { events.post(.sendRetry) }
      }
    }
  }
}
