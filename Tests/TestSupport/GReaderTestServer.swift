import Foundation
import Reader

/// A scripted Google Reader API on a `TestHTTPServer`, for the sync's protocol edges: it keeps feeds,
/// items and their read / starred state as FreshRSS does, pages `stream/contents` and
/// `stream/items/ids` with `continuation`, and answers the next requests to a path with the faults a
/// test queues (a status, a Retry-After, malformed JSON, a stall, an expired token). Every request is
/// logged with its form, so a test can see what the client sent.
public final class GReaderTestServer: @unchecked Sendable {
  public struct Article: Sendable {
    public var id: UInt64
    public var feed: String
    public var title: String
    public var read = false
    public var starred = false
    /// Seconds since 1970; also what `ot` compares with.
    public var crawled: Int
  }

  public enum Fault: Sendable {
    case status(Int, retryAfter: String? = nil)
    case malformed
    /// Waits this long before answering (a stalling server).
    case stall(Double)
    /// The current auth token stops working (the server restarted its sessions).
    case expireToken
    /// Answers as usual (lets the requests before a fault through).
    case pass
    /// Answers this, whatever was asked (a hostile server: a redirect, a forged page).
    case respond(TestHTTPServer.Response)

    /// A JSON answer of `text` as it is.
    public static func json(_ text: String) -> Fault {
      .respond(TestHTTPServer.Response(headers: [("Content-Type", "application/json")], text))
    }
  }

  public let user = "alice"
  public let password = "p&ss+word"
  private let lock = NSLock()
  private var server: TestHTTPServer!
  private var token = "alice/token-1"
  private var logins = 0
  private var faults: [String: [Fault]] = [:]
  private var log: [(path: String, form: [(String, String)])] = []
  public private(set) var feeds: [(id: String, title: String, label: String)] = []
  private var articles: [Article] = []
  private var urls: [String: String] = [:]
  /// The server's clock (what `updated` says).
  public var now = 1_700_000_000

  public init() throws {
    // Weak: a reader's background sync can still ask after the test let this server go; it gets a 503,
    // not a read of a freed object.
    server = try TestHTTPServer { [weak self] request in
      self?.answer(request) ?? TestHTTPServer.Response(status: 503, "the test's server is gone")
    }
  }

  deinit { server.stop() }

  public var apiURL: URL { URL(string: server.baseURL + "/api/greader.php")! }
  public var loginCount: Int { lock.withLock { logins } }
  public func stop() { server.stop() }

  /// What `subscription/quickadd` answers for the next subscriptions: the stream id (after `feed/`) and
  /// the title the server gives the feed (the address when nil).
  public func answerSubscribe(streamID: String, title: String) {
    lock.withLock { subscribeAnswer = (streamID, title) }
  }
  private var subscribeAnswer: (streamID: String, title: String)?

  public func addFeed(_ id: String, title: String, label: String) {
    lock.withLock { feeds.append((id, title, label)) }
  }

  /// The feed's address as `subscription/list` gives it (default `http://example.org/<id>`).
  public func setURL(_ url: String, of id: String) { lock.withLock { urls[id] = url } }

  public func removeFeed(_ id: String) { lock.withLock { feeds.removeAll { $0.id == id } } }

  /// Adds `count` articles to `feed`, crawled at `crawled` (default: the server's clock).
  public func addArticles(_ count: Int, feed: String, crawled: Int? = nil) {
    lock.withLock {
      for _ in 0..<count {
        let id = UInt64(articles.count + 1) + 0x5_f3a0_0000_0000
        articles.append(Article(id: id, feed: feed, title: "Article \(articles.count + 1)", crawled: crawled ?? now))
      }
    }
  }

  public func article(_ index: Int) -> Article { lock.withLock { articles[index] } }
  public func setArticle(_ index: Int, read: Bool? = nil, starred: Bool? = nil) {
    lock.withLock {
      if let read { articles[index].read = read }
      if let starred { articles[index].starred = starred }
    }
  }

  /// The next requests whose path contains `path` meet these faults, one each, in order.
  public func queue(_ faults: [Fault], on path: String) {
    lock.withLock { self.faults[path, default: []].append(contentsOf: faults) }
  }

  /// The paths asked for (without the API prefix and the query), in order.
  public var paths: [String] { lock.withLock { log.map(\.path) } }
  /// The forms posted to paths containing `path`.
  public func forms(_ path: String) -> [[(String, String)]] { lock.withLock { log.filter { $0.path.contains(path) }.map(\.form) } }

  // MARK: - Answers

  private func answer(_ request: TestHTTPServer.Request) -> TestHTTPServer.Response {
    let (path, query) = Self.split(request.path)
    let form = Self.pairs(String(decoding: request.body, as: UTF8.self)) + query
    return lock.withLock {
      log.append((path, form))
      if let key = faults.keys.first(where: { path.contains($0) && !(faults[$0] ?? []).isEmpty }) {
        switch faults[key]!.removeFirst() {
        case .status(let code, let retryAfter):
          return .init(status: code, headers: retryAfter.map { [("Retry-After", $0)] } ?? [], "failed")
        case .malformed:
          return .init(headers: [("Content-Type", "application/json")], "{\"items\": [{\"id\": ")
        case .stall(let seconds):
          return .init(delay: seconds, "{}")
        case .expireToken:
          token = "alice/token-\(logins + 100)"
        case .pass:
          break
        case .respond(let response):
          return response
        }
      }
      return route(path, form: form, auth: request.headers["authorization"])
    }
  }

  private func route(_ path: String, form: [(String, String)], auth: String?) -> TestHTTPServer.Response {
    let value = { (name: String) in form.first { $0.0 == name }?.1 }
    if path == "/accounts/ClientLogin" {
      guard value("Email") == user, value("Passwd") == password else { return .init(status: 401, "Unauthorized!") }
      logins += 1
      token = "alice/token-\(logins)"
      return .init("SID=\(token)\nLSID=null\nAuth=\(token)\n")
    }
    guard auth == "GoogleLogin auth=\(token)" else { return .init(status: 401, "Unauthorized!") }
    let json = { (object: Any) in
      TestHTTPServer.Response(headers: [("Content-Type", "application/json")], body: try! JSONSerialization.data(withJSONObject: object))
    }
    switch path {
    case "/reader/api/0/token":
      return .init("action-token\n")
    case "/reader/api/0/subscription/list":
      return json(["subscriptions": feeds.map { ["id": $0.id, "title": $0.title, "url": urls[$0.id] ?? "http://example.org/\($0.id)", "htmlUrl": "http://example.org/",
        "categories": [["id": "user/-/label/\($0.label)", "label": $0.label]]] }])
    case "/reader/api/0/stream/contents/user/-/state/com.google/reading-list":
      let since = value("ot").flatMap(Int.init) ?? 0
      let page = pageOf(articles.filter { $0.crawled >= since }, form: form)
      // The continuation last, as FreshRSS writes it (the sync asks for the next page from it early).
      var body = try! JSONSerialization.data(withJSONObject: ["updated": now, "items": page.items.map(Self.json)] as [String: Any])
      if let next = page.continuation { body.insert(contentsOf: Data(",\"continuation\":\"\(next)\"".utf8), at: body.count - 1) }
      return TestHTTPServer.Response(headers: [("Content-Type", "application/json")], body: body)
    case "/reader/api/0/stream/items/ids":
      var chosen = articles
      if value("s") == "user/-/state/com.google/starred" { chosen = chosen.filter(\.starred) }
      if value("xt") == "user/-/state/com.google/read" { chosen = chosen.filter { !$0.read } }
      let page = pageOf(chosen, form: form)
      var body: [String: Any] = ["itemRefs": page.items.map { ["id": String(Int64(bitPattern: $0.id))] }]
      if let next = page.continuation { body["continuation"] = next }
      return json(body)
    case "/reader/api/0/edit-tag":
      guard value("T") == "action-token" else { return .init(status: 401, "Unauthorized!") }
      let ids = Set(form.filter { $0.0 == "i" }.map { UInt64($0.1.split(separator: "/").last ?? "", radix: 16) ?? 0 })
      for index in articles.indices where ids.contains(articles[index].id) {
        if value("a") == "user/-/state/com.google/read" { articles[index].read = true }
        if value("r") == "user/-/state/com.google/read" { articles[index].read = false }
        if value("a") == "user/-/state/com.google/starred" { articles[index].starred = true }
        if value("r") == "user/-/state/com.google/starred" { articles[index].starred = false }
      }
      return .init("OK")
    case "/reader/api/0/subscription/quickadd":
      let url = value("quickadd") ?? ""
      let id = "feed/" + (subscribeAnswer?.streamID ?? url)
      let title = subscribeAnswer?.title ?? url
      feeds.append((id, title, ""))
      return json(["numResults": 1, "query": url, "streamId": id, "streamName": title])
    case "/reader/api/0/subscription/edit":
      guard value("T") == "action-token" else { return .init(status: 401, "Unauthorized!") }
      if value("ac") == "unsubscribe" { feeds.removeAll { $0.id == value("s") } }
      return .init("OK")
    case _ where path.hasPrefix("/reader/api/0/stream/contents/feed/"):
      return json(["items": [] as [Any]])
    default:
      return .init(status: 400, "Bad Request!")
    }
  }

  /// Newest first, `n` a page, continuing after the id given as `c`.
  private func pageOf(_ chosen: [Article], form: [(String, String)]) -> (items: [Article], continuation: String?) {
    let n = form.first { $0.0 == "n" }.flatMap { Int($0.1) } ?? 20
    var list = chosen.sorted { $0.id > $1.id }
    if let c = form.first(where: { $0.0 == "c" }).flatMap({ UInt64($0.1) }) { list = list.filter { $0.id < c } }
    let page = Array(list.prefix(n))
    return (page, list.count > n ? page.last.map { String($0.id) } : nil)
  }

  private static func json(_ article: Article) -> [String: Any] {
    var categories = ["user/-/state/com.google/reading-list"]
    if article.read { categories.append("user/-/state/com.google/read") }
    if article.starred { categories.append("user/-/state/com.google/starred") }
    return [
      "id": "tag:google.com,2005:reader/item/" + String(format: "%016llx", article.id), "title": article.title,
      "published": article.crawled, "crawlTimeMsec": "\(article.crawled)000",
      "canonical": [["href": "http://example.org/a/\(article.id)"]], "categories": categories,
      "origin": ["streamId": article.feed], "summary": ["content": "<p>Body of \(article.title)</p>"],
    ]
  }

  private static func split(_ target: String) -> (String, [(String, String)]) {
    let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
    var path = parts.first ?? ""
    if let range = path.range(of: "/api/greader.php") { path = String(path[range.upperBound...]) }
    return (path, parts.count > 1 ? pairs(parts[1]) : [])
  }

  static func pairs(_ text: String) -> [(String, String)] {
    text.split(separator: "&").map { pair in
      let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
      return (kv.first ?? "", kv.count > 1 ? kv[1] : "")
    }
  }
}
