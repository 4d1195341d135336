import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import splitfeed

/// `/` search, `F`, `S`, the tag level and the smart and query rows of the Feeds tab, over the real tree
/// in memory, at a wide split and a narrow stack.
@MainActor
@Suite("finding: search, filter, sort, tags")
struct FindingTests {
  nonisolated static let sizes = [(120, 40), (60, 40)]

  /// Waits for the typing pause to end and the results to follow (`what` above the status line, which
  /// shows what is typed).
  private func settle(_ h: Harness, until what: String) async throws {
    try await h.eventually(what) { h.lines.dropLast().contains { $0.contains(what) } }
  }

  /// How many times `word` is on screen, and how many of those are drawn as a match.
  private func occurrences(_ h: Harness, _ word: String) -> (all: Int, matched: Int) {
    var all = 0
    var matched = 0
    for (y, line) in h.lines.enumerated() {
      var start = line.startIndex
      while let range = line.range(of: word, range: start..<line.endIndex) {
        let x = DisplayWidth.of(line[..<range.lowerBound])
        all += 1
        if h.surface[x, y].style.attributes.isSuperset(of: [.bold, .underline]) { matched += 1 }
        start = range.upperBound
      }
    }
    return (all, matched)
  }

  @Test(arguments: sizes)
  func searchFromTheFeedListPushesResultsThatBackLeaves(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    h.press(.character("/"))
    #expect(h.lines.last?.hasPrefix(" Search:") == true)
    h.type("swift")
    try await settle(h, until: "Search: swift")
    // Every feed is searched: the AppCoda article and the Swift Blog's, not the others.
    #expect(h.text.contains("Barcode") && h.text.contains("Swift 1.1"))
    #expect(!h.text.contains("Understanding"))
    // The words are marked in the titles (the title bar's "swift" is what was typed, not a title).
    #expect(occurrences(h, "Swift") == (2, 2))
    #expect(occurrences(h, "1.1").matched == 0)
    #expect(h.lines.last?.contains("Search: swift") == true, "the field stays open while typing")
    expectScreen(h.surface, matches: "search-\(width)x\(height)")
    h.press(.enter)
    #expect(!(h.lines.last?.contains("Search:") ?? false), "Enter closes the field and keeps the results")
    #expect(h.text.contains("Search: swift"))
    // The results are a list like any other: Enter opens the selected article with its words marked.
    h.press(.enter)
    #expect(h.article?.item?.title == "Swift 1.1")
    #expect(h.article?.highlight.terms == ["swift"])
    // Back returns to where the search began (first from the article to the list, then out of it).
    h.press(.escape, .escape)
    #expect(h.text.contains("Unread") && h.text.contains("Swift Blog") && !h.text.contains("Search: swift"))
  }

  @Test func searchResultsFollowTheTypingAndEscTakesThemAway() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.character("/"))
    h.type("size")
    try await settle(h, until: "Search: size")
    #expect(h.text.contains("Working with Size") && h.text.contains("Understanding"), "size classes in the text")
    h.type(" interface")
    try await settle(h, until: "Search: size interface")
    #expect(h.text.contains("Working with Size") && !h.text.contains("Understanding"))
    h.press(.escape)
    #expect(!h.text.contains("Search: size") && h.text.contains("Swift Blog"))
  }

  @Test func aSearchFromAFeedSearchesThatFeedAndFromItsResultsTheSameFeed() async throws {
    let h = Harness(60, 40, feeds: SampleFeeds.many)
    h.press(.enter)  // AppCoda
    h.press(.character("/"))
    h.type("swift")
    h.press(.enter)
    try await settle(h, until: "Search: swift (AppCoda)")
    #expect(h.text.contains("Barcode") && !h.text.contains("Swift 1.1"), "only AppCoda is searched")
    h.press(.character("/"))
    h.type("size")
    h.press(.enter)
    try await settle(h, until: "Search: size (AppCoda)")
    #expect(h.text.contains("Working with Size"))
    h.press(.escape)
    #expect(h.text.contains("Search: swift (AppCoda)"), "Back: the first results")
  }

  @Test func manyMatchesShowTheFirstPageThenTheCountArrives() async throws {
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(250)])
    h.press(.character("/"))
    h.type("wrap")
    h.press(.enter)
    try await settle(h, until: "Search: wrap")
    let results = try #require(h.split.primaryNavigation?.top as? ArticleListController)
    try await h.eventually("the count") { results.rowCount == 250 }
    h.press(.character("G"))
    #expect(h.text.contains("Article number 249 with"), "the last of the 250, past the first page")
    // Re-read after a reload, the list keeps a selection past its first page once the count is back.
    results.refresh()
    try await h.eventually("the selection restored") { results.selectedIndex == 249 }
  }

  @Test func aMalformedQuerySaysWhyAndKeepsTheText() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.character("/"))
    h.type("\"unclosed")
    try await h.eventually("the problem") { h.lines.last?.contains("←") == true }
    let status = h.lines.last ?? ""
    #expect(status.contains("Search: \"unclosed  ←"))
    h.press(.enter)
    #expect(h.lines.last?.contains("Search: \"unclosed") == true, "Enter keeps a malformed query to fix")
    h.press(.escape)
    #expect(!(h.lines.last?.contains("Search:") ?? false))
  }

  @Test func upWalksTheSearchHistory() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    for text in ["barcode", "segues"] {
      h.press(.character("/"))
      h.type(text)
      h.press(.enter)
      try await settle(h, until: "Search: \(text)")
      h.press(.escape)
    }
    try await h.eventually("the history written") { (try? h.session.cache.searchHistory(limit: 10)) == ["segues", "barcode"] }
    h.press(.character("/"))
    h.press(.up)
    #expect(h.lines.last?.contains("Search: segues") == true)
    h.press(.up)
    #expect(h.lines.last?.contains("Search: barcode") == true)
    h.press(.down, .down)
    #expect(h.lines.last?.trimmingCharacters(in: .whitespaces) == "Search:", "↓ past the newest: the empty draft")
  }

  @Test func theOpenedArticleMarksTheWordsAndBracketsJump() async throws {
    let h = Harness(120, 40, feeds: [SampleFeeds.appcoda])
    h.press(.character("/"))
    h.type("trait")
    h.press(.enter)
    try await settle(h, until: "Search: trait")
    h.press(.enter)
    #expect(h.article?.item?.title.hasPrefix("Understanding") == true)
    #expect(h.article?.highlight.terms == ["trait"])
    let marked = occurrences(h, "trait collections")
    #expect(marked.all > 0 && marked.matched == marked.all, "every trait in the article is marked")
    // ] brings the next line with a match to the top, [ the previous one.
    let top = h.article?.scrollOffset ?? -1
    h.press(.character("]"))
    let next = h.article?.scrollOffset ?? -1
    #expect(next > top && h.article?.topLineText.localizedCaseInsensitiveContains("trait") == true)
    h.press(.character("]"))
    #expect((h.article?.scrollOffset ?? -1) > next)
    h.press(.character("["))
    #expect(h.article?.scrollOffset == next)
  }

  @Test(arguments: sizes)
  func filterAndSortTheListOnScreen(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: [SampleFeeds.appcoda])
    h.press(.character("S"))
    #expect(h.text.contains("[sort:date-asc]"))
    h.press(.character("S"))
    #expect(h.text.contains("sort:title"))
    let rows = h.lines.filter { $0.contains("A Beginner's Guide") || $0.contains("Working with Size") }
    #expect(rows.first?.contains("A Beginner's Guide") == true, "by title, A comes first")
    h.press(.character("F"))
    h.type("title =~ \"iOS\"")
    h.press(.enter)
    // The list pane of the split (42 columns) shows the markers whole on the rule under its title.
    #expect(h.text.contains("[sort:title filtered]"))
    #expect(!h.text.contains("Barcode") && h.text.contains("Understanding"))
    h.press(.character("F"))
    h.type("title =~")
    h.press(.enter)
    #expect(h.lines.last?.contains("←") == true, "a malformed filter says why and stays")
    h.press(.escape)
    h.press(.character("F"))
    h.press(.control("u"), .enter)
    #expect(!h.text.contains("filtered") && h.text.contains("Barcode"))
  }

  /// Feeds with tags, and a query feed, over a scratch cache.
  private func tagged(_ width: Int, _ height: Int) async throws -> Harness {
    let feeds = [SampleFeeds.appcoda, Feed(title: "Swift Blog", items: [Item(title: "Swift 1.1", id: "s")])]
      + [Feed(title: "Loose", items: [Item(title: "Untagged story", id: "u")])]
    let sources = feeds.enumerated().map { ("file:///sample/\($0.offset)", $0.element) }
    var (cache, rows) = try ScratchCache.make(sources, firstSeen: SampleFeeds.date("2014-08-25 00:00")!)
    let tags: [[String]] = [["ios", "dev"], ["dev"], []]
    for i in rows.indices { rows[i].tags = tags[i] }
    try cache.setTags(Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.tags) }))
    let h = Harness(width, height, cache: cache, feeds: rows)
    h.session.queryFeeds = [QueryFeed(title: "About iOS", expression: try FilterExpression(parsing: "title =~ \"iOS\""), line: 1)]
    h.resize(width, height)
    h.session.refreshFeeds()
    try await h.eventually("the query feed counted") { !h.session.feedList.queryCounts.isEmpty }
    h.resize(width, height)
    return h
  }

  @Test(arguments: sizes)
  func tagsAreALevelOfTheFeedsTab(width: Int, height: Int) async throws {
    let h = try await tagged(width, height)
    let order = ["Unread", "Starred", "About iOS", "dev/", "ios/", "Loose"].map { h.find($0)?.y ?? -1 }
    #expect(order == order.sorted() && !order.contains(-1), "smart rows, query feeds, tags, untagged feeds")
    #expect(!h.text.contains("AppCoda"), "tagged feeds are under their tags")
    expectScreen(h.surface, matches: "tags-\(width)x\(height)")
    // Enter on a tag: its feeds, with their tags.
    h.press(.home, .down, .down, .down)
    h.press(.enter)
    #expect(h.text.contains("AppCoda [ios, dev]"))
    #expect(h.text.contains("Swift Blog [dev]") && !h.text.contains("Loose"))
    h.press(.escape)
    // T on a tag: every article of its feeds as one list by date.
    h.press(.character("T"))
    #expect(h.text.contains("Swift 1.1") && h.text.contains("Barcode") && !h.text.contains("Untagged story"))
  }

  /// One tag on every feed (FreshRSS puts every feed in "Uncategorized" until the user files it) is no
  /// level: the feeds are at the root, with the tag beside each.
  @Test func oneTagOnEveryFeedIsNoLevel() throws {
    let feeds = [SampleFeeds.appcoda, Feed(title: "Swift Blog", items: [Item(title: "Swift 1.1", id: "s")])]
    var (cache, rows) = try ScratchCache.make(feeds.enumerated().map { ("file:///sample/\($0.offset)", $0.element) })
    for i in rows.indices { rows[i].tags = ["Uncategorized"] }
    try cache.setTags(Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.tags) }))
    let h = Harness(120, 40, cache: cache, feeds: rows)
    #expect(h.text.contains("AppCoda [Uncategorized]") && h.text.contains("Swift Blog [Uncategorized]"))
    #expect(!h.text.contains("Uncategorized/"))
    h.press(.enter)
    #expect(h.text.contains("Barcode"), "Enter on the first feed lists its articles")
  }

  @Test func aOnATagMarksItsArticlesReadAndUHidesTagsWithNothingUnread() async throws {
    let h = try await tagged(120, 40)
    h.press(.home, .down, .down, .down)  // dev/
    h.press(.character("A"))
    #expect(h.text.contains("Marked 6 articles read"))
    #expect(h.text.contains("1 Feeds (1)"), "only the untagged story is unread")
    h.press(.character("U"))
    #expect(!h.text.contains("dev/") && !h.text.contains("ios/") && h.text.contains("Loose"))
    h.press(.character("u"), .character("U"))
    #expect(h.text.contains("dev/") && h.text.contains("1 Feeds (7)"))
  }

  @Test func aSearchFromAnOpenArticleInAStackGoesBackToIt() async throws {
    let h = Harness(60, 40, feeds: SampleFeeds.many)
    h.press(.enter, .enter)  // AppCoda, its first article, pushed
    #expect(h.split.isCollapsed && h.article?.item?.title.hasPrefix("Understanding") == true)
    h.press(.character("/"))
    h.type("segues")
    h.press(.enter)
    try await settle(h, until: "Search: segues (AppCoda)")
    #expect(h.text.contains("A Beginner's Guide"))
    h.press(.escape)
    #expect(h.article?.item?.title.hasPrefix("Understanding") == true && h.text.contains("Paragraph 1"))
  }

  @Test func aQueryFeedAndTheUnreadRowListTheirArticles() async throws {
    let h = try await tagged(120, 40)
    h.press(.home, .enter)
    #expect(h.text.contains("Unread") && h.text.contains("Untagged story") && h.text.contains("Swift 1.1"))
    h.press(.escape, .home, .down, .down, .enter)
    #expect(h.text.contains("About iOS"))
    #expect(h.text.contains("Understanding") && !h.text.contains("Barcode") && !h.text.contains("Swift 1.1"))
  }

  @Test func ignoreArticleHidesFromListsAndCounts() throws {
    let rule = IgnoreArticleLine(selector: .all, expression: try FilterExpression(parsing: "title =~ \"Barcode\""))
    let h = Harness(120, 40, feeds: SampleFeeds.many) { $0.engine.ignoreArticles = [rule] }
    #expect(h.text.contains("AppCoda                              4/4"))
    h.press(.enter)
    #expect(!h.text.contains("Barcode") && h.text.contains("Understanding"))
  }
}
