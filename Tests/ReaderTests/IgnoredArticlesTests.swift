import Foundation
import GRDB
import TestSupport
import Testing

@testable import Reader

/// Ignore rules over the article alone are kept as a flag on each article: set when the rules change and
/// whenever an article is stored, by any writer of the file, while the other rules are tested on read.
@Suite("Ignore rules kept as a flag")
struct IgnoredArticlesTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var news: Int64 { fixture.feedIDs[0] }
  var blog: Int64 { fixture.feedIDs[1] }

  init() throws {
    fixture = try CacheFixture(
      "splitfeed-ignored",
      stored: [
        ("https://news.example/feed", Feed(title: "World News", items: [
          FindingCacheTests.item("n1", "Sponsored: buy now", author: "Alice", day: 1, html: "<p>An advert.</p>"),
          FindingCacheTests.item("n2", "Terminal reader tips", author: "Bob", day: 2, html: "<p>Tips.</p>"),
          FindingCacheTests.item("n3", "Café culture", author: "Carol", day: 3, html: "<p>Coffee.</p>"),
        ])),
        ("https://blog.example/feed", Feed(title: "Dev Blog", items: [
          FindingCacheTests.item("b1", "Compiler internals", author: "Alice", day: 4, html: "<p>Parsing.</p>"),
          FindingCacheTests.item("b2", "Sponsored post", author: "Carol", day: 5, html: "<p>Another advert.</p>"),
        ])),
      ])
  }

  static func rule(_ text: String, feed: String? = nil) throws -> IgnoreRule {
    IgnoreRule(feedURL: feed, expression: try FilterExpression(parsing: text))
  }

  func titles() throws -> [String] { try cache.items(in: ItemScope(.all)).map(\.title) }
  func counts() throws -> [[Int]] { try cache.feeds().map { [$0.unreadCount, $0.totalCount] } }
  func flagged() throws -> [String] {
    try DatabaseQueue(path: dir.path("cache.db")).read { db in
      try String.fetchAll(db, sql: "SELECT title FROM items WHERE ignored = 1 ORDER BY id")
    }
  }

  @Test func aRuleOverTheArticleIsStoredAsAFlagAndCountsSubtractIt() throws {
    try cache.setIgnoreRules([try Self.rule("title =~ \"^sponsored\"")])
    #expect(try flagged() == ["Sponsored: buy now", "Sponsored post"])
    #expect(try titles() == ["Compiler internals", "Café culture", "Terminal reader tips"])
    #expect(try counts() == [[2, 2], [1, 1]])
    #expect(try cache.feed(id: news)?.unreadCount == 2)
    // Every list's count is its articles less the flagged ones among them.
    let scopes = [
      ItemScope(.all), ItemScope(.all, unreadOnly: true), ItemScope(.feed(news)), ItemScope(.feed(blog)),
      ItemScope(.all, search: try SearchQuery(parsing: "advert")), ItemScope(.all, search: try SearchQuery(parsing: "tips")),
      ItemScope(.query(try FilterExpression(parsing: "author = \"Carol\""))),
    ]
    #expect(try scopes.map { try cache.count(in: $0) } == [3, 3, 2, 1, 0, 1, 1])
    #expect(try scopes.map { try cache.items(in: $0).count } == [3, 3, 2, 1, 0, 1, 1])
    let hidden = try DatabaseQueue(path: dir.path("cache.db")).read { db in
      try Int64.fetchOne(db, sql: "SELECT id FROM items WHERE title = 'Sponsored: buy now'")
    }
    try cache.setRead(true, itemIDs: [try #require(hidden)])
    #expect(try counts() == [[2, 2], [1, 1]], "reading a hidden article changes no count")
  }

  @Test func anArticleStoredByAnotherWriterIsFlaggedByTheRulesInTheFile() throws {
    try cache.setIgnoreRules([try Self.rule("author = \"Mallory\"")])
    // Another process (`splitfeed reload`, a sync) that was given no rules stores articles.
    let other = try Cache(path: dir.path("cache.db"))
    try other.storeNow(
      Feed(title: "World News", items: [
        FindingCacheTests.item("n4", "Spam", author: "Mallory", day: 6, html: "<p>x</p>"),
        FindingCacheTests.item("n5", "News", author: "Dave", day: 7, html: "<p>y</p>"),
      ]), feedID: news, validators: Validators())
    #expect(try flagged() == ["Spam"])
    #expect(try titles().contains("News") && !titles().contains("Spam"))
    #expect(try counts() == [[4, 4], [2, 2]])
    // The article changes so that the rule no longer holds: its flag follows on the next store.
    try other.storeNow(
      Feed(title: "World News", items: [FindingCacheTests.item("n4", "Spam", author: "Eve", day: 6, html: "<p>x</p>")]),
      feedID: news, validators: Validators())
    #expect(try flagged() == [])
    #expect(try counts() == [[5, 5], [2, 2]])
  }

  @Test func changedRulesSetEveryFlagAgainAndNoRulesClearThem() throws {
    try cache.setIgnoreRules([try Self.rule("title =~ \"sponsored\"", feed: "https://blog.example/feed")])
    #expect(try flagged() == ["Sponsored post"], "a rule for one feed")
    try cache.setIgnoreRules([try Self.rule("author = \"Carol\"")])
    #expect(try flagged() == ["Café culture", "Sponsored post"])
    let reopened = try Cache(path: dir.path("cache.db"))
    try reopened.setIgnoreRules([try Self.rule("author = \"Carol\"")])
    #expect(try reopened.count(in: ItemScope(.all)) == 3, "the same rules on another run: the flags stand")
    try cache.setIgnoreRules([])
    #expect(try flagged() == [])
    #expect(try titles().count == 5)
  }

  /// A start with the rules of the last run only reads them: it does not wait for another process's
  /// write (a reload from cron). New rules wait for it, and say so when it lasts.
  @Test func theSameRulesAgainTakeNoWriteLock() throws {
    let rules = [try Self.rule("title =~ \"^sponsored\"")]
    try cache.setIgnoreRules(rules)
    let other = try DatabaseQueue(path: dir.path("cache.db"))
    let second = try Cache(path: dir.path("cache.db"), busyTimeout: 0.2)
    try other.inTransaction(.immediate) { (_: Database) throws -> Database.TransactionCompletion in
      try second.setIgnoreRules(rules)
      #expect(try second.items(in: ItemScope(.all)).count == 3)
      #expect(throws: CacheError.locked(path: dir.path("cache.db"), seconds: 0.2)) {
        try second.setIgnoreRules([try Self.rule("author = \"Carol\"")])
      }
      #expect(try second.items(in: ItemScope(.all)).map(\.title) == ["Compiler internals", "Terminal reader tips", "Sponsored: buy now"],
        "still honoured, tested on read, while the flags cannot be set")
      return .rollback
    }
  }

  @Test func rulesOverMarksTagsAndAgeAreTestedOnReadBesideTheFlags() throws {
    #expect(!IgnoredArticles.isKept(try Self.rule("unread = \"no\"")))
    #expect(!IgnoredArticles.isKept(try Self.rule("title =~ \"x\" and age > 3")))
    #expect(IgnoredArticles.isKept(try Self.rule("not (title =~ \"x\" or rssurl = \"y\")")))
    try cache.setIgnoreRules([try Self.rule("title =~ \"^sponsored\""), try Self.rule("unread = \"no\"")])
    #expect(try flagged() == ["Sponsored: buy now", "Sponsored post"], "only the rule over the article is a flag")
    let tips = try #require(try cache.items(feedID: news).first { $0.title == "Terminal reader tips" })
    try cache.setRead(true, itemIDs: [tips.id])
    #expect(try titles() == ["Compiler internals", "Café culture"])
    #expect(try counts() == [[1, 1], [1, 1]])
  }

  /// `ignore-article tag:TAG` (the form of every per-feed setting, `FeedSelector`): one rule per feed of
  /// the tag, by address, whatever order the feeds come in, so the flags are not set again for nothing.
  @Test func aTagsLineHidesTheArticlesOfItsFeedsOnly() throws {
    let expression = try FilterExpression(parsing: "title =~ \"^sponsored\"")
    let lines = [IgnoreArticleLine(selector: FeedSelector(parsing: "tag:work"), expression: expression)]
    var feeds = try cache.feeds()
    feeds[1].tags = ["work"]
    let rules = IgnoreArticleLine.rules(lines, for: feeds)
    #expect(rules == [IgnoreRule(feedURL: "https://blog.example/feed", expression: expression)])
    try cache.setIgnoreRules(rules)
    #expect(try flagged() == ["Sponsored post"], "the news feed carries no such tag")
    feeds[0].tags = ["work", "news"]
    let both = IgnoreArticleLine.rules(lines, for: feeds)
    #expect(both.map(\.feedURL) == ["https://blog.example/feed", "https://news.example/feed"])
    #expect(IgnoreArticleLine.rules(lines, for: feeds.reversed()) == both)
    try cache.setIgnoreRules(both)
    #expect(try flagged() == ["Sponsored: buy now", "Sponsored post"])
    #expect(IgnoreArticleLine.rules([IgnoreArticleLine(selector: .tag("none"), expression: expression)], for: feeds).isEmpty)
  }

  @Test func aReadOnlyCacheTestsEveryRuleOnRead() throws {
    let readOnly = try Cache(path: dir.path("cache.db"), readOnly: true)
    try readOnly.setIgnoreRules([try Self.rule("title =~ \"^sponsored\"")])
    #expect(try flagged() == [], "nothing written")
    #expect(try readOnly.items(in: ItemScope(.all)).map(\.title) == ["Compiler internals", "Café culture", "Terminal reader tips"])
    #expect(try readOnly.feeds().map { [$0.unreadCount, $0.totalCount] } == [[2, 2], [1, 1]])
  }
}
