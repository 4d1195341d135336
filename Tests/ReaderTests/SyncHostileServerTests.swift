import Foundation
import Testing

@testable import Reader
import TestSupport

/// A hostile Google Reader server on loopback: redirects that would carry the password or the token to
/// another host, numbers and dates past every range, continuations that never end, a 30 MB article,
/// and a subscription list that takes a local feed's address and drops it again.
@Suite("Sync against a hostile server", .serialized)
struct SyncHostileServerTests {
  let fixture: SyncFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var server: GReaderTestServer { fixture.server }

  init() throws { fixture = try SyncFixture("splitfeed-hostile", feeds: [("feed/1", "One", "Tech")]) }

  func synchronizer(maxPages: Int? = nil) -> Synchronizer {
    var sync = fixture.synchronizer(retry: SyncRetry(attempts: 2, baseDelay: 0.05, maxWait: 1))
    if let maxPages { sync.maxPages = maxPages }
    return sync
  }

  func run(_ sync: Synchronizer) async -> Result<SyncReport, SyncError> { await fixture.run(sync) }

  /// One `stream/contents` item of feed/1 with `fields` (JSON members) added.
  static func item(_ n: Int, _ fields: String = "") -> String {
    #"{"id": "tag:google.com,2005:reader/item/\#(String(format: "%016x", n))", "title": "Hostile \#(n)", "origin": {"streamId": "feed/1"}\#(fields.isEmpty ? "" : ", " + fields)}"#
  }

  // MARK: - Redirects

  @Test(arguments: [301, 302, 303, 307, 308])
  func theLoginRedirectedToAnotherHostSendsItNothing(status: Int) async throws {
    let elsewhere = try TestHTTPServer { _ in .init("SID=stolen\nAuth=stolen\n") }
    defer { elsewhere.stop() }
    server.queue(
      [.respond(.init(status: status, headers: [("Location", elsewhere.baseURL + "/api/greader.php/accounts/ClientLogin")]))],
      on: "accounts/ClientLogin")
    let error = try #require(await run(synchronizer()).failure)
    #expect(elsewhere.requests.isEmpty, "the other host got \(elsewhere.requests.map(\.path))")
    #expect(error.description.contains("never re-sends a form"), "\(error)")
    #expect(!error.description.contains(server.password))
    #expect(try cache.syncValue(.auth) == nil)
  }

  @Test func aReadRedirectedToAnotherOriginCarriesNoTokenThere() async throws {
    let elsewhere = try TestHTTPServer { _ in .init(#"{"subscriptions": []}"#) }
    defer { elsewhere.stop() }
    server.queue([.respond(.redirect(to: elsewhere.baseURL + "/list"))], on: "subscription/list")
    let error = try #require(await run(synchronizer()).failure)
    #expect(elsewhere.requests.isEmpty, "the other port got \(elsewhere.requests.map(\.headers))")
    #expect(error.description.contains("stays on sync-url's origin"), "\(error)")
  }

  @Test func aReadRedirectedWithinTheServerIsFollowed() async throws {
    server.addArticles(3, feed: "feed/1")
    server.queue([.respond(.redirect(to: server.apiURL.absoluteString + "/reader/api/0/subscription/list?output=json"))], on: "subscription/list")
    let report = try await run(synchronizer()).get()
    #expect(report.feeds == 1 && report.newArticles == 3)
  }

  @Test func theRedirectRuleComparesSchemeHostAndPort() throws {
    let base = try #require(URL(string: "https://rss.example.org/api/greader.php/reader/api/0/tag/list"))
    let target = { (location: String, post: Bool) in
      Result { () throws(SyncError) in try GReaderClient.redirectTarget(from: base, to: location, isPost: post, what: "x", tooMany: false) }
    }
    #expect(try target("/api/greader.php/other", false).get().absoluteString == "https://rss.example.org/api/greader.php/other")
    #expect(try target("https://RSS.example.org:443/a", false).get().path == "/a", "the same origin, spelled otherwise")
    for location in ["http://rss.example.org/a", "https://rss.example.org:8443/a", "https://evil.example/a"] {
      #expect(throws: SyncError.self, "\(location)") { try target(location, false).get() }
    }
    #expect(throws: SyncError.self) { try target("/api/greader.php/same-origin", true).get() }
  }

  // MARK: - Numbers and dates

  @Test func numbersAndDatesPastEveryRangeAreClampedNotFatal() async throws {
    let items = [
      Self.item(1, #""published": 1e19, "enclosure": [{"href": "http://e.example/a.mp3", "length": 1e300}]"#),
      Self.item(2, #""published": "nan", "updated": -1e300, "enclosure": [{"href": "http://e.example/b.mp3", "length": "-5"}]"#),
      Self.item(3, #""published": 9.3e18, "enclosure": [{"href": "http://e.example/c.mp3", "length": "nan"}]"#),
    ]
    server.queue([.json(#"{"updated": 1e300, "items": [\#(items.joined(separator: ","))]}"#)], on: "stream/contents")
    let report = try await run(synchronizer()).get()
    #expect(report.newArticles == 3)
    let feed = try #require(try cache.feeds().first)
    let stored = try cache.items(feedID: feed.id).sorted { $0.title < $1.title }
    #expect(stored.map(\.title) == ["Hostile 1", "Hostile 2", "Hostile 3"])
    #expect(stored[0].date?.timeIntervalSince1970 == StoredDate.latest)
    #expect(stored[1].date?.timeIntervalSince1970 == StoredDate.earliest, "no published: the updated date, clamped")
    #expect(stored[2].date?.timeIntervalSince1970 == StoredDate.latest)
    let lengths = try stored.map { try #require(try cache.article(id: $0.id)).item.enclosures.first?.length }
    #expect(lengths == [1 << 53, 0, nil])
    // A server clock of 1e300 is no clock: the next sync asks for everything rather than for year 9999.
    #expect(try cache.syncValue(.serverTime) == nil)
  }

  // MARK: - Paging that never ends

  @Test func continuationsThatCycleEndAndSaySo() async throws {
    // A, B, A, B… for as long as asked.
    let pages = (0..<60).map { n in
      GReaderTestServer.Fault.json(#"{"items": [\#(Self.item(n + 1))], "continuation": "\#(n % 2 == 0 ? "A" : "B")"}"#)
    }
    server.queue(pages, on: "stream/contents")
    let report = try await run(synchronizer()).get()
    #expect(server.paths.filter { $0.contains("stream/contents") }.count == 3)
    #expect(report.warnings.contains { $0.contains("came round to an earlier continuation") }, "\(report.warnings)")
  }

  @Test func idPagesWithAFreshTokenEachTimeStopAtThePageCap() async throws {
    server.addArticles(2, feed: "feed/1")
    _ = try await run(synchronizer(maxPages: 10)).get()  // a first sync takes the flags from its pages
    let pages = (0..<200).map { n in GReaderTestServer.Fault.json(#"{"itemRefs": [{"id": "\#(n + 1000)"}], "continuation": "t\#(n)"}"#) }
    server.queue(pages, on: "stream/items/ids")
    let report = try await run(synchronizer(maxPages: 10)).get()
    // Two lists (unread and starred), each stopped at 10 pages.
    #expect(server.paths.filter { $0.contains("stream/items/ids") }.count == 20)
    #expect(report.warnings.filter { $0.contains("went past 10 pages") }.count == 2, "\(report.warnings)")
  }

  // MARK: - Text

  @Test func aHugeArticleIsCutAtTheFeedsCapWithTheSameWarning() async throws {
    // 5 MiB of "é" (2 bytes each, so the cap falls inside one unless cut on a boundary).
    let body = String(repeating: "é", count: 5 << 19) + "x"
    server.queue([.json(#"{"items": [\#(Self.item(1, #""summary": {"content": "\#(body)"}"#))]}"#)], on: "stream/contents")
    let report = try await run(synchronizer()).get()
    #expect(report.warnings == ["Sync: 1 text field was longer than 4 MiB and cut there."])
    let feed = try #require(try cache.feeds().first)
    let stored = try #require(try cache.items(feedID: feed.id).first)
    let content = try #require(try cache.article(id: stored.id)?.item.content)
    #expect(content.utf8.count == FeedBuilder.maxFieldBytes)
    #expect(content.unicodeScalars.allSatisfy { $0 == "é" })
  }

  // MARK: - Local feeds

  @Test func aLocalFeedTheServerListsThenDropsIsNeitherTakenNorDeleted() async throws {
    let address = "https://local.example/feed.xml"
    let local = try #require(try cache.addFeeds(urls: [address]).first)
    try cache.storeNow(
      Feed(title: "Mine", items: [CacheTests.item(1, id: "m1"), CacheTests.item(2, id: "m2")]), feedID: local.id,
      validators: Validators())
    let starred = try #require(try cache.items(feedID: local.id).first)
    try cache.setStarred(true, itemIDs: [starred.id])

    server.addFeed("feed/9", title: "Theirs", label: "Tech")
    server.setURL(address, of: "feed/9")
    var sync = synchronizer()
    sync.localFeedURLs = [address]
    _ = try await run(sync).get()
    #expect(try cache.feed(id: local.id)?.remoteID == nil, "taken over by the server")
    server.removeFeed("feed/9")
    _ = try await run(sync).get()
    let kept = try cache.items(feedID: local.id)
    #expect(kept.count == 2)
    #expect(kept.contains { $0.id == starred.id && $0.isStarred })
  }

  @Test func aLocalFeedTakenOverBeforeIsLetGoNotDeleted() throws {
    let address = "https://local.example/feed.xml"
    let local = try #require(try cache.addFeeds(urls: [address]).first)
    try cache.storeNow(Feed(title: "Mine", items: [CacheTests.item(1, id: "m1")]), feedID: local.id, validators: Validators())
    // What a build without the rule did: the server's subscription took the local feed over.
    _ = try cache.applySubscriptions([(remoteID: "feed/9", url: address, title: nil, siteLink: nil, labels: [])])
    #expect(try cache.feed(id: local.id)?.remoteID == "feed/9")
    _ = try cache.applySubscriptions([], localURLs: [address])
    #expect(try cache.feed(id: local.id)?.remoteID == nil)
    #expect(try cache.items(feedID: local.id).count == 1)
  }
}
