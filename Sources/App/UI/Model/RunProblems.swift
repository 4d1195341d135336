import Reader

/// What went wrong in this run besides the feeds' own errors, kept whole for `E` (the status line has
/// one row and cuts): the config and urls files' problems found at start-up (a `query:` line that
/// cannot be read among them), and the sync's failures, newest last.
public struct RunProblems: Equatable, Sendable {
  /// Start-up notices: config and urls lines, a cache opened read-only.
  public var startup: [String] = []
  /// Failed syncs and sends, each with what was kept; at most `syncLimit`, the oldest fall off.
  public private(set) var sync: [String] = []
  /// The last sync or send failed and nothing has reached the server since.
  public private(set) var syncFailing = false
  /// The server answered after the failures listed: they are over, and `E` says so.
  public private(set) var syncAnsweredSince = false
  static let syncLimit = 20

  public init() {}

  mutating func syncFailed(_ text: String) {
    syncFailing = true
    syncAnsweredSince = false
    if sync.last == text { return }
    sync.append(text)
    if sync.count > Self.syncLimit { sync.removeFirst(sync.count - Self.syncLimit) }
  }

  /// A sync problem that does not stop the sync (a wrong password while an earlier token works).
  mutating func noted(_ text: String) {
    if !sync.contains(text) { sync.append(text) }
  }

  /// The server answered: the failures stay listed, as what happened, but are over.
  mutating func syncSucceeded() {
    if syncFailing || !sync.isEmpty { syncAnsweredSince = true }
    syncFailing = false
  }

  /// The status line at start-up: the first problem, how many more, and the key that lists them all.
  public func startupNotice(errorsKey key: String) -> Notice? {
    startup.first.map { .startupProblems(first: $0, count: startup.count, errorsKey: key) }
  }
}
