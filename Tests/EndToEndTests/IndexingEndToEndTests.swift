import Foundation
import TestSupport
import Testing

/// The search index off the reload's path, on the real binary: `splitfeed reload` stores and leaves the
/// articles queued; the reader indexes them in the background with the status line saying so and keys
/// answering; a quit or a `kill -9` mid-way loses nothing and indexes nothing twice, and the next start
/// finishes (docs/ARCHITECTURE.md, "A reload").
@Suite("Indexing for search in tmux", .serialized)
struct IndexingEndToEndTests {
  /// Enough articles that the debug binary indexes for a few seconds.
  static let count = 30_000
  let folder: RunFolder

  init() throws {
    folder = try RunFolder("splitfeed-indexing")
  }

  /// A feed of `count` articles, every hundredth with the word "needle", fetched by `splitfeed reload`.
  func reload() throws {
    let body = String(repeating: "Words about terminals, feeds and reading them quickly. ", count: 4)
    let items = (0..<Self.count).map { n in
      FeedXML.Item(
        title: "Article \(n)", guid: "a\(n)", pubDate: FeedXML.date(Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 60)),
        description: "\(n % 100 == 0 ? "needle " : "")\(body)")
    }
    try folder.temporary.write(FeedXML.rss(title: "Bulk", items: items), to: "www/bulk.xml")
    let url = folder.root.appendingPathComponent("www/bulk.xml").absoluteString
    try Data("\(url)\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let reload = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 0, "\(reload.stderr)")
  }

  func sql(_ query: String) throws -> String {
    try Command.run("sqlite3", [folder.cacheFile, query]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Articles waiting to be indexed.
  func backlog() throws -> Int { Int(try sql("SELECT count(*) FROM fts_pending")) ?? -1 }

  /// How many articles FTS5 counts as indexed (the first varint of its "averages" record): an article
  /// indexed twice counts twice.
  func indexedRows() throws -> Int {
    let hex = Array(try sql("SELECT hex(block) FROM items_fts_data WHERE id = 1").utf8)
    var value = 0
    var index = 0
    while index + 1 < hex.count, let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) {
      value = value << 7 | Int(byte & 0x7f)
      if byte & 0x80 == 0 { break }
      index += 2
    }
    return value
  }

  func launch() throws -> TmuxHarness {
    try folder.launch(size: (120, 30))
  }

  /// Waits until the queue is empty and the status line no longer says it indexes.
  func waitForIndexed(_ tmux: TmuxHarness) throws {
    try tmux.waitUntil(timeout: 120, "the end of indexing") { screen in
      !(screen.last ?? "").contains("for search…") && ((try? backlog()) ?? -1) == 0
    }
  }

  @Test func aReloadLeavesABacklogThatTheReaderIndexesWhileKeysWork() throws {
    try reload()
    #expect(try backlog() == Self.count, "the reload stored and queued; it did not index")
    #expect(try indexedRows() == 0)
    let tmux = try launch()
    defer { tmux.close() }
    let screen = try tmux.waitFor(text: "articles for search…", timeout: 30)
    #expect(screen.last?.contains("of 30,000 articles for search…") == true, "\(screen.last ?? "")")
    // Keys answer meanwhile: an article opens, J goes to the next.
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Article 29999")
    try tmux.send(keys: "J")
    try tmux.waitUntil("the next article") { $0.first?.contains("Article 29998") == true }
    try waitForIndexed(tmux)
    #expect(try indexedRows() == Self.count)
    try tmux.send(keys: "/")
    try tmux.type("needle")
    // Every match, counted, and nothing said about articles not searched.
    let field = try tmux.waitFor(text: "(300 articles)")
    #expect(field.last?.contains("not searched yet") == false)
    try tmux.send(keys: "Enter")
    let kept = try tmux.waitFor(text: "articles match “needle”.")
    #expect(kept.last?.contains("not searched yet") == false)
  }

  /// Starts the reader on a reload's backlog, stops it with `stop` while it indexes, and checks that every
  /// article is indexed or still queued, none twice, and that the next start finishes.
  func interruptMidIndexing(_ stop: (TmuxHarness) throws -> Void) throws {
    try reload()
    let first = try launch()
    try first.waitFor(text: "articles for search…", timeout: 30, settled: false)
    try stop(first)
    _ = try first.waitForExit()
    first.close()
    let left = try backlog()
    #expect(left > 0, "stopped before the end")
    #expect(try indexedRows() + left == Self.count, "every article indexed or queued, none twice")
    let second = try launch()
    defer { second.close() }
    try waitForIndexed(second)
    #expect(try indexedRows() == Self.count, "each article indexed once")
  }

  @Test func aQuitMidIndexingLosesNothingAndTheNextStartFinishes() throws {
    try interruptMidIndexing { tmux in try tmux.send(keys: "q") }
  }

  /// `kill -9` mid-batch: the batch in flight rolls back whole.
  @Test func aKilledReaderLosesNothingAndIndexesNothingTwice() throws {
    try interruptMidIndexing { tmux in
      let pid = try #require(try tmux.programPID())
      kill(pid, SIGKILL)
    }
  }
}
