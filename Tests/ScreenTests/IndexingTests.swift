import Foundation
import Reader
import TestSupport
import Testing

import ScreenKit
@testable import ReaderUI

/// The search index catching up in the background (`Indexing`): the status line says how far it is, keys
/// work meanwhile, and a search during the backlog says what it has not searched and updates by itself.
@MainActor
@Suite("indexing for search in the background")
struct IndexingTests {
  /// A cache whose `count` articles are stored and listed but not indexed (as a reload leaves them);
  /// every tenth has the word "needle".
  static func backlog(_ count: Int) throws -> CacheFixture {
    let feed = Feed(title: "Bulk", items: (0..<count).map { n in
      Item(title: "Article \(n)", id: "a\(n)", published: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
        content: "<p>body \(n % 10 == 0 ? "needle" : "hay")</p>")
    })
    return try CacheFixture("splitfeed-indexing", stored: [("https://bulk.example/feed", feed)], indexed: false)
  }

  static func harness(_ fixture: CacheFixture) throws -> Harness {
    Harness(120, 30, cache: fixture.cache, feeds: try fixture.cache.feeds())
  }

  /// Hands over the posted events one at a time, drawing after each, until `condition` holds.
  func step(_ h: Harness, until what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + Harness.patience
    var pending: [Event] = []
    while ContinuousClock.now < deadline {
      pending += h.session.events.take()
      if pending.isEmpty {
        try await Task.sleep(for: .milliseconds(2))
        continue
      }
      h.screen.handle(pending.removeFirst())
      h.screen.renderNow()
      if condition() {
        for event in pending { h.session.events.post(event) }  // the rest, for the next drain
        return
      }
    }
    Issue.record("timed out waiting for \(what)")
  }

  @Test func theStatusLineShowsIndexingWhileKeysWork() async throws {
    let fixture = try Self.backlog(3_000)
    let h = try Self.harness(fixture)
    h.session.start()
    try await step(h, until: "the indexing line") { h.lines.last?.contains("articles for search…") == true }
    let line = try #require(h.lines.last)
    #expect(line.contains("Indexing ") && line.contains(" of 3,000 articles for search…"), "\(line)")
    // Keys stay live while it runs: an article opens, `J` goes to the next one.
    h.press(.enter)
    #expect(h.article?.item?.title == "Article 2999")
    h.press(.character("J"))
    #expect(h.article?.item?.title == "Article 2998")
    #expect(h.lines.last?.contains("articles for search…") == true, "the line stays while it runs")
    try await h.eventually("the end of indexing") { !h.session.indexing.isRunning }
    #expect(h.lines.last?.contains("Indexing") != true, "the line goes when it is done")
    #expect(h.session.indexing.backlog == 0)
    #expect(try fixture.cache.searchBacklog() == 0)
  }

  @Test func aSearchDuringTheBacklogSaysWhatItHasNotSearchedAndUpdatesWhenDone() async throws {
    let fixture = try Self.backlog(500)
    // Half indexed, as a run stopped midway leaves it: the newest 250 are searchable.
    var indexer = SearchIndexer(cache: fixture.cache)
    indexer.batchSizes = 250...250
    let half = Task { try await indexer.run { _ in withUnsafeCurrentTask { $0?.cancel() } } }
    #expect(try await half.value.indexed == 250)
    let h = try Self.harness(fixture)
    h.press(.character("/"))
    h.type("needle")
    try await h.eventually("the results") { h.lines.last?.contains("(25 articles; 250 new articles not searched yet)") == true }
    h.press(.enter)
    #expect(h.lines.last?.contains("25 articles match “needle”; 250 new articles not searched yet.") == true, "\(h.lines.last ?? "")")
    // The indexer catches up (the reader starts it after a reload, or at start): the list grows by itself.
    h.session.start()
    try await h.eventually("the end of indexing") { !h.session.indexing.isRunning && h.session.indexing.backlog == 0 }
    #expect(h.lines.last?.contains("Search now covers every article") == true, "\(h.lines.last ?? "")")
    #expect(h.text.contains("Search: needle"))
    let results = try #require(h.root.split.primaryNavigation?.top as? ArticleListController)
    #expect(results.rowCount == 50, "every match listed once indexed")
  }

  /// Issue 33, item 13: a damaged index made every search find nothing, silently. The search says the
  /// index is damaged, lists what a scan finds, and the reader builds the index again in the background,
  /// after which the same search is read from the index.
  @Test func aSearchOfADamagedIndexSaysSoScansAndRebuildsIt() async throws {
    let fixture = try Self.backlog(100)
    try fixture.cache.indexForSearchNow()
    // sqlite3 waited for off the main actor, which every screen test shares.
    let path = fixture.cache.path
    let status = try await Task.detached {
      let sqlite = try Process.run(
        URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [path, "UPDATE items_fts_data SET block = zeroblob(length(block)) WHERE id > 10"])
      sqlite.waitUntilExit()
      return sqlite.terminationStatus
    }.value
    #expect(status == 0, "the index's pages overwritten")
    let h = try Self.harness(fixture)
    h.press(.character("/"))
    h.type("needle")
    let damaged = "search index damaged, rebuilding: this search scanned every article"
    try await h.eventually("the results") { h.lines.last?.contains("(10 articles; \(damaged))") == true }
    h.press(.enter)  // the rebuild may end before or after: the results are whole either way
    try await h.eventually("the index built again and used") {
      !h.session.indexing.isRunning && h.session.indexing.backlog == 0 && fixture.cache.searchIndexHealth == .intact
    }
    let results = try #require(h.root.split.primaryNavigation?.top as? ArticleListController)
    #expect(results.rowCount == 10)
  }

  @Test func aSearchWithoutBacklogSaysNothingMore() async throws {
    let fixture = try Self.backlog(100)
    try fixture.cache.indexForSearchNow()
    let h = try Self.harness(fixture)
    h.press(.character("/"))
    h.type("needle")
    try await h.eventually("the results") { h.lines.last?.contains("(10 articles)") == true }
    h.press(.enter)
    #expect(h.lines.last?.contains("10 articles match “needle”.") == true)
  }
}
