import Foundation
import GRDB
import TestSupport
import Testing

/// Issue 33, item 3, end to end: the indexer converted an article's HTML to plain text inside its write
/// transaction, and one hostile body (a long run of `<x `, minutes of conversion before plain text was made
/// linear) held the write lock that long: an article read then `q` lost its read mark (the quit waits 10 s
/// for the writer). The conversion now runs before the write, holding no lock, so the mark is written.
@Suite(.serialized)
struct IndexerLockEndToEndTests {
  @Test("an article read while a hostile article is indexed is marked read when the reader quits")
  func aMarkIsWrittenWhileAHostileArticleIsIndexed() throws {
    let folder = try RunFolder("splitfeed-indexer-lock")
    let hostile = String(repeating: "<x ", count: 20_000).replacingOccurrences(of: "<", with: "&lt;")
    let items = [
      FeedXML.Item(title: "Hostile body", guid: "h", pubDate: "Fri, 02 Oct 2026 08:00:00 GMT", description: hostile),
      FeedXML.Item(title: "Calm story", guid: "c", pubDate: "Thu, 01 Oct 2026 08:00:00 GMT", description: "Calmbody text."),
    ]
    try folder.temporary.write(FeedXML.rss(title: "Mixed", items: items), to: "feed.xml")
    let tmux = try folder.launchReader(feeds: ["feed.xml"], size: (120, 40))
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Calm story")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Hostile body")
    try tmux.send(keys: "J")  // the hostile article is the newest: J opens the calm one
    try tmux.waitFor(text: "Calmbody")
    try tmux.send(keys: "q", "q")
    _ = try tmux.waitForExit(timeout: 60)
    let unread = try DatabaseQueue(path: folder.cacheFile).read { db in
      try String.fetchAll(db, sql: "SELECT title FROM items WHERE read = 0")
    }
    #expect(unread == [], "both articles opened are marked read")
  }
}
