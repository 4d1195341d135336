import Foundation
import GRDB
import TestSupport
import Testing

/// Issue 33, item 2, end to end: pages slow to extract (here a long run of `a<br>`, minutes of extraction
/// before the extractor was made linear) took every thread of Swift's shared pool, the mark writer's batch
/// waited behind them, and the articles read before `q` stayed unread. With extraction in its own lane
/// (`HeavyWork`) every article opened is marked read in the cache, however many pages are still being
/// extracted at the quit.
@Suite(.serialized)
struct HeavyWorkEndToEndTests {
  @Test("articles read while slow pages are extracted are marked read when the reader quits")
  func marksAreWrittenWhileSlowPagesAreExtracted() throws {
    let folder = try RunFolder("splitfeed-heavy")
    let site = folder.root.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    let slow = "<html><head><title>Slow</title></head><body><article><p>"
      + String(repeating: "a<br>", count: 60_000) + "</p></article></body></html>"
    let count = ProcessInfo.processInfo.activeProcessorCount + 2
    for n in 0..<count {
      try slow.write(to: site.appendingPathComponent("slow\(n).html"), atomically: true, encoding: .utf8)
    }
    let server = try TestHTTPServer(serving: site)
    defer { server.stop() }
    // More articles than the machine has cores, each opening on its slow page (`always-full-article`).
    let items = (0..<count).map { n in
      FeedXML.Item(
        title: "Slowpage \(n)", link: server.url("slow\(n).html"), guid: "s\(n)",
        pubDate: "Thu, 0\(min(n, 8) + 1) Oct 2026 08:00:00 GMT", description: "Summary \(n).")
    }
    try folder.temporary.write(FeedXML.rss(title: "Slow pages", items: items), to: "feed.xml")
    try "always-full-article *\n".write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)

    let tmux = try folder.launchReader(feeds: ["feed.xml"], size: (120, 40))
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Slowpage")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("the first article open") { $0.contains { $0.contains("Summary") } }
    for _ in 1..<count {
      try tmux.send(keys: "J")
    }
    try tmux.waitUntil("the last article open") { $0.contains { $0.contains("Summary 0") } }
    try tmux.send(keys: "q", "q")
    _ = try tmux.waitForExit(timeout: 60)
    let unread = try DatabaseQueue(path: folder.cacheFile).read { db in
      try String.fetchAll(db, sql: "SELECT title FROM items WHERE read = 0")
    }
    #expect(unread == [], "every article opened is marked read")
  }
}
