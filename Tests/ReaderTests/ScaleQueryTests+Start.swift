import Foundation
import GRDB
import Testing

@testable import Reader
import TestSupport

/// The start's reads and writes at scale (docs/DECISIONS.md, "The first frame at a million, per feed"):
/// a start that finds the cache as the urls file says writes nothing, and reads the feed list along the
/// table itself.
extension ScaleQueryTests {
  /// A start whose urls file names the cached feeds in their order writes nothing (`addFeeds` reads
  /// first): at 1,000 feeds the 2,000 statements of that write were a tenth of the first frame's CPU.
  /// A new order or a new feed still writes, and the positions follow the order given.
  @Test func aStartWithTheSameFeedsWritesNothing() throws {
    let urls = try cache.feeds().map(\.url)
    statements.clear()
    #expect(try cache.addFeeds(urls: urls, reorder: true).map(\.url) == urls)
    #expect(!statements.all.contains { $0.hasPrefix("INSERT") || $0.hasPrefix("UPDATE") }, "\(statements.all)")
    let reordered = urls.reversed() + ["https://example.com/c.xml"]
    let feeds = try cache.addFeeds(urls: reordered, reorder: true)
    #expect(feeds.map(\.url) == reordered)
    #expect(feeds.map(\.position) == [0, 1, 2])
    #expect(try cache.feeds().map(\.url) == reordered)
  }

  /// The feed list is read off the `feeds` table itself, not along `feeds_by_title` with a lookup of each
  /// row (the plan SQLite chose without statistics), and each feed's tags come in their order, `[]` for
  /// a feed without (whose ordered subquery is not run: docs/DECISIONS.md, "The first frame at a million,
  /// per feed"). One feed by its id is still found by its key.
  @Test func theFeedListReadsTheFeedsTableAndEachFeedsTags() throws {
    let untagged = try #require(try cache.addFeeds(urls: ["https://example.com/c.xml"]).first).id
    try cache.setTags([feeds[0]: ["news"], feeds[1]: ["other", "news"]])
    statements.clear()
    let listed = try cache.feeds()
    #expect(listed.map(\.tags) == [["news"], ["other", "news"], []])
    #expect(try cache.feed(id: feeds[1])?.tags == ["other", "news"])
    #expect(try cache.feed(id: untagged)?.tags == [])
    let reads = statements.all.filter { $0.hasPrefix("SELECT") && $0.contains("FROM feeds f") }
    #expect(reads.count == 3)
    for sql in reads {
      let plan = try cache.queryPlan(of: sql)
      #expect(!plan.contains { $0.contains("feeds_by_title") }, "\(sql)\n\(plan)")
      #expect(plan.contains { $0 == "SCAN f" || $0.hasPrefix("SEARCH f USING INTEGER PRIMARY KEY") }, "\(sql)\n\(plan)")
    }
  }

  /// A start whose urls file gives the tags the cache holds writes none of them; a change of order, a tag
  /// repeated, an empty one, another spelling of the same letters (bytes, as SQLite compares) or a feed
  /// that does not exist still writes, and what it leaves is the list given.
  @Test func theSameTagsAgainWriteNothing() throws {
    let same: [Int64: [String]] = [feeds[0]: ["news"], feeds[1]: ["news", "other"]]
    statements.clear()
    try cache.setTags(same)
    #expect(!statements.all.contains { $0.hasPrefix("DELETE") || $0.hasPrefix("INSERT") }, "\(statements.all)")
    let changes: [[Int64: [String]]] = [
      [feeds[0]: ["news"], feeds[1]: ["other", "news"]],
      [feeds[0]: ["", "news", "news"], feeds[1]: ["other", "news"]],
      [feeds[0]: ["caf\u{E9}"], feeds[1]: ["other", "news"]],
      [feeds[0]: ["cafe\u{301}"], feeds[1]: ["other", "news"]],
      [feeds[0]: ["cafe\u{301}"], feeds[1]: ["other", "news"], 999: ["gone"]],
    ]
    for tags in changes {
      statements.clear()
      try cache.setTags(tags)
      #expect(statements.all.contains { $0.hasPrefix("DELETE") }, "\(tags)")
      let stored = try DatabaseQueue(path: cache.path).read { db in
        try Row.fetchAll(db, sql: "SELECT feed_id, tag FROM feed_tags ORDER BY feed_id, position").map {
          ($0[0] as Int64, Array(($0[1] as String).utf8))
        }
      }
      let wanted = feeds.flatMap { feed in
        let given = tags[feed] ?? []
        return given.enumerated().filter { !$1.isEmpty && !given[..<$0].contains($1) }.map { (feed, Array($1.utf8)) }
      }
      #expect(stored.map(\.0) == wanted.map(\.0) && stored.map(\.1) == wanted.map(\.1), "\(tags)")
    }
    statements.clear()
    try cache.setTags(changes[3])
    #expect(!statements.all.contains { $0.hasPrefix("DELETE") || $0.hasPrefix("INSERT") }, "\(statements.all)")
  }

  /// Tags and warnings as `json_group_array` writes them are split without a decoder; every other text
  /// is decoded as before (an escape, a space, a quote inside, a control character, broken JSON).
  @Test(arguments: [
    #"["a"]"#, #"["a","b"]"#, #"[""]"#, #"["","",""]"#, #"["a,b","c"]"#, "[\"tech talk\",\"caf\u{E9}\",\"日本\"]",
    #"["a\"b"]"#, #"["a\\b"]"#, #"["a\nb"]"#, #"["a", "b"]"#, #"["a",","b"]"#, #"["a"b"]"#, #"["]"#, #"[""#,
    #"["a",]"#, "[\"a\u{1}\"]", #"{"a":1}"#, #"["a","b""#, #"[1,2]"#, #"["\u00e9"]"#,
  ])
  func tagsAsSQLiteWritesThemReadAsTheDecoderDid(text: String) {
    let decoded = (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    #expect(ItemColumns.strings(text) == decoded, "\(text)")
  }

  /// Opening a cache that exists writes nothing: its log does not grow (setting `auto_vacuum` again
  /// rewrote the first page at every open, a write at every start, a frame more for the next start to
  /// read back after an exit without closing). GRDB writes once to a log that is empty or missing, so
  /// the log here holds the fixture's writes.
  @Test func openingAnExistingCacheWritesNothing() throws {
    let size = { (try FileManager.default.attributesOfItem(atPath: cache.path + "-wal")[.size] as? Int) ?? -1 }
    let before = try size()
    #expect(before > 0)
    for _ in 1...3 {
      let again = try Cache(path: cache.path)
      #expect(try again.feeds().count == feeds.count)
    }
    #expect(try size() == before, "the opens wrote to the log")
  }
}
