import Foundation
import Reader
import TestSupport
import Testing

/// `always-full-article` in the binary, in tmux, against a slow loopback server that logs what it is
/// asked: the next articles' pages are fetched ahead of `J`, never more than two at once to the one host,
/// a run of `J` presses leaves no queue behind; a page's words are searched with its article; and a feed
/// on the internet does not get its links fetched from the user's own network.
@Suite("Fetching ahead and the user's network, in tmux", .serialized)
struct FetchAheadEndToEndTests {
  let folder: RunFolder

  init() throws {
    folder = try RunFolder("splitfeed-ahead")
  }

  /// The page of story `n`: a news page whose article is `Story n page`; story 3's alone speaks of
  /// Emscripten.
  static func page(_ n: Int) -> Data {
    let html = NewsPage.article(title: "Story \(n) page", paragraphs: 12)
    return Data((n == 3 ? html.replacingOccurrences(of: "story1word one", with: "story1word one, built with Emscripten") : html).utf8)
  }

  /// A server answering `/pN.html` with story N's page after `delay` seconds, and a feed file of
  /// `count` summaries linking to them (Story 1 first), read with `always-full-article *` plus `config`.
  func serve(count: Int, delay: Double, config: String = "") throws -> TestHTTPServer {
    let server = try TestHTTPServer { request in
      let name = request.path.dropFirst(2).split(separator: ".").first.flatMap { Int($0) }
      guard request.path.hasPrefix("/p"), let n = name else { return TestHTTPServer.Response(status: 404, "no") }
      return TestHTTPServer.Response(headers: [("Content-Type", "text/html; charset=utf-8")], body: Self.page(n), delay: delay)
    }
    let items = (1...count).map { n in
      FeedXML.Item(
        title: "Story \(n)", link: server.url("p\(n).html"), guid: "s\(n)",
        pubDate: FeedXML.date(Date(timeIntervalSince1970: 1_800_000_000 - Double(n) * 3600)), description: "Summary \(n).")
    }
    _ = try folder.temporary.write(FeedXML.rss(title: "Stories", items: items), to: "feed.xml")
    try Data(("always-full-article *\n" + config).utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    return server
  }

  func paths(_ server: TestHTTPServer) -> [String] { server.requests.map(\.path) }

  @Test("opening an article fetches the next three pages ahead, two at a time; J finds its page stored; / finds a page's word")
  func pagesFetchedAheadAndSearched() throws {
    let server = try serve(count: 8, delay: 0.4)
    defer { server.stop() }
    let tmux = try folder.launchReader(feeds: ["feed.xml"], size: (120, 40))  // on the one feed's list
    defer { tmux.close() }
    try tmux.waitFor(text: "Story 8")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "story1word", timeout: 60)
    try tmux.waitUntil(timeout: 60, "pages 2 to 4 requested ahead; requests: \(paths(server))") { _ in
      Set(["/p2.html", "/p3.html", "/p4.html"]).isSubset(of: self.paths(server))
    }
    #expect(!paths(server).contains("/p5.html"), "three ahead, no more")
    #expect(server.maxInFlight <= 2, "at most two at once to one host")

    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Story 2 page", timeout: 60)
    #expect(paths(server).filter { $0 == "/p2.html" }.count == 1, "J found the page fetched ahead")

    // Story 3's page was fetched ahead, never opened: its word finds it (once indexed, the results
    // are read again), and only it.
    try tmux.send(keys: "/")
    try tmux.type("Emscripten")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil(timeout: 60, "Story 3 alone found by its page's word") { lines in
      let above = lines.dropLast()
      return above.contains { $0.contains("Story 3") } && !above.contains { $0.contains("Story 5") || $0.contains("Story 8") }
    }
    #expect(server.maxInFlight <= 2)
  }

  @Test("twelve J presses against a slow server: two requests at once at most, and the last article's page shows")
  func runOfJPressesIsBounded() throws {
    let server = try serve(count: 16, delay: 1)
    defer { server.stop() }
    let tmux = try folder.launchReader(feeds: ["feed.xml"], size: (120, 40))
    defer { tmux.close() }
    try tmux.waitFor(text: "Story 16")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Summary 1")
    try tmux.send(keys: "J", "J", "J", "J", "J", "J", "J", "J", "J", "J", "J", "J")
    try tmux.waitFor(text: "Story 13 page", timeout: 60)
    #expect(server.maxInFlight <= 2, "requests at once: \(server.maxInFlight), \(paths(server))")
    // What was sent ran to its end; the pages passed over while they waited were never asked for.
    #expect(paths(server).count < 13, "\(paths(server))")
  }

  /// A cache whose one feed is on the internet (`news.example.test`, never fetched in this test: it is
  /// stored as a reload would have) and whose article links to a page and a picture on the loopback
  /// server; the reader opens it with `always-full-article *` plus `config`.
  func launchPublicFeed(config: String) throws -> (TestHTTPServer, TmuxHarness) {
    let server = try serve(count: 1, delay: 0, config: config)
    let address = "https://news.example.test/feed.xml"
    do {
      let cache = try Cache(path: folder.cacheFile)
      let feedID = try #require(try cache.addFeeds(urls: [address]).first?.id)
      let item = Item(
        title: "Local links", link: server.url("p1.html"), id: "l1",
        content: "<p>Summary text.</p><p><img src=\"\(server.url("chart.png"))\" alt=\"the chart\"></p>")
      try cache.storeNow(Feed(title: "Public News", items: [item]), feedID: feedID, validators: Validators())
    }
    try Data((address + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let tmux = try folder.launch(size: (120, 40))  // on the one feed's list
    try tmux.waitFor(text: "Local links")
    try tmux.send(keys: "Enter")
    return (server, tmux)
  }

  @Test("a feed on the internet: its article's page and picture are not fetched from 127.0.0.1")
  func publicFeedKeepsOffTheUsersNetwork() throws {
    let (server, tmux) = try launchPublicFeed(config: "")
    defer { server.stop() }
    defer { tmux.close() }
    try tmux.waitFor(text: "not fetched from 127.0.0.1", timeout: 60)  // the picture's caption
    try tmux.waitFor(text: "was not fetched", timeout: 60)  // the page, on the status line
    #expect(server.requests.isEmpty, "requested: \(paths(server))")
  }

  @Test("fetch-local-links yes: the same feed's page is fetched")
  func fetchLocalLinksAllowsIt() throws {
    let (server, tmux) = try launchPublicFeed(config: "fetch-local-links yes\n")
    defer { server.stop() }
    defer { tmux.close() }
    try tmux.waitFor(text: "story1word", timeout: 60)
    #expect(paths(server).contains("/p1.html"))
  }
}
