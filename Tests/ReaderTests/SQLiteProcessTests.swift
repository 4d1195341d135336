import Foundation
import TestSupport
import Testing

@testable import Reader

/// SQLite's process-wide settings (`SQLiteProcess`): a cache opened, articles stored and read, and SQLite
/// has counted no memory, so no `sqlite3_malloc` of a writer took the statistics' mutex a key's read
/// would wait on (docs/DECISIONS.md, "Sync at scale").
@Suite("SQLite's process settings")
struct SQLiteProcessTests {
  @Test func memoryStatisticsAreOffOnceACacheIsOpen() throws {
    let items = (0..<50).map { Item(title: "Article \($0)", id: "\($0)", content: "<p>Text \($0)</p>") }
    let fixture = try CacheFixture("splitfeed-sqlite-process", stored: [("https://example.com/feed.xml", Feed(title: "F", items: items))])
    let feeds = try fixture.cache.feeds()
    #expect(try fixture.cache.items(feedID: feeds[0].id).count == 50)
    #expect(!SQLiteProcess.countsMemory)
  }
}
