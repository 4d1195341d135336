import Foundation
import Reader
import TestSupport
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// The reader over a cache, in process: counts and error markers, unread emphasis, read state
/// and the Recent list persisted, `n`, `bind-key`, colours and the status line.
@MainActor
@Suite struct ReaderSessionTests {
  @Test func feedListShowsCountsAndMarksAFailedFeed() async throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    let swift = try #require(h.session.feeds.last)
    try await h.session.cache.recordFailure(feedID: swift.id, error: "The server answered 404.")
    h.session.refreshFeeds()  // what the end of a reload does
    h.root.sync()
    h.screen.renderNow()
    #expect(h.text.contains("AppCoda                              5/5"))
    #expect(h.text.contains("! Swift Blog                         1/1"))
    let marker = try #require(h.find("! Swift Blog"))
    #expect(h.surface[marker.x, marker.y].style == Theme().error)
  }

  @Test func unreadRowsAreBoldAndOpeningMarksReadAndPersists() async throws {
    let h = Harness(120, 40)
    let second = try #require(h.find("Building a Simple"))
    #expect(h.surface[second.x, second.y].style.attributes.contains(.bold), "unread")
    h.press(.enter)  // opens the first article
    h.press(.tab, .character("j"))  // back to the list, select the second: the first is plain now
    #expect(h.lines[2].hasPrefix(" Understanding Self"))
    #expect(!h.surface[1, 2].style.attributes.contains(.bold), "read after opening")
    #expect(h.session.feeds[0].unreadCount == 4)
    let id = try #require(h.session.selected?.id)
    try await h.eventually("the read flag in the cache") { try h.session.cache.article(id: id)?.isRead == true }
  }

  /// What background work posts reaches the model one way, `ReadingSession.apply`: a picture's arrival
  /// and a list's count read in the background too, which `Screen.handle` used to hand to the pictures
  /// and the lists around the session.
  @Test func aPictureAndABackgroundCountArriveThroughTheSession() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(status: 404, "gone") }
    defer { server.stop() }
    let h = Harness(80, 24)
    let url = server.baseURL + "/picture.png"
    let images = h.session.pages.images
    guard case .loading = images.state(of: url) else {
      Issue.record("the picture was not asked for")
      return
    }
    var arrived: Event?
    let deadline = ContinuousClock.now + Harness.patience
    while arrived == nil, ContinuousClock.now < deadline {
      arrived = h.session.events.take().first { if case .imageLoaded = $0 { true } else { false } }
      if arrived == nil { try await Task.sleep(for: .milliseconds(10)) }
    }
    h.session.apply(try #require(arrived))
    guard case .failed = images.state(of: url) else {
      Issue.record("the picture's failure was not taken in")
      return
    }
    let scope = ItemScope(.all)
    h.session.apply(.listCounted(scope, count: 7))
    #expect(h.session.backgroundCounts.count(of: scope) == 7)
  }

  @Test func recentIsNewestFirstDeduplicatedAndSurvivesARelaunch() async throws {
    let h = Harness(120, 40)
    h.press(.enter)  // 1st article
    h.press(.tab, .character("j"), .enter)  // 2nd
    h.press(.tab, .character("k"), .enter)  // 1st again
    #expect(h.session.recent.items.map(\.title) == [SampleFeeds.appcoda.items[0].title, SampleFeeds.appcoda.items[1].title])
    // The order, not the count: the third open only moves the first article up, a write of its own.
    let order = [SampleFeeds.appcoda.items[0].title, SampleFeeds.appcoda.items[1].title]
    try await h.eventually("two recents in the cache, newest first") { try h.session.cache.recents().map(\.title) == order }
    let again = Harness(120, 40, cache: h.session.cache, feeds: h.session.feeds)
    again.press(.character("2"))
    let top = try #require(again.find("Understanding Self"))
    let next = try #require(again.find("Building a Simple"))
    #expect(top.y < next.y, "newest first after relaunch")
    #expect(again.text.contains(" Recent"))
  }

  @Test func nextUnreadSkipsReadArticlesAndMovesToTheNextFeed() throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    h.press(.enter)  // AppCoda's articles
    h.press(.character("n"))
    #expect(h.session.selected?.item.title == SampleFeeds.appcoda.items[0].title)
    for _ in 1..<5 { h.press(.character("n")) }
    #expect(h.session.selected?.item.title == SampleFeeds.appcoda.items[4].title)
    h.press(.character("n"))
    #expect(h.session.selected?.item.title == "Swift 1.1", "on to the next feed with unread articles")
    h.press(.character("n"))
    #expect(h.text.contains("No unread articles."))
  }

  @Test func bindKeyRebindsAndHelpShowsIt() {
    let h = Harness(120, 40) { $0.keyMap.bind(.character("x"), to: .moveDown) }
    h.press(.character("x"))
    #expect(h.root.keyMap.action(for: .character("x"), in: .list) == .moveDown)
    let list = h.root.split.primaryNavigation?.top as? ListController
    #expect(list?.selectedIndex == 1)
    h.press(.character("?"))
    #expect(h.text.contains("j ↓ x"))
  }

  /// `bind-key SPACE next-unread` (a line `import-newsboat` writes): Space goes to the next unread
  /// article from a list and from the open article, where it used to page.
  @Test func bindKeySpaceNextUnreadWorksInListsAndTheArticle() {
    let h = Harness(120, 40, feeds: SampleFeeds.many) { $0.keyMap.bind(.character(" "), to: .nextUnread) }
    h.press(.enter)  // AppCoda's articles
    h.press(.character(" "))
    #expect(h.session.selected?.item.title == SampleFeeds.appcoda.items[0].title)
    h.press(.character(" "))
    #expect(h.session.selected?.item.title == SampleFeeds.appcoda.items[1].title)
  }

  @Test func coloursFromTheConfigReachTheCells() throws {
    let config = ConfigParser.parse("color unread green default bold\ncolor selection white blue\n").config
    let h = Harness(120, 40) { $0.theme = config.ui.theme }
    let second = try #require(h.find("Building a Simple"))
    #expect(h.surface[second.x, second.y].style == Style(foreground: .green, attributes: .bold))
    let first = try #require(h.find("Understanding Self"))
    #expect(h.surface[first.x, first.y].style.background == .blue)
  }

  @Test func configProblemsShowInTheStatusLineUntilAKey() throws {
    let temporary = try TemporaryDirectory("splitfeed-status")
    let folder = temporary.url
    try Data("regular-width wide\nbind-key x fly\n".utf8).write(to: folder.appendingPathComponent("config"))
    let library = Library.load(paths: Paths(configDirectory: folder.path, cacheFile: folder.path + "/cache.db"))
    let (session, notices) = try Application.openSession(sources: [], library: library, configuration: UIConfiguration())
    #expect(notices.count == 2)
    #expect(notices[0].hasPrefix("config line 1: regular-width"))
    #expect(notices[1].contains("unknown action \"fly\""))
    #expect(session.feeds.count == 1, "nothing configured: the demo feed")

    let h = Harness(100, 30)
    h.session.status.notify(.failure(notices[0]))
    h.screen.renderNow()
    #expect(h.lines.last?.hasPrefix(" config line 1: regular-width") == true)
    h.press(.character("j"))
    #expect(h.lines.last?.contains("config line") == false)
  }

  @Test func reloadShowsProgressThenRefreshesInPlace() async throws {
    let local = try LocalFeed(["Old one"])
    let h = Harness(100, 30, cache: local.cache, feeds: local.feeds)
    let write = local.write
    h.session.reload(local.feeds)
    #expect(h.session.status.progress?.text == "Reloading 0/1…")
    try await h.waitForReload()
    #expect(h.text.contains("Old one"))
    #expect(h.lines.last?.contains("Reloaded 1 feed: 1 updated (1 new article)") == true)
    try write(["New one", "Old one"])
    h.press(.character("r"))
    try await h.waitForReload()
    #expect(h.text.contains("New one"))
    #expect(h.session.feeds[0].unreadCount == 2)
  }

  @Test func repairedFeedsAreMarkedSummedUpAndListedWithWhatWasRepaired() async throws {
    let local = try LocalFeed(["AT&T News", "Q&A"])  // bare ampersands: the parser repairs them
    let clean = local.fixture.dir.url.appendingPathComponent("clean.xml")
    try Data("<rss version=\"2.0\"><channel><title>Clean</title><item><title>Fine</title><guid>f</guid></item></channel></rss>".utf8)
      .write(to: clean)
    let feeds = try local.cache.addFeeds(urls: [local.file.absoluteString, clean.absoluteString])
    let h = Harness(120, 40, cache: local.cache, feeds: feeds)
    h.session.reload(feeds)
    try await h.waitForReload()
    #expect(h.lines.contains { $0.hasPrefix(" ~ Local") }, "the repaired feed's marker\n\(h.text)")
    #expect(h.lines.contains { $0.hasPrefix(" Clean") }, "no marker on a clean feed\n\(h.text)")
    #expect(h.lines.last?.contains("1 feed was repaired (E lists why).") == true, "\(h.lines.last ?? "")")
    h.press(.character("E"))
    #expect(h.text.contains("1 feed had to be repaired:"), "\(h.text)")
    #expect(h.text.contains("repaired"))
    #expect(!h.text.contains("failed to load"))
  }

  @Test func pagingDownAThousandRowsShowsEveryRowInOrder() {
    // Item 0 is the newest; rows come from the cache 200 at a time, each page read on from the last.
    let items = (0..<1000).map { Item(title: "Row \($0)", id: "row-\($0)", published: Date(timeIntervalSince1970: Double(2_000_000 - $0))) }
    let h = Harness(80, 24, feeds: [Feed(title: "Long", items: items)])
    var seen: [Int] = []
    for _ in 0..<60 {
      let numbers = h.lines.compactMap { line -> Int? in
        guard let range = line.range(of: #"Row (\d+)"#, options: .regularExpression) else { return nil }
        return Int(line[range].dropFirst(4))
      }
      #expect(numbers == Array((numbers.first ?? 0)..<((numbers.first ?? 0) + numbers.count)), "consecutive: \(numbers)")
      seen += numbers
      h.press(.pageDown)
    }
    #expect(Set(seen) == Set(0..<1000), "every row shown")
  }

  @Test func reloadIntervalReloadsEverythingAgainAndAgain() async throws {
    let local = try LocalFeed(["First"])
    let h = Harness(100, 30, cache: local.cache, feeds: local.feeds) { $0.reloadInterval = 2 }
    let write = local.write
    h.session.reloadIntervalUnit = .milliseconds(100)  // "2 minutes" = 0.2 s
    h.session.start()  // the never-fetched feed is fetched at once
    try await h.eventually("the first fetch") { h.session.feeds[0].totalCount == 1 }
    // No key pressed from here on: the interval alone brings each new article in.
    for round in 2...3 {
      try write((1...round).map { "Article \($0)" } + ["First"])
      try await h.eventually("automatic reload \(round)") {
        return h.session.feeds[0].totalCount == round + 1 && h.text.contains("Article \(round)")
      }
    }
  }

  @Test func fullArticleExtractsThePagesArticleAndStoresIt() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", "text/html")], NewsPage.article()) }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [Item(title: "Summary only", link: server.baseURL + "/story.html", summary: "<p>Teaser.</p>")])
    let h = Harness(120, 30, feeds: [feed])
    h.press(.enter)
    #expect(h.text.contains("Teaser."))
    h.press(.character("f"))
    #expect(h.lines.last?.hasPrefix(" Fetching http://127.0.0.1:") == true)
    try await h.eventually("the article text") { h.text.contains("story1word one") }
    for chrome in ["Navigationlink", "Sharebartext", "Commenttext", "Sidebarlink", "Newsletterbox", "Footertext", "SCRIPTTEXT"] {
      #expect(!h.text.contains(chrome), "\(chrome) is page furniture")
    }
    #expect(h.text.contains("By Ada Writer · 1 May 2026 · The Example Times"), "the article's metadata")
    let id = try #require(h.session.selected?.id)
    let stored = try #require(try h.session.cache.article(id: id)?.fullContent)
    #expect(stored.contains("story12word two"))
    #expect(!stored.contains("Commenttext"))
    h.press(.character("f"))
    #expect(h.text.contains("Teaser."))
    #expect(!h.text.contains("story1word one"))
  }

  @Test func aPageStoredByTheOldWholePageCutIsExtractedAgain() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", "text/html")], NewsPage.article()) }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [Item(title: "Summary only", link: server.baseURL + "/story.html", summary: "<p>Teaser.</p>")])
    let h = Harness(120, 30, feeds: [feed])
    let stored = try #require(try h.session.cache.items(feedID: h.session.feeds[0].id).first)
    try h.session.cache.setFullContent("<nav>Navigationlink</nav><p>Old cut.</p>", itemID: stored.id)
    h.press(.enter)
    h.press(.character("f"))
    try await h.eventually("the extracted article") { h.text.contains("story1word one") }
    #expect(!h.text.contains("Old cut."))
  }

  @Test func aPageWithoutAnArticleKeepsTheFeedsText() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", "text/html")], NewsPage.signInWall()) }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [Item(title: "A list", link: server.baseURL + "/", summary: "<p>Teaser.</p>")])
    let h = Harness(120, 30, feeds: [feed])
    h.press(.enter)
    h.press(.character("f"))
    try await h.eventually("the failure on the status line") { h.text.contains("No article found on this page") }
    #expect(h.text.contains("Teaser."))
    #expect(!h.text.contains("Subscribers only"))
    let id = try #require(h.session.selected?.id)
    #expect(try h.session.cache.article(id: id)?.fullContent == nil)
  }

  @Test func aFeedSetToAlwaysFullArticleOpensOnTheArticle() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", "text/html")], NewsPage.article()) }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [Item(title: "Summary only", link: server.baseURL + "/story.html", summary: "<p>Teaser.</p>")])
    let h = Harness(120, 30, feeds: [feed]) { $0.alwaysFullArticle = [.feed("file:///sample/0")] }
    h.press(.enter)
    try await h.eventually("the article text without pressing f") { h.text.contains("story1word one") }
    h.press(.character("f"))
    #expect(h.text.contains("Teaser."))
  }

  /// `always-full-article tag:NAME`, the form of every per-feed setting (`FeedSelector`): the tag's feeds
  /// open on the full article, the others on the feed's text.
  @Test func alwaysFullArticleByTagNamesTheTagsFeedsOnly() throws {
    let feeds = [Feed(title: "Long", items: [Item(title: "Tagged", id: "t")]), Feed(title: "Short", items: [Item(title: "Plain", id: "p")])]
    var (cache, rows) = try ScratchCache.make(
      feeds.enumerated().map { ("file:///sample/\($0.offset)", $0.element) }, firstSeen: SampleFeeds.date("2014-08-25 00:00")!)
    rows[0].tags = ["long"]
    let h = Harness(120, 30, cache: cache, feeds: rows) { $0.alwaysFullArticle = [.tag("long")] }
    let articles = try rows.map { row in
      let summary = try #require(try cache.items(feedID: row.id).first)
      return try #require(try cache.article(id: summary.id))
    }
    #expect(articles.map(h.session.reading.opensFullArticle) == [true, false])
    let other = Harness(120, 30, cache: cache, feeds: rows) { $0.alwaysFullArticle = [.tag("other"), .feed(rows[1].url)] }
    #expect(articles.map(other.session.reading.opensFullArticle) == [false, true])
  }
}

/// A one-feed cache over a local RSS file the test rewrites (items get guids `g0`, `g1`… by position).
final class LocalFeed {
  let fixture: CacheFixture
  var cache: Cache { fixture.cache }
  var file: URL { fixture.dir.url.appendingPathComponent("feed.xml") }
  let feeds: [CachedFeed]

  init(_ titles: [String]) throws {
    fixture = try CacheFixture("splitfeed-local")
    feeds = try fixture.cache.addFeeds(urls: [fixture.dir.url.appendingPathComponent("feed.xml").absoluteString])
    try write(titles)
  }

  func write(_ titles: [String]) throws {
    let items = titles.enumerated().map { FeedXML.Item(title: $0.element, guid: "g\($0.offset)") }
    try fixture.dir.write(FeedXML.rss(title: "Local", items: items), to: "feed.xml")
  }
}
