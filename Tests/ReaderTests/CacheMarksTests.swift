import Foundation
import TestSupport
import Testing

@testable import Reader

/// Stars and flag letters, and the merge of another reader's articles that `import-newsboat` uses.
@Suite("Cache marks")
struct CacheMarksTests {
  let fixture: CacheFixture
  var dir: TemporaryDirectory { fixture.dir }
  var cache: Cache { fixture.cache }
  var feedID: Int64 { fixture.feedIDs[0] }

  init() throws {
    fixture = try CacheFixture("splitfeed-marks", feeds: ["https://example.com/feed.xml"])
  }

  func articles() throws -> [String: CachedArticle] {
    var out: [String: CachedArticle] = [:]
    for summary in try cache.items(feedID: feedID) {
      let article = try #require(try cache.article(id: summary.id))
      out[article.item.id ?? article.item.link ?? ""] = article
    }
    return out
  }

  @Test func starsAndFlagsAreKeptPerArticle() throws {
    try cache.storeNow(
      Feed(title: "T", items: [CacheTests.item(1, id: "a"), CacheTests.item(2, id: "b")]), feedID: feedID,
      validators: Validators())
    let a = try #require(try articles()["a"])
    #expect(!a.isStarred && a.flags == "", "a new article has no marks")
    try cache.setStarred(true, itemIDs: [a.id])
    try cache.setFlags("zAa z!", itemID: a.id)
    let marked = try #require(try cache.article(id: a.id))
    #expect(marked.isStarred)
    #expect(marked.flags == "Aaz")
    #expect(try articles()["b"]?.isStarred == false)
    // A reload of the same items keeps the marks.
    try cache.storeNow(Feed(title: "T", items: [CacheTests.item(1, id: "a")]), feedID: feedID, validators: Validators())
    #expect(try cache.article(id: a.id).map { [$0.isStarred, $0.flags == "Aaz"] } == [true, true])
    try cache.setStarred(false, itemIDs: [a.id])
    try cache.setFlags("", itemID: a.id)
    #expect(try cache.article(id: a.id).map { [$0.isStarred, $0.flags.isEmpty] } == [false, true])
  }

  @Test func aMergeMatchesByGuidOrLinkAndAddsNothingTwice() throws {
    try cache.storeNow(
      Feed(title: "T", items: [CacheTests.item(1, id: "a"), CacheTests.item(2, link: "https://example.com/2")]),
      feedID: feedID, validators: Validators())
    let incoming = [
      Cache.MergedArticle(item: CacheTests.item(1, id: "a"), isRead: true, isStarred: false, flags: ""),
      // newsboat's guid of an item without one (and without a date) is its link.
      Cache.MergedArticle(item: CacheTests.item(2, id: "https://example.com/2"), isRead: false, isStarred: true, flags: "s"),
      Cache.MergedArticle(item: CacheTests.item(3, id: "gone"), isRead: true, isStarred: true, flags: "x"),
    ]
    #expect(try cache.mergeArticles(incoming, feedID: feedID) == Cache.MergeSummary(matched: 2, added: 1))
    #expect(try cache.mergeArticles(incoming, feedID: feedID) == Cache.MergeSummary(matched: 3, added: 0))
    let all = try articles()
    #expect(all.count == 3)
    #expect(all["a"].map { [$0.isRead, $0.isStarred] } == [true, false])
    #expect(all["https://example.com/2"].map { [$0.isRead, $0.isStarred] } == [false, true])
    #expect(all["https://example.com/2"]?.flags == "s")
    #expect(all["gone"]?.item.summary == "<p>summary 3</p>")
    // Marks only grow: an unread, unflagged copy does not undo them.
    let quiet = incoming.map { Cache.MergedArticle(item: $0.item, isRead: false, isStarred: false, flags: "") }
    try cache.mergeArticles(quiet, feedID: feedID)
    #expect(try articles()["gone"].map { [$0.isRead, $0.isStarred, $0.flags == "x"] } == [true, true, true])
    #expect(Set(try cache.readGuids()) == ["a", "gone"])
  }
}
