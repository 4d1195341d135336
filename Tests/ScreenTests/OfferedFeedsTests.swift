import Foundation
import Reader
import TestSupport
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// an HTML page instead of a feed (its advertised feed links are offered), in process: a feed
/// whose last fetch found a web page offers the page's feeds when opened; choosing one subscribes to it
/// in the page's place (the urls file line rewritten, or this session only for command-line feeds) and
/// shows its articles once fetched.
@MainActor
@Suite struct OfferedFeedsTests {
  static let pageURL = "https://blog.example/"
  let temporary: TemporaryDirectory
  var folder: URL { temporary.url }
  let cache: Cache
  /// The feed the page advertises: a file, so choosing it fetches without a network.
  let offered: String

  init() throws {
    temporary = try TemporaryDirectory("offered")  // short: the address must fit the popover
    let items = (0..<3).map { FeedXML.Item(title: "Discovered story \($0)", guid: "d-\($0)") }
    offered = URL(fileURLWithPath: try temporary.write(FeedXML.rss(title: "Discovered Feed", items: items), to: "discovered.xml"))
      .absoluteString
    cache = try Cache(path: temporary.path("cache.db"))
  }

  /// The cache with the page (failed: not a feed, advertising `offered`) and, with `other`, a healthy feed.
  func feeds(other: Bool) async throws -> [CachedFeed] {
    let urls = [Self.pageURL] + (other ? ["file:///sample/other"] : [])
    let rows = try cache.addFeeds(urls: urls)
    let error = FetchError.notAFeed(url: Self.pageURL, feedLinks: [offered])
    try await cache.recordFailure(feedID: rows[0].id, error: error.description, offeredFeeds: [offered])
    if other {
      try cache.storeNow(Feed(title: "Other News", items: [Item(title: "Other story", id: "o")]), feedID: rows[1].id, validators: Validators())
    }
    return try cache.feeds(urls: urls)
  }

  /// Enter on the page's row (selected first) shows the error and the offered feed; Enter again chooses it.
  func openAndChoose(_ h: Harness) async throws {
    h.press(.enter)
    #expect(h.text.contains(OfferedFeedsController.prompt))
    #expect(h.text.contains("https://blog.example/ is a web page, not a feed"), "the error\n\(h.text)")
    // A row of the feed list's column, or of the middle column at three columns (DESIGN §3a).
    #expect(
      h.lines.contains { $0.hasPrefix(" " + offered + " ") || $0.contains("│ " + offered + " ") },
      "the offered feed is a row\n\(h.text)")
    h.press(.enter)
    try await h.waitForReload()
  }

  @Test func commandLinePageSwitchesToTheChosenFeedForThisSessionOnly() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let h = Harness(200, 30, cache: cache, feeds: try await feeds(other: true))
    #expect(h.text.contains("! https://blog.example/"))
    try await openAndChoose(h)
    #expect(h.text.contains("Discovered story 0"), "\(h.text)")
    #expect(h.text.contains("Discovered Feed"), "the list's title is the new feed's")
    #expect(h.session.feeds.map(\.url) == [offered, "file:///sample/other"])
    #expect(h.session.status.notice?.text.hasPrefix("Showing \(offered) for this session only") == true)
    #expect(h.lines.last?.contains("for this session only") == true, "said on the status line")
    #expect(try cache.feeds(urls: [offered]).first?.totalCount == 3)
    h.press(.character("h"))  // back: the feed list shows the new feed in the page's place
    #expect(h.text.contains("Discovered Feed"))
    #expect(!h.text.contains("! https://blog.example/"))
  }

  @Test func urlsFilePageIsReplacedOnItsLineKeepingTagsAndComment() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let configDir = folder.appendingPathComponent("conf")
    try FileManager.default.createDirectory(at: configDir, withIntermediateDirectories: true)
    let urls = configDir.appendingPathComponent("urls").path
    let text = "# mine\n\(Self.pageURL) blogs \"must read\" # the blog\nfile:///sample/other\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: urls))
    chmod(urls, 0o600)
    let h = Harness(200, 30, cache: cache, feeds: try await feeds(other: true))
    h.session.subscriptions.urlsFile = UrlsFileStore(paths: Paths(configDirectory: configDir.path, cacheFile: folder.path + "/cache.db"))
    try await openAndChoose(h)
    #expect(h.text.contains("Discovered story 2"), "\(h.text)")
    #expect(try String(contentsOfFile: urls, encoding: .utf8) == "# mine\n\(offered) blogs \"must read\" # the blog\nfile:///sample/other\n")
    var info = stat()
    stat(urls, &info)
    #expect(info.st_mode & 0o777 == 0o600, "permissions kept")
    #expect(h.session.status.notice?.text == "Subscribed to \(offered) in place of \(Self.pageURL) (line 2 of \(urls)).")
  }

  /// The chosen feed keeps the page's tags, so an `ignore-article "tag:…"` line covers it from its first
  /// fetch, not from the next start.
  @Test func anIgnoreLineOfThePagesTagCoversTheChosenFeed() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var rows = try await feeds(other: true)
    rows[0].tags = ["news"]
    try cache.setTags([rows[0].id: ["news"]])
    let rule = IgnoreArticleLine(selector: .tag("news"), expression: try FilterExpression(parsing: "title =~ \"story 1\""))
    let h = Harness(200, 30, cache: cache, feeds: rows) { $0.engine.ignoreArticles = [rule] }
    h.press(.enter)  // into the tag's feed list (DESIGN §1)
    try await openAndChoose(h)
    #expect(h.text.contains("Discovered story 0") && h.text.contains("Discovered story 2"), "\(h.text)")
    #expect(!h.text.contains("Discovered story 1"), "the tag's line hides it\n\(h.text)")
  }

  @Test func singleFeedReaderOffersFromItsEmptyList() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let h = Harness(200, 30, cache: cache, feeds: try await feeds(other: false))
    #expect(h.text.contains("A web page: Enter lists its 1 feed"), "\(h.text)")
    try await openAndChoose(h)
    #expect(h.text.contains("Discovered story 0"), "\(h.text)")
    // The chosen feed took the page's place at the root: Back there shows the feed list in its place
    // (issue 34), the feed selected, and Enter goes back in.
    h.press(.character("h"))
    #expect(h.text.contains("Starred") && !h.text.contains("Discovered story 0"), "\(h.text)")
    h.press(.enter)
    #expect(h.text.contains("Discovered story 0"), "\(h.text)")
  }

  @Test func aFeedAlreadyInTheListIsShownNotDuplicated() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var rows = try await feeds(other: true)
    // The page advertises the other feed, which is already subscribed.
    try await cache.recordFailure(feedID: rows[0].id, error: "page", offeredFeeds: ["file:///sample/other"])
    rows = try cache.feeds()
    let h = Harness(200, 30, cache: cache, feeds: rows)
    h.press(.enter, .enter)
    #expect(h.session.feeds.map(\.url) == [Self.pageURL, "file:///sample/other"])
    #expect(h.session.status.notice?.text == "file:///sample/other is already in your feeds; \(Self.pageURL) stays as it is.")
    #expect(h.text.contains("Other story"))
  }
}
