import Foundation

/// Where and who: the password is only ever in memory (never written to the cache, a log or an error;
/// printing or dumping an account shows it as `<password>`).
public struct SyncAccount: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The Google Reader API's address (FreshRSS: `https://host/api/greader.php`).
  public var apiURL: URL
  public var user: String
  public var password: String

  public init(apiURL: URL, user: String, password: String) {
    self.apiURL = apiURL
    self.user = user
    self.password = password
  }

  public var description: String { "\(user) at \(apiURL.absoluteString)" }
  public var debugDescription: String { "SyncAccount(\(description), password: <password>)" }
  public var customMirror: Mirror {
    Mirror(self, children: ["apiURL": apiURL, "user": user, "password": "<password>"])
  }
}

/// Every failure as one line a user can act on: bad URL, bad password, API disabled on the server, TLS,
/// unreachable, 401 after one re-login, 5xx / 429 (with when to retry), malformed answer, timeout.
public struct SyncError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  /// Seconds the server asked to wait (429/503 Retry-After), or the backoff the queue keeps to.
  public var retryAfter: Double?

  public init(_ description: String, retryAfter: Double? = nil) {
    self.description = description
    self.retryAfter = retryAfter
  }
}

/// How far a sync is, for the status line: `phase` names the step ("articles"), `done` of `total`.
public struct SyncProgress: Sendable, Equatable {
  public var phase: String
  public var done: Int
  /// Nil when the server does not say how many there are.
  public var total: Int?

  public init(phase: String, done: Int, total: Int? = nil) {
    self.phase = phase
    self.done = done
    self.total = total
  }
}

/// What a sync did, for the summary line and `notify-program`.
public struct SyncReport: Sendable, Equatable {
  /// Subscriptions on the server.
  public var feeds: Int
  public var newArticles: Int
  /// Local articles whose read or starred flag the server's state changed.
  public var stateChanges: Int
  /// Queued marks sent before the sync.
  public var sentChanges: Int
  /// The titles of the feeds that brought new articles, one each.
  public var newArticleFeedTitles: [String]
  /// What the sync bounded (paging cut short, article text cut), one line each, for stderr and the status.
  public var warnings: [String] = []

  public init(
    feeds: Int = 0, newArticles: Int = 0, stateChanges: Int = 0, sentChanges: Int = 0,
    newArticleFeedTitles: [String] = []
  ) {
    self.feeds = feeds
    self.newArticles = newArticles
    self.stateChanges = stateChanges
    self.sentChanges = sentChanges
    self.newArticleFeedTitles = newArticleFeedTitles
  }
}

/// Follows a paged answer's continuations until they end, and ends them when the server would page
/// forever: a token seen before (a cycle A, B, A…) or more pages than an account can fill
/// (`Synchronizer.maxPages`); `warning` then says where it stopped.
struct PageGuard {
  let what: String
  let limit: Int
  private var seen = Set<String>()
  private(set) var warning: String?

  init(what: String, limit: Int) {
    self.what = what
    self.limit = limit
  }

  /// The continuation to ask for next; nil when paging is over.
  mutating func follow(_ continuation: String?) -> String? {
    guard let token = continuation, !token.isEmpty else { return nil }
    if seen.contains(token) {
      warning = "Sync: the server's \(what) pages came round to an earlier continuation after \(seen.count + 1) pages; stopped there."
      return nil
    }
    if seen.count + 1 >= limit {
      warning = "Sync: the server's \(what) went past \(limit) pages, more than an account holds; stopped there."
      return nil
    }
    seen.insert(token)
    return token
  }
}
