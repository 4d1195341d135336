import Foundation

/// "Another device": a small Google Reader API client the tests drive directly, through the `curl`
/// program, so it shares no code with the splitfeed it checks. It subscribes feeds, lists the server's
/// items with their read and starred states, and marks items as a phone would.
struct GReaderDevice {
  struct Item: Equatable, CustomStringConvertible {
    var id: String
    var title: String
    var feedID: String
    var isRead: Bool
    var isStarred: Bool
    var description: String { "\(title) read=\(isRead) starred=\(isStarred)" }
  }

  static let readTag = "user/-/state/com.google/read"
  static let starredTag = "user/-/state/com.google/starred"

  let apiURL: String
  private let auth: String
  private let token: String

  /// Logs in with the API password (`accounts/ClientLogin`) and takes the write token.
  init(_ server: FreshRSSServer) throws {
    apiURL = server.apiURL
    let login = try Self.curl(["-d", "Email=\(server.user)&Passwd=\(server.password)", apiURL + "/accounts/ClientLogin"])
    guard let line = login.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
      throw TmuxHarness.Failure(description: "FreshRSS refused the login: \(login)")
    }
    auth = String(line.dropFirst(5))
    token = try Self.curl(["-H", "Authorization: GoogleLogin auth=\(auth)", apiURL + "/reader/api/0/token"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Subscribes to `feedURL` (`subscription/quickadd`: the server fetches it at once); returns its stream id.
  @discardableResult
  func subscribe(_ feedURL: String) throws -> String {
    let answer = try json(post: "/reader/api/0/subscription/quickadd", ["quickadd": feedURL])
    guard let id = answer["streamId"] as? String else {
      throw TmuxHarness.Failure(description: "quickadd of \(feedURL) answered \(answer)")
    }
    return id
  }

  /// The server's subscriptions: stream id, title and feed address.
  func subscriptions() throws -> [(id: String, title: String, url: String)] {
    let answer = try json(get: "/reader/api/0/subscription/list?output=json")
    return (answer["subscriptions"] as? [[String: Any]] ?? []).map {
      ($0["id"] as? String ?? "", $0["title"] as? String ?? "", $0["url"] as? String ?? "")
    }
  }

  /// Every item of the reading list, read or not, with its states (paged with `continuation`).
  func items() throws -> [Item] {
    var items: [Item] = []
    var continuation: String?
    repeat {
      let suffix = continuation.map { "&c=" + $0 } ?? ""
      let page = try json(get: "/reader/api/0/stream/contents/user/-/state/com.google/reading-list?output=json&n=100" + suffix)
      for entry in page["items"] as? [[String: Any]] ?? [] {
        let categories = entry["categories"] as? [String] ?? []
        let origin = entry["origin"] as? [String: Any]
        items.append(
          Item(
            id: entry["id"] as? String ?? "", title: entry["title"] as? String ?? "",
            feedID: origin?["streamId"] as? String ?? "",
            isRead: categories.contains { $0.hasSuffix("/state/com.google/read") },
            isStarred: categories.contains { $0.hasSuffix("/state/com.google/starred") }))
      }
      continuation = page["continuation"] as? String
    } while continuation != nil
    return items
  }

  /// The item titled `title` (test feeds give every item its own title).
  func item(titled title: String) throws -> Item {
    guard let item = try items().first(where: { $0.title == title }) else {
      throw TmuxHarness.Failure(description: "the server has no item titled \(title)")
    }
    return item
  }

  /// Adds and removes a state (`readTag`, `starredTag`) on items, as a phone does (`edit-tag`).
  func editTag(_ ids: [String], add: String? = nil, remove: String? = nil) throws {
    var fields = ids.map { ("i", $0) }
    if let add { fields.append(("a", add)) }
    if let remove { fields.append(("r", remove)) }
    let answer = try post("/reader/api/0/edit-tag", fields)
    guard answer.trimmingCharacters(in: .whitespacesAndNewlines) == "OK" else {
      throw TmuxHarness.Failure(description: "edit-tag answered \(answer)")
    }
  }

  // MARK: HTTP

  private func json(get path: String) throws -> [String: Any] {
    try Self.decode(try Self.curl(["-H", "Authorization: GoogleLogin auth=\(auth)", apiURL + path]))
  }

  private func json(post path: String, _ query: [String: String]) throws -> [String: Any] {
    let items = query.map { URLQueryItem(name: $0.key, value: $0.value) }
    var components = URLComponents()
    components.queryItems = items
    return try Self.decode(try post(path + "?" + (components.percentEncodedQuery ?? ""), []))
  }

  private func post(_ path: String, _ fields: [(String, String)]) throws -> String {
    var arguments = ["-H", "Authorization: GoogleLogin auth=\(auth)", "--data-urlencode", "T=\(token)"]
    for (name, value) in fields { arguments += ["--data-urlencode", "\(name)=\(value)"] }
    return try Self.curl(arguments + [apiURL + path])
  }

  private static func decode(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
      throw TmuxHarness.Failure(description: "not a JSON object: \(text.prefix(200))")
    }
    return object
  }

  private static func curl(_ arguments: [String]) throws -> String {
    let result = try Command.run("curl", ["-fsS", "--max-time", "30"] + arguments)
    guard result.status == 0 else {
      throw TmuxHarness.Failure(description: "curl \(arguments.last ?? "") failed: \(result.stderr)")
    }
    return result.stdout
  }
}
