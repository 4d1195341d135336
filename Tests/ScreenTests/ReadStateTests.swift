import Foundation
import Reader
import ScreenKit
import TestSupport
import Testing

@testable import ReaderUI

/// One source of truth for marks (docs/ARCHITECTURE.md, "A mark, from key to count"): the cache, with
/// only the marks not yet written laid over it, and every count derived from that. The two drifts the
/// old shape had — a reload ending while a mark waits to be written, and a sync changing a flag this run
/// also changed — and a query feed's count, which did not follow marks at all.
@MainActor
@Suite(.serialized)
struct ReadStateTests {
  /// The feed list's row for `title` (its counts at the right).
  func row(_ h: Harness, _ title: String) -> String { h.lines.first { $0.contains(title) } ?? "" }

  func isBold(_ h: Harness, _ text: String) throws -> Bool {
    let point = try #require(h.find(text))
    return h.surface[point.x, point.y].style.attributes.contains(.bold)
  }

  /// A reload ends while the writer still holds a mark (a slow disk): the counts the reload re-reads
  /// keep the mark, and stay right once it is written.
  @Test(arguments: [(120, 40), (50, 30)])
  func aReloadEndingWhileAMarkWaitsKeepsItsCount(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    #expect(row(h, "AppCoda").contains("5/5"))
    h.session.writer.isHeld = true
    h.press(.enter, .character("N"))  // the first article read; its write waits
    h.press(.character("h"))
    #expect(row(h, "AppCoda").contains("4/5"))
    h.session.events.post(.reloadFinished(ReloadRun(results: [])))
    h.drain()
    #expect(row(h, "AppCoda").contains("4/5"), "the reload's counts keep the mark not yet written")
    #expect(h.text.contains("1 Feeds (5)"))
    h.session.writer.isHeld = false
    try await h.eventually("the mark written") { h.session.writer.isIdle }
    #expect(row(h, "AppCoda").contains("4/5"))
    #expect(h.text.contains("1 Feeds (5)"))
  }

  /// `u` while the writer holds both the mark and its undo: the counts follow each at once.
  @Test func undoWhileWritesWaitCountsRight() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.session.writer.isHeld = true
    h.press(.character("A"))
    #expect(row(h, "AppCoda").contains("0/5"))
    h.press(.character("u"))
    #expect(row(h, "AppCoda").contains("5/5"))
    h.session.writer.isHeld = false
    try await h.eventually("the marks written") { h.session.writer.isIdle }
    #expect(row(h, "AppCoda").contains("5/5"))
    #expect(try h.session.cache.feed(id: h.session.feeds[0].id)?.unreadCount == 5)
  }

  /// `C` is a range, not a list (a million articles at scale): while the writer waits the counts say
  /// nothing is unread, an article a reload stores after it stays unread and counted, and once written
  /// `u` makes exactly the marked articles unread again.
  @Test func cMarksUpToTheNewestArticleAndUndoesExactly() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    let appcoda = h.session.feeds[0].id
    h.session.writer.isHeld = true
    h.press(.character("C"), .character("y"))
    #expect(row(h, "AppCoda").contains("0/5"))
    #expect(row(h, "Swift Blog").contains("0/1"))
    #expect(h.text.contains("Marked 6 articles read"))
    let late = Item(title: "Stored after the mark", id: "late", published: SampleFeeds.date("2014-09-05 10:00"))
    try h.session.cache.storeNow(Feed(title: "AppCoda", items: [late]), feedID: appcoda, validators: Validators())
    h.session.events.post(.reloadFinished(ReloadRun(results: [])))
    h.drain()
    #expect(row(h, "AppCoda").contains("1/6"), "the new article is not the mark's")
    h.session.writer.isHeld = false
    try await h.eventually("the mark written") { h.session.writer.isIdle }
    #expect(row(h, "AppCoda").contains("1/6"))
    #expect(try h.session.cache.items(feedID: appcoda).filter { !$0.isRead }.map(\.title) == ["Stored after the mark"])
    h.press(.character("u"))
    #expect(row(h, "AppCoda").contains("6/6"))
    #expect(row(h, "Swift Blog").contains("1/1"))
    try await h.eventually("the undo written") { h.session.writer.isIdle }
    #expect(try h.session.cache.feed(id: appcoda)?.unreadCount == 6)
  }

  /// `u` before the writer reached `C`: nothing is written, the counts are the cache's at once.
  @Test func undoBeforeTheWholeFeedsMarkIsWrittenWritesNothing() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.session.writer.isHeld = true
    h.press(.character("C"), .character("y"), .character("u"))
    #expect(row(h, "AppCoda").contains("5/5"))
    h.session.writer.isHeld = false
    try await h.eventually("the writes done") { h.session.writer.isIdle }
    #expect(try h.session.cache.feed(id: h.session.feeds[0].id)?.unreadCount == 5)
    #expect(try h.session.cache.feed(id: h.session.feeds[1].id)?.unreadCount == 1)
    #expect(row(h, "AppCoda").contains("5/5"))
  }

  /// A quit while `C` is being written waits for the whole range, however many transactions it takes
  /// (a minute or two at a million articles), saying so: the other marks' ten seconds would leave the
  /// rest unread.
  @Test func aQuitWaitsForAWholeFeedsMarkToBeWritten() async throws {
    let many = Feed(title: "Many", items: (1...(Cache.markChunk * 3)).map { Item(title: "Article \($0)", id: "m\($0)") })
    let h = Harness(120, 40, feeds: [many])
    h.session.writer.isHeld = true
    h.press(.character("C"), .character("y"))
    h.session.writer.isHeld = false  // the range is in flight
    var said = 0
    h.session.writer.finishBeforeExit(timeout: 0) { said += 1 }
    #expect(try h.session.cache.feed(id: h.session.feeds[0].id)?.unreadCount == 0)
    #expect(said <= 1)
  }

  /// A query feed's row counts its articles as the marks change them, without a reload.
  @Test(arguments: [(120, 40), (50, 30)])
  func aQueryFeedsCountFollowsMarks(width: Int, height: Int) async throws {
    let apple = QueryFeed(title: "Apple", expression: try FilterExpression(parsing: "title =~ \"iOS\""), line: 1)
    let h = Harness(width, height, feeds: SampleFeeds.many, queryFeeds: [apple])
    let matching = try h.session.cache.count(in: ItemScope(.query(apple.expression)))
    try await h.eventually("the query feed counted") { row(h, "Apple").contains("\(matching)/\(matching)") }
    h.press(.enter, .character("N"))  // AppCoda's first article: "… Dynamic Type in iOS 8"
    h.press(.character("h"))
    #expect(row(h, "Apple").contains("\(matching - 1)/\(matching)"), "\(row(h, "Apple"))")
    h.press(.character("u"))
    #expect(row(h, "Apple").contains("\(matching)/\(matching)"))
    h.press(.character("C"), .character("y"))
    #expect(row(h, "Unread").contains(" 0"))
    // A mark over whole feeds is a range: the query feed is counted again with it, off the main thread.
    try await h.eventually("the query feed counted with C") { row(h, "Apple").contains("0/\(matching)") }
  }

  /// Another reader of the cache makes the open article unread and takes its star: after the next
  /// reload Recent and the article's title show the cache's flags, not the ones this run's copies held
  /// (the flag store, `ArticleFlags`, reads what it keeps again when the data changes).
  @Test func aFlagChangedInTheCacheShowsOnRecentAndTheOpenArticleAfterAReload() async throws {
    let h = Harness(120, 40)
    let title = SampleFeeds.appcoda.items[0].title
    h.press(.enter, .character("s"))  // the first article opened (read) and starred
    #expect(h.text.contains("★ \(title)"))
    try await h.eventually("the marks written") { h.session.writer.isIdle }
    let id = try #require(h.session.selected?.id)
    try h.session.cache.setRead(false, itemIDs: [id])
    try h.session.cache.setStarred(false, itemIDs: [id])
    h.session.events.post(.reloadFinished(ReloadRun(results: [])))
    h.drain()
    #expect(!h.text.contains("★ \(title)"), "the open article's star is the cache's\n\(h.text)")
    h.press(.character("2"))
    #expect(h.lines[2].hasPrefix(" Understanding Self"))
    #expect(h.surface[1, 2].style.attributes.contains(.bold), "Recent shows the article unread\n\(h.text)")
  }

  /// A synced run reads an article, the mark reaches the server, then another device makes it unread
  /// again: after the next sync the row is unread, as its feed's count says (this run's earlier mark
  /// no longer wins over the cache).
  @Test func aSyncChangingAFlagThisRunChangedShowsTheServersFlag() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readstate-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.now = Int(Date().timeIntervalSince1970)
    server.addFeed("feed/1", title: "Server News", label: "news")
    server.addFeed("feed/2", title: "Other News", label: "other")
    server.addArticles(3, feed: "feed/1")
    server.addArticles(1, feed: "feed/2")
    let cache = try Cache(path: folder.appendingPathComponent("cache.db").path)
    let h = Harness(100, 24, cache: cache, feeds: []) { $0.isSynced = true }
    let account = SyncAccount(apiURL: server.apiURL, user: server.user, password: server.password)
    h.session.serverSync = ServerSync(synchronizer: Synchronizer(cache: cache, account: account), events: h.session.events)
    h.session.start()
    try await h.eventually("the first sync") { row(h, "news/").contains(" 3") }
    h.press(.character("g"), .character("j"), .character("j"), .enter)  // Unread, Starred, then news/
    try await h.eventually("the tag's feeds") { row(h, "Server News").contains("3/3") }
    h.press(.enter)
    try await h.eventually("the articles") { h.text.contains("Article 3") }
    h.press(.character("N"))  // the first row read here
    try await h.eventually("the mark on the server") {
      try h.session.writer.isIdle && cache.pendingSyncChanges() == 0 && (0..<3).contains { server.article($0).read }
    }
    let read = (0..<3).filter { server.article($0).read }
    #expect(read.count == 1)
    let title = server.article(read[0]).title
    #expect(!(try isBold(h, title)))
    server.setArticle(read[0], read: false)  // another device makes it unread
    h.press(.character("R"))
    try await h.eventually("the sync's end") { !h.session.reloads.isRunning && h.text.contains("Synced") }
    #expect(try isBold(h, title), "the row shows the server's flag\n\(h.text)")
    h.press(.character("h"))
    #expect(row(h, "Server News").contains("3/3"), "\(h.text)")
  }
}
