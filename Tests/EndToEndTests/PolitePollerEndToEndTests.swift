import Foundation
import Reader
import TestSupport
import Testing

/// Issue 39 through the built binary and a logging loopback server (DESIGN §8): `splitfeed reload` run
/// again and again, as cron would, asks each server only what it allows — a moved feed at its new
/// address, a gone feed never, a 429 or a fresh feed not before its time — while `--force`, a feed named
/// on the command line and `splitfeed moved --update-urls` do what the user asks.
@Suite("a polite poller (built binary)", .serialized)
struct PolitePollerEndToEndTests {
  static func feed(_ name: String) -> Data {
    Data(
      FeedXML.rss(
        title: "Feed \(name)",
        items: [FeedXML.Item(title: "\(name) story", guid: "\(name)-1", pubDate: "Thu, 04 Sep 2014 17:09:00 GMT")]
      ).utf8)
  }

  /// The paths the server was asked since `start` requests, in order, without duplicates.
  static func asked(_ server: TestHTTPServer, since start: Int) -> Set<String> {
    Set(server.requests.dropFirst(start).map(\.path))
  }

  @Test func reloadAsksOnlyWhatEachServerAllowsAndForceAsksEverything() throws {
    let store = try StoreCommandTests()
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/old.xml": return .init(status: 301, headers: [("Location", "/new.xml")], body: Data())
      case "/temporary.xml": return .init(status: 307, headers: [("Location", "/target.xml")], body: Data())
      case "/gone.xml": return .init(status: 410, "gone")
      case "/busy.xml": return .init(status: 429, headers: [("Retry-After", "3600")], "slow down")
      case "/fresh.xml": return .init(headers: [("Cache-Control", "max-age=3600")], body: Self.feed("fresh"))
      default: return .init(body: Self.feed(String(request.path.dropFirst())))
      }
    }
    defer { server.stop() }
    let url = { (name: String) in server.baseURL + "/" + name + ".xml" }
    try store.writeURLs(
      ["old", "temporary", "gone", "busy", "fresh", "plain"].map { url($0) + ($0 == "old" ? " news \"kept\"" : "") })

    // 1. The first reload asks every feed, says once that one moved, and fails the 410 and the 429.
    let first = try store.run(["reload"])
    #expect(first.status == 1)
    #expect(first.stdout.contains("\(url("old")): moved permanently to \(url("new"))"), "\(first.stdout)")
    #expect(
      Self.asked(server, since: 0)
        == ["/old.xml", "/new.xml", "/temporary.xml", "/target.xml", "/gone.xml", "/busy.xml", "/fresh.xml", "/plain.xml"])
    for request in server.requests {
      #expect(request.headers["user-agent"] == splitfeedUserAgent)
      #expect(request.headers["user-agent"]?.hasPrefix("splitfeed/\(splitfeedVersion) (") == true)
      #expect(request.headers["accept"]?.hasPrefix("application/rss+xml, application/atom+xml") == true)
      #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
    }

    // 2. Again at once (a new process: the state is the cache's): the moved feed at its new address
    // only, the 302/307 one as before, and neither the gone, the busy nor the fresh one.
    var start = server.requests.count
    let second = try store.run(["reload"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(Self.asked(server, since: start) == ["/new.xml", "/temporary.xml", "/target.xml", "/plain.xml"])
    #expect(second.stdout.contains("\(url("gone")): gone (the server answered 410)"), "\(second.stdout)")
    #expect(second.stdout.contains("\(url("busy")): not asked until "), "\(second.stdout)")
    #expect(second.stdout.contains("the server asked to wait (Retry-After); reload --force asks anyway."))
    #expect(!second.stdout.contains("moved permanently"), "told once")
    #expect(second.stdout.hasSuffix("Reloaded 3 feeds: 3 updated (0 new articles), 0 unchanged, 0 failed. 3 feeds not due yet, not asked.\n"))

    // 3. A feed named on the command line: the gone one is asked again, the busy one only with --force.
    start = server.requests.count
    let named = try store.run(["reload", url("gone"), url("busy")])
    #expect(Self.asked(server, since: start) == ["/gone.xml"])
    #expect(named.stdout.contains("\(url("busy")): not asked until "), "\(named.stdout)")

    // 4. --force asks everything, the moved feed still at its new address.
    start = server.requests.count
    let forced = try store.run(["reload", "--force"])
    #expect(forced.status == 1)
    #expect(
      Self.asked(server, since: start)
        == ["/new.xml", "/temporary.xml", "/target.xml", "/gone.xml", "/busy.xml", "/fresh.xml", "/plain.xml"])

    // 5. The urls file is rewritten only on request; the feed keeps its articles and read state.
    let cache = try Cache(path: store.cachePath)
    let moved = try #require(try cache.feeds(urls: [url("old")]).first)
    #expect(moved.poll.movedTo == url("new"))
    let articles = try cache.items(feedID: moved.id)
    #expect(articles.map(\.title) == ["new.xml story"])
    try cache.setRead(true, itemIDs: [articles[0].id])
    let listed = try store.run(["moved"])
    #expect(listed.stdout.hasPrefix("\(url("old")) -> \(url("new"))\n"), "\(listed.stdout)")
    #expect(try String(contentsOfFile: store.urlsPath, encoding: .utf8).hasPrefix(url("old") + " news \"kept\"\n"))
    let updated = try store.run(["moved", "--update-urls"])
    #expect(updated.status == 0, "\(updated.stderr)")
    #expect(try String(contentsOfFile: store.urlsPath, encoding: .utf8).hasPrefix(url("new") + " news \"kept\"\n"))
    let adopted = try #require(try cache.feed(id: moved.id))
    #expect(adopted.url == url("new") && adopted.poll.movedTo == nil)
    #expect(try cache.items(feedID: moved.id).map(\.isRead) == [true])
    start = server.requests.count
    _ = try store.run(["reload", "--force"])
    #expect(Self.asked(server, since: start).contains("/new.xml") && !Self.asked(server, since: start).contains("/old.xml"))
  }
}
