import Foundation
import Reader
import ScreenKit
import TestSupport
import Testing

@testable import ReaderUI

/// The reader in a synced run, over a scripted Google Reader API: the first start syncs, the automatic
/// reload is a sync that brings the server's changes, a star is sent at once without a reload, and a
/// local feed beside the server's carries its marker.
@MainActor
@Suite("Sync in the reader (in process)", .serialized)
struct SyncScreenTests {
  let temporary: TemporaryDirectory
  var folder: URL { temporary.url }

  init() throws { temporary = try TemporaryDirectory("sync-screen") }

  /// A reader on an empty cache, synced with `server`; `local` feeds come from the urls file.
  func reader(_ server: GReaderTestServer, local: [CachedFeed] = [], cache: Cache, interval: Int = 0) -> Harness {
    let h = Harness(100, 24, cache: cache, feeds: local) {
      $0.reloadInterval = interval
      $0.isSynced = true
    }
    let account = SyncAccount(apiURL: server.apiURL, user: server.user, password: server.password)
    h.session.serverSync = ServerSync(synchronizer: Synchronizer(cache: cache, account: account), events: h.session.events)
    h.session.reloadIntervalUnit = .milliseconds(300)
    h.session.start()
    return h
  }

  /// `Harness.eventually` (`Harness.patience`: tests running beside this one may hold the few threads
  /// of the concurrency pool and the main actor) with the screen and the server's requests in the failure.
  func soon(_ h: Harness, _ server: GReaderTestServer, _ what: String, _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + Harness.patience
    while ContinuousClock.now < deadline {
      h.drain()
      if try condition() { return }
      try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("timed out waiting for \(what):\n\(h.text)\n\(server.paths)")
  }

  @Test func theTimerSyncsAndAStarIsSentAtOnce() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.now = Int(Date().timeIntervalSince1970)  // recent: the prune rule keeps read articles
    server.addFeed("feed/1", title: "Server News", label: "news")
    server.addArticles(3, feed: "feed/1")
    let cache = try Cache(path: folder.appendingPathComponent("cache.db").path)
    let local = try cache.addFeeds(urls: ["file:///l.xml"])
    let h = reader(server, local: local, cache: cache, interval: 1)

    // Never synced: it syncs at once, and the server's feed joins the local one, which is marked; the
    // server's label is the feed's tag, so the feed is listed under it.
    // (The rows, not the summary: the next timer's progress may already cover it.)
    func tagRow(unread: Int) -> Bool { h.lines.contains { $0.range(of: #"^ *news/ +\#(unread) "#, options: .regularExpression) != nil } }
    try await soon(h, server, "the first sync") { tagRow(unread: 3) }
    #expect(h.lines.contains { $0.contains("! [local]") }, "\(h.text)")
    #expect(!h.lines.contains { $0.contains("[local] Server News") })

    // Another device reads an article: the next automatic reload is a sync that brings it.
    server.setArticle(0, read: true)
    try await soon(h, server, "the timer's sync") { tagRow(unread: 2) }
    #expect(!server.paths.contains { $0.contains("edit-tag") }, "nothing to send yet")

    // A star here is on the server without a reload.
    h.press(.character("g"), .character("j"), .character("j"), .enter)  // Unread, Starred, then the tag news/
    try await soon(h, server, "the tag's feeds") { h.lines.contains { $0.contains("Server News") && $0.contains("2/3") } }
    h.press(.enter)
    try await soon(h, server, "the articles") { h.text.contains("Article 1") }
    h.press(.character("s"))
    try await h.eventually("the star on the server") { (0..<3).contains { server.article($0).starred } }
    try await soon(h, server, "the queue emptied") { try cache.pendingSyncChanges() == 0 }
  }
}
