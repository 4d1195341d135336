import Foundation
import Testing

@testable import Reader
import TestSupport

/// The sync against a scripted Google Reader API on loopback: continuation paging, a token that expires
/// mid-sync, 5xx and 429 answers, malformed JSON and a stalling server, and the queue of marks.
@Suite("Sync protocol edges", .serialized)
struct SyncProtocolTests {
  let fixture: SyncFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var server: GReaderTestServer { fixture.server }

  init() throws {
    fixture = try SyncFixture("splitfeed-sync", feeds: [("feed/1", "One", "Tech"), ("feed/2", "Two", "News")])
  }

  func synchronizer(timeout: Double = 5, pageSize: Int = 10, password: String? = nil) -> Synchronizer {
    var sync = fixture.synchronizer(
      timeout: timeout, pageSize: pageSize, password: password, retry: SyncRetry(attempts: 3, baseDelay: 0.05, maxWait: 3))
    sync.batchSize = 4
    return sync
  }

  func run(_ sync: Synchronizer) async -> Result<SyncReport, SyncError> { await fixture.run(sync) }

  func synced() throws -> [ItemSummary] {
    try cache.feeds().flatMap { try cache.items(feedID: $0.id) }
  }

  @Test func continuationPagesThroughThreePagesAndOnlyAsksForWhatIsNewNext() async throws {
    server.addArticles(14, feed: "feed/1")
    server.addArticles(11, feed: "feed/2")
    server.setArticle(0, read: true, starred: true)
    let report = try await run(synchronizer()).get()
    #expect(report.feeds == 2)
    #expect(report.newArticles == 25)
    #expect(report.newArticleFeedTitles == ["One", "Two"])
    #expect(server.paths.filter { $0.contains("stream/contents") }.count == 3)
    let items = try synced()
    #expect(items.count == 25)
    #expect(items.filter(\.isRead).count == 1 && items.filter(\.isStarred).count == 1)
    #expect(try cache.syncedFeeds().map(\.labels) == [["Tech"], ["News"]])

    server.now += 60
    server.addArticles(2, feed: "feed/2")
    let second = try await run(synchronizer()).get()
    #expect(second.newArticles == 2)
    let last = try #require(server.forms("stream/contents").last)
    #expect(last.contains { $0 == ("ot", "1700000000") })
    #expect(try synced().count == 27)
  }

  @Test func anExpiredTokenLogsInOnceAndTheSyncGoesOn() async throws {
    server.addArticles(25, feed: "feed/1")
    server.queue([.expireToken], on: "stream/contents")
    let report = try await run(synchronizer()).get()
    #expect(report.newArticles == 25)
    #expect(server.loginCount == 2)
    #expect(try cache.syncValue(.auth) == "alice/token-2")
  }

  @Test func aSecond401AfterLoggingInAgainIsOneClearLine() async throws {
    server.queue([.status(401), .status(401)], on: "subscription/list")
    let error = try #require(await run(synchronizer()).failure)
    #expect(error.description == "Sync: the server refused the session again right after a new login (401 on subscription/list); check the account on the server.")
    #expect(server.loginCount == 2)
  }

  @Test func aWrongPasswordSaysSo() async throws {
    let error = try #require(await run(synchronizer(password: "wrong")).failure)
    #expect(error.description.contains("refused the password of user alice"))
    #expect(!error.description.contains("wrong"))
  }

  @Test func a500ThenSuccessIsRetried() async throws {
    server.addArticles(3, feed: "feed/1")
    server.queue([.status(500)], on: "stream/contents")
    let report = try await run(synchronizer()).get()
    #expect(report.newArticles == 3)
  }

  @Test func fiveHundredsInARowEndTheSyncWithWhenToRetry() async throws {
    server.queue([.status(503), .status(503), .status(503)], on: "subscription/list")
    let error = try #require(await run(synchronizer()).failure)
    #expect(error.description == "Sync: the server failed (503 Service Unavailable on subscription/list); retry later.")
    #expect(error.retryAfter != nil)
  }

  @Test func a429WaitsForRetryAfterThenGoesOn() async throws {
    _ = try await run(synchronizer()).get()  // a first sync asks for no id list
    server.addArticles(3, feed: "feed/1")
    server.queue([.status(429, retryAfter: "1")], on: "stream/items/ids")
    let start = Date()
    let report = try await run(synchronizer()).get()
    #expect(Date().timeIntervalSince(start) >= 1)
    #expect(report.newArticles == 3)
  }

  @Test func aLongRetryAfterEndsTheSyncAndSaysWhen() async throws {
    server.queue([.status(429, retryAfter: "120")], on: "subscription/list")
    let start = Date()
    let error = try #require(await run(synchronizer()).failure)
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(error.retryAfter == 120)
    #expect(error.description == "Sync: the server asks to slow down (429 Too Many Requests on subscription/list); retry after 120 seconds.")
  }

  @Test func malformedJSONIsOneLineAndTheNextSyncRecovers() async throws {
    server.addArticles(3, feed: "feed/1")
    server.queue([.malformed], on: "stream/contents")
    let error = try #require(await run(synchronizer()).failure)
    #expect(error.description == "Sync: the server's answer to stream/contents is malformed (not JSON); retry later or check the server.")
    #expect(try cache.syncValue(.serverTime) == nil)
    #expect(try await run(synchronizer()).get().newArticles == 3)
  }

  @Test func aStallingServerIsBoundedByTheTimeout() async throws {
    server.queue([.stall(8)], on: "subscription/list")
    let start = Date()
    let error = try #require(await run(synchronizer(timeout: 0.5)).failure)
    #expect(Date().timeIntervalSince(start) < 4)
    #expect(error.description.hasPrefix("Sync: ") && error.description.contains("did not answer within"))
  }

  @Test func marksQueueInTheSameTransactionAndGoInBatchesThatSurviveAReopen() async throws {
    server.addArticles(10, feed: "feed/1")
    _ = try await run(synchronizer()).get()
    let items = try synced()
    try cache.setRead(true, itemIDs: items.prefix(6).map(\.id))
    try cache.setStarred(true, itemIDs: [items[0].id])
    try cache.setRead(false, itemIDs: [items[5].id])  // replaces its queued read
    #expect(try cache.pendingSyncChanges() == 7)

    // kill -9 keeps committed transactions: a new Cache on the same file still has the queue.
    let reopened = try Cache(path: dir.path("cache.db"))
    #expect(try reopened.pendingSyncChanges() == 7)
    let sent = try await synchronizer().sendQueue()
    #expect(sent == 7)
    #expect(try cache.pendingSyncChanges() == 0)
    let readForms = server.forms("edit-tag").filter { $0.contains { $0 == ("a", GReader.readTag) } }
    #expect(readForms.map { $0.filter { $0.0 == "i" }.count } == [4, 1])
    let serverRead = (0..<10).filter { server.article($0).read }.count
    #expect(serverRead == 5)
    #expect((0..<10).filter { server.article($0).starred }.count == 1)
  }

  @Test func anOfflineServerKeepsTheQueueAndBacksOff() async throws {
    server.addArticles(2, feed: "feed/1")
    _ = try await run(synchronizer()).get()
    try cache.setStarred(true, itemIDs: try synced().map(\.id))
    server.stop()
    let sync = synchronizer(timeout: 1)
    await #expect(throws: SyncError.self) { try await sync.sendQueue() }
    #expect(try cache.pendingSyncChanges() == 2)
    // Within the backoff the queue does not reach the server, and says the last failure again.
    do throws(SyncError) {
      _ = try await sync.sendQueue()
      Issue.record("sent while backing off")
    } catch {
      #expect(error.description.contains("refused"))
      #expect((error.retryAfter ?? 0) > 0)
    }
  }

  @Test func aQueuedChangeWinsOverTheServersOlderStateOtherwiseTheServerWins() async throws {
    server.addArticles(4, feed: "feed/1")
    _ = try await run(synchronizer()).get()
    let items = try synced()
    let byTitle = Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) })
    // Another device stars Article 2; here Article 1 is read, but its mark has not reached the server.
    server.setArticle(1, starred: true)
    try cache.setRead(true, itemIDs: [try #require(byTitle["Article 1"]).id])
    // The server's older state: all four unread, none starred.
    let allUnread = Set((0..<4).map { String(format: "%016llx", server.article($0).id) })
    #expect(try cache.applyRemoteStates(unread: allUnread, starred: []) == 0)
    let after = Dictionary(uniqueKeysWithValues: try synced().map { ($0.title, $0) })
    #expect(after["Article 1"]?.isRead == true)  // queued here: kept
    // A full sync sends the queue first, then takes the server's state for the rest.
    _ = try await run(synchronizer()).get()
    let final = Dictionary(uniqueKeysWithValues: try synced().map { ($0.title, $0) })
    #expect(final["Article 1"]?.isRead == true && server.article(0).read)
    #expect(final["Article 2"]?.isStarred == true)
    #expect(final["Article 3"]?.isRead == false)
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

/// What `sync-login` says when the settings are wrong: one line each, never the password.
@Suite("Sync login lines")
struct SyncLoginTests {
  func login(_ url: String, status: Int = 200, body: String = "") async throws -> SyncError? {
    let server = try TestHTTPServer { _ in .init(status: status, body) }
    defer { server.stop() }
    let dir = try TemporaryDirectory("splitfeed-sync-login")
    let address = try #require(URL(string: url.replacingOccurrences(of: "SERVER", with: server.baseURL)))
    let sync = Synchronizer(
      cache: try Cache(path: dir.path("cache.db")), account: SyncAccount(apiURL: address, user: "bob", password: "s3cret"))
    do throws(SyncError) {
      try await sync.checkLogin()
      return nil
    } catch {
      #expect(!error.description.contains("s3cret") && !error.description.contains("\n"))
      return error
    }
  }

  @Test func eachWrongSettingIsOneLine() async throws {
    #expect(try await login("ftp://example.org/api")?.description == "Sync: the sync-url ftp://example.org/api is not an http(s) address.")
    #expect(try await login("SERVER/api/greader.php", status: 404)?.description.hasPrefix("Sync: there is no Google Reader API at") == true)
    #expect(try await login("SERVER/api/greader.php", status: 503)?.description.contains("API is disabled") == true)
    #expect(try await login("SERVER/api/greader.php", body: "<html>welcome</html>")?.description.contains("not a Google Reader API") == true)
    let refused = try await login("http://127.0.0.1:\(try TestHTTPServer.closedPort())/api/greader.php")
    #expect(refused?.description == "Sync: Could not connect to 127.0.0.1: the connection was refused.")
  }

  @Test func anAccountNeverPrintsItsPassword() throws {
    let account = SyncAccount(apiURL: URL(string: "https://host/api/greader.php")!, user: "bob", password: "s3cret")
    var dumped = ""
    dump(account, to: &dumped)
    for text in ["\(account)", String(reflecting: account), dumped] { #expect(!text.contains("s3cret")) }
  }
}
