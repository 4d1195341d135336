import Foundation

/// How the client retries a request the server could not answer now (5xx, 429) within one call: at most
/// `attempts` tries, waiting `baseDelay` × 2ⁿ between them, or the server's Retry-After when it is at
/// most `maxWait` seconds. A longer Retry-After ends the call at once with `SyncError.retryAfter` set,
/// so the reader stays responsive and the queue keeps its marks for later.
public struct SyncRetry: Sendable {
  public var attempts = 3
  public var baseDelay = 0.5
  public var maxWait = 10.0

  public init(attempts: Int = 3, baseDelay: Double = 0.5, maxWait: Double = 10) {
    self.attempts = attempts
    self.baseDelay = baseDelay
    self.maxWait = maxWait
  }
}

/// One request as the client sent it, for `bench-sync`'s replay with curl: the login's password is
/// replaced by `<password>` (it is never handed out, logged or stored).
public struct SyncRequestRecord: Sendable {
  public var url: String
  /// The form of a POST, encoded; nil for a GET.
  public var body: String?
  /// The Authorization header's value, when one was sent.
  public var authorization: String?
}

/// The Google Reader API (FreshRSS's `greader.php` and its kin) over the project's libcurl transport:
/// ClientLogin, the auth token (kept in the cache, renewed once on a 401), the action token for writes,
/// GETs with query parameters and form POSTs, and every failure turned into one `SyncError` line.
actor GReaderClient {
  private let account: SyncAccount
  private let fetcher: Fetcher
  private let cache: Cache
  private let retry: SyncRetry
  /// The auth token, read from the cache on first use.
  private var auth: String?
  /// The write (`T`) token, asked for once per client.
  private var actionToken: String?
  /// The login under way after a 401 (`renewLogin`).
  private var renewal: Task<Result<String, SyncError>, Never>?
  private let observer: (@Sendable (SyncRequestRecord) -> Void)?

  init(
    account: SyncAccount, configuration: Fetcher.Configuration, cache: Cache, retry: SyncRetry,
    observer: (@Sendable (SyncRequestRecord) -> Void)? = nil
  ) {
    self.account = account
    self.fetcher = Fetcher(configuration: configuration)
    self.cache = cache
    self.retry = retry
    self.observer = observer
  }

  /// The API's address without a trailing slash, checked to be an http(s) URL with a host.
  private var base: String {
    get throws(SyncError) {
      let url = account.apiURL
      guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
      else { throw SyncError("Sync: the sync-url \(url.absoluteString) is not an http(s) address.") }
      var text = url.absoluteString
      while text.hasSuffix("/") { text.removeLast() }
      return text
    }
  }

  // MARK: - Calls

  /// GET `reader/api/0/<path>` with `query`; the body on a 2xx.
  func get(_ path: String, _ query: [(String, String)] = []) async throws(SyncError) -> Data {
    try await authorized(path, query: query, form: nil)
  }

  /// POST a form to `reader/api/0/<path>`, with the action token the API wants for writes.
  func post(_ path: String, _ form: [(String, String)]) async throws(SyncError) -> Data {
    try await authorized(path, query: [], form: form)
  }

  /// Logs in with the password and keeps the token in the cache (`splitfeed sync-login`, and after a 401).
  @discardableResult
  func login() async throws(SyncError) -> String {
    let url = try base + "/accounts/ClientLogin"
    let form = [("Email", account.user), ("Passwd", account.password)]
    let (status, headers, data) = try await send(url, form: form, auth: nil, what: "accounts/ClientLogin")
    switch status {
    case 200..<300:
      let text = String(decoding: data, as: UTF8.self)
      let token = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("Auth=") }.map { String($0.dropFirst(5)) }
      guard let token, !token.isEmpty else {
        throw SyncError("Sync: \(try base) answered the login without a token: it is not a Google Reader API (check sync-url; FreshRSS: https://host/api/greader.php).")
      }
      auth = token
      actionToken = nil
      do { try cache.setSyncValue(token, for: .auth) } catch { throw SyncError("Sync: \(error)") }
      return token
    case 401, 403:
      throw SyncError("Sync: the server refused the password of user \(account.user) (check sync-user and the API password set on the server).")
    case 400:
      throw SyncError("Sync: the server does not accept \(account.user) as a user name (400 Bad Request).")
    case 404:
      throw SyncError("Sync: there is no Google Reader API at \(try base) (404); FreshRSS's is https://host/api/greader.php.")
    case 503 where Self.retryAfter(headers) == nil:
      throw SyncError("Sync: the server's Google Reader API is disabled (503); FreshRSS: Settings → Authentication → Allow API access.")
    default:
      throw Self.statusError(status, headers: headers, what: "accounts/ClientLogin", delay: retry.baseDelay)
    }
  }

  /// One call with the auth token: a 401 logs in again once and repeats the call; a second 401 ends it.
  private func authorized(_ path: String, query: [(String, String)], form: [(String, String)]?) async throws(SyncError)
    -> Data
  {
    var url = try base + "/reader/api/0/" + path
    if !query.isEmpty { url += "?" + FormEncoding.encode(query) }
    var renewed = false
    while true {
      let token = try await currentAuth()
      var body = form
      if form != nil { body = [("T", try await currentActionToken(token))] + (form ?? []) }
      let (status, headers, data) = try await send(url, form: body, auth: token, what: path)
      switch status {
      case 200..<300:
        return data
      case 401 where !renewed:
        renewed = true
        // A request running beside this one may have logged in again already: its token is tried.
        guard auth == token || auth == nil else { continue }
        try await renewLogin()
      case 401:
        throw SyncError("Sync: the server refused the session again right after a new login (401 on \(path)); check the account on the server.")
      default:
        throw Self.statusError(status, headers: headers, what: path, delay: retry.baseDelay)
      }
    }
  }

  /// Has a token (the cache's, else a login) before requests that go out side by side, so they do not
  /// each log in.
  func authorize() async throws(SyncError) {
    _ = try await currentAuth()
  }

  /// Logs in again after a 401; requests running side by side that meet the same 401 wait for the one
  /// login instead of each making their own.
  private func renewLogin() async throws(SyncError) {
    if let renewal {
      _ = try await renewal.value.get()
      return
    }
    auth = nil
    actionToken = nil
    let task = Task { () async -> Result<String, SyncError> in
      do throws(SyncError) { return .success(try await login()) } catch { return .failure(error) }
    }
    renewal = task
    let result = await task.value
    renewal = nil
    _ = try result.get()
  }

  private func currentAuth() async throws(SyncError) -> String {
    if let auth { return auth }
    if let stored = try? cache.syncValue(.auth), !stored.isEmpty {
      auth = stored
      return stored
    }
    return try await login()
  }

  private func currentActionToken(_ auth: String) async throws(SyncError) -> String {
    if let actionToken { return actionToken }
    let url = try base + "/reader/api/0/token"
    let (status, headers, data) = try await send(url, form: nil, auth: auth, what: "token")
    guard (200..<300).contains(status) else {
      if status == 401 { return "" }  // the caller's request meets the same 401 and logs in again
      throw Self.statusError(status, headers: headers, what: "token", delay: retry.baseDelay)
    }
    let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    actionToken = token
    return token
  }

  // MARK: - Transport

  /// Sends one request, retrying 5xx and a short 429 as `retry` says; returns the last answer, whatever
  /// its status. Transport failures (refused, TLS, timeout) end the call at once.
  private func send(_ url: String, form: [(String, String)]?, auth: String?, what: String) async throws(SyncError)
    -> (Int, HTTPResponse, Data)
  {
    guard let address = URL(string: url) else { throw SyncError("Sync: \(url) is not a valid address.") }
    var request = HTTPRequest(url: address)
    request.followsRedirects = false  // judged below: a redirect must not carry the password or token away
    request.setValue(fetcher.configuration.userAgent, forHeader: "User-Agent")
    if let auth { request.setValue("GoogleLogin auth=\(auth)", forHeader: "Authorization") }
    if let form {
      request.body = Data(FormEncoding.encode(form).utf8)
      request.setValue("application/x-www-form-urlencoded", forHeader: "Content-Type")
      request.setValue("", forHeader: "Expect")  // no 100-continue round trip for a large batch
    }
    if let observer {
      let shown = form.map { pairs in pairs.map { $0.0 == "Passwd" ? ($0.0, "<password>") : $0 } }
      observer(SyncRequestRecord(url: url, body: shown.map(FormEncoding.encode), authorization: auth.map { "GoogleLogin auth=\($0)" }))
    }
    var attempt = 1
    var redirects = 0
    while true {
      let response: HTTPResponse
      let data: Data
      do throws(FetchError) {
        (response, data) = try await fetcher.transfer(request)
      } catch {
        throw SyncError("Sync: \(error.description)")
      }
      let status = response.statusCode
      if (300..<400).contains(status), status != 304, let location = response.header("Location") {
        redirects += 1
        request.url = try Self.redirectTarget(
          from: request.url, to: location, isPost: form != nil, what: what,
          tooMany: redirects > fetcher.configuration.maxRedirects)
        continue
      }
      guard status == 429 || (500..<600).contains(status), attempt < retry.attempts else {
        return (status, response, data)
      }
      let wait = Self.retryAfter(response) ?? retry.baseDelay * Double(1 << (attempt - 1))
      if wait > retry.maxWait { return (status, response, data) }
      try? await Task.sleep(nanoseconds: UInt64(wait * 1e9))
      if Task.isCancelled { throw SyncError("Sync: cancelled.") }
      attempt += 1
    }
  }

  /// Where a sync request may follow a redirect: only a GET, only to its own origin (scheme, host and
  /// port; so never from https to http), at most `maxRedirects` times. Anything else is one line: a
  /// POST re-sent elsewhere would hand the password (ClientLogin) or a write token to that host, and a
  /// GET to another origin would take the auth token there.
  static func redirectTarget(from url: URL, to location: String, isPost: Bool, what: String, tooMany: Bool)
    throws(SyncError) -> URL
  {
    guard let target = URL(string: location, relativeTo: url)?.absoluteURL else {
      throw SyncError("Sync: the server redirected \(what) to an address that is not valid.")
    }
    let to = origin(target)
    if isPost {
      throw SyncError(
        "Sync: the server redirected \(what) to \(to); a sync never re-sends a form elsewhere (set sync-url to the address it moved to).")
    }
    if to != origin(url) {
      throw SyncError(
        "Sync: the server redirected \(what) from \(origin(url)) to \(to); a sync stays on sync-url's origin (set sync-url to the address it moved to).")
    }
    if tooMany { throw SyncError("Sync: the server redirected \(what) too many times.") }
    return target
  }

  /// `scheme://host:port`, lower-cased, with the scheme's default port spelled out.
  static func origin(_ url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
    return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
  }

  /// The Retry-After header in seconds (a number; an HTTP date counts from now); nil when absent.
  static func retryAfter(_ response: HTTPResponse) -> Double? {
    guard let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Double(value), seconds >= 0 { return min(seconds, Double(FetchError.maxRetryAfter)) }
    if let date = DateParser.parse(value) { return max(0, date.timeIntervalSinceNow) }
    return nil
  }

  /// A failed status as one line, with when to retry for 429 and 5xx.
  static func statusError(_ status: Int, headers: HTTPResponse, what: String, delay: Double) -> SyncError {
    let reason = HTTPStatus.reason(status)
    switch status {
    case 429, 500..<600:
      let after = retryAfter(headers)
      let when = after.map { "retry after \(Int($0.rounded(.up))) second\(Int($0.rounded(.up)) == 1 ? "" : "s")" } ?? "retry later"
      let busy = status == 429 ? "the server asks to slow down" : "the server failed"
      return SyncError("Sync: \(busy) (\(status) \(reason) on \(what)); \(when).", retryAfter: after ?? delay)
    case 404:
      return SyncError("Sync: the server has no \(what) (404); is sync-url a Google Reader API?")
    default:
      return SyncError("Sync: the server answered \(status) (\(reason)) on \(what).")
    }
  }
}

/// `application/x-www-form-urlencoded`, also used for query strings: everything but letters, digits and
/// `-._~` is percent-encoded (a `+` or `&` in a password or an id must arrive as itself).
enum FormEncoding {
  private static let allowed: CharacterSet = {
    var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
    set.insert(charactersIn: "-._~")
    return set
  }()

  static func encode(_ pairs: [(String, String)]) -> String {
    pairs.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
  }

  static func escape(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
