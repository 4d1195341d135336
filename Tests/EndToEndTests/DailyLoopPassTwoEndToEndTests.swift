import Foundation
import Reader
import TestSupport
import Testing

/// The daily loop's second pass on the real binary in tmux (DESIGN §3, §5): Back and `q` with the list
/// hidden, feeds listed as each one lands while another stalls, the help paged and in two columns, a
/// failed feed's mark on its address's line. At two sizes where the layout matters.
@Suite("The daily loop in tmux, second pass", .serialized)
struct DailyLoopPassTwoEndToEndTests {
  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  // MARK: Back and q with the list hidden

  /// Both sizes expanded: `t` hides the list only beside an article.
  @Test("with the list hidden, Back, Esc and q bring back the list the article came from", arguments: [(140, 40), (110, 30)])
  func backWithTheListHidden(size: (Int, Int)) throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Avocado story")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Body of Apple story.")
    // Each time the list comes back, its next row (j) or the one before (k) opens: the list has the
    // focus (in the article j and k would scroll, and Enter do nothing).
    var open = "Apple story"
    for (key, move, next) in [("h", "j", "Apple news"), ("Escape", "j", "Avocado story"), ("q", "k", "Apple news")] {
      try tmux.send(keys: "t")
      // The toolbar's left item names the list while it is hidden.
      try tmux.waitUntil("the list hidden before \(key)") { screen in
        !screen.contains { $0.contains("Hide list") } && screen.contains { $0.contains("Articles") }
      }
      try tmux.send(keys: key)
      let shown = try tmux.waitUntil("\(key): the list back") { screen in
        screen.contains { $0.contains("Hide list") } && screen.contains { $0.contains("Avocado story") }
      }
      #expect(!text(shown).contains("SPLITFEED-EXIT"), "\(key) did not quit:\n\(text(shown))")
      #expect(text(shown).contains("Body of \(open)."), "the article stays beside the list")
      try tmux.send(keys: move, "Enter")
      try tmux.waitFor(text: "Body of \(next).")
      open = next
    }
    #expect(!text(try tmux.settledScreen()).contains("SPLITFEED-EXIT"))
  }

  @Test("a restart after an outage asks the server at once instead of repeating the last run's failure")
  func aRestartAsksTheServerAgain() throws {
    let folder = try RunFolder("splitfeed-restart")
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.addFeed("feed/1", title: "One", label: "Tech")
    server.addArticles(3, feed: "feed/1")
    let passwordFile = folder.configDir + "/password"
    try Data((server.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    let config = "sync greader\nsync-url \(server.apiURL.absoluteString)\nsync-user \(server.user)\nsync-password-file \(passwordFile)\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    // The outage: the mark's send fails and the run ends with the mark kept, the engine's wait (5 s) not over.
    do {
      let tmux = try folder.launch(size: (140, 40))
      defer { tmux.close() }
      // The feed's row once the first sync stored it: its summary line is gone at the next status.
      _ = try tmux.waitUntil(timeout: 60, "the first sync listed the feed") { $0.contains { $0.contains("One [Tech]") && $0.contains("3/3") } }
      server.queue([.status(400, retryAfter: nil)], on: "edit-tag")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Article 3")
      try tmux.send(keys: "N")
      try tmux.waitFor(text: "kept for the next sync", timeout: 60)
      try tmux.send(keys: "q", "q")
      _ = try tmux.waitForExit()
    }
    // The server is back: the new run sends the kept mark at once, never showing the old failure.
    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    var screens: [[String]] = []
    let sends = { server.paths.filter { $0.contains("edit-tag") }.count }
    try tmux.waitUntil(timeout: 60, "the kept mark sent") { screen in
      screens.append(screen)
      return sends() >= 2
    }
    screens.append(try tmux.settledScreen())
    #expect(try Cache(path: folder.cacheFile, readOnly: true).pendingSyncChanges() == 0)
    #expect(!screens.contains { $0.contains { $0.contains("kept for the next sync") } }, "the last run's failure was shown")
  }

  // MARK: The help

  @Test("the help pages like an article and says more follows")
  func helpPages() throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start((80, 24))
    defer { tmux.close() }
    try tmux.send(keys: "?")
    let first = try tmux.waitFor(text: "next row")
    #expect(text(first).contains("▼ more"), "more follows:\n\(text(first))")
    #expect(!text(first).contains("closes this help"))
    try tmux.send(keys: "Space")
    let second = try tmux.waitUntil("a page further") { !$0.contains { $0.contains("next row") } }
    #expect(text(second).contains("▼ more"))
    try tmux.send(keys: "End")
    let last = try tmux.waitFor(text: "closes this help")
    #expect(!text(last).contains("▼ more"), "nothing more at the end:\n\(text(last))")
    try tmux.send(keys: "g")
    try tmux.waitFor(text: "next row")
    try tmux.send(keys: "G")
    try tmux.waitFor(text: "closes this help")
    try tmux.send(keys: "PageUp")
    try tmux.waitUntil("a page back") { !$0.contains { $0.contains("closes this help") } }
  }

  @Test("a wide terminal shows the whole help at once, in two columns")
  func helpInTwoColumns() throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start((140, 40))
    defer { tmux.close() }
    try tmux.send(keys: "?")
    try tmux.waitFor(text: "next row")
    let screen = try tmux.settledScreen()
    #expect(text(screen).contains("closes this help") && !text(screen).contains("▼ more"), "\(text(screen))")
    // The Lists section and the Everywhere section side by side.
    #expect(screen.contains { $0.contains("Lists") && $0.contains("Everywhere") }, "\(text(screen))")
  }

  // MARK: Feeds listed as they land

  /// A folder served on loopback with the feed `fast.xml`, and a second server that never answers in
  /// time: its feed holds a reload for the fetch timeout (10 s).
  final class Stall {
    let folder: RunFolder
    let web: TestHTTPServer
    let stalled: TestHTTPServer

    init() throws {
      folder = try RunFolder("splitfeed-stall")
      web = try folder.serveWebRoot()
      stalled = try TestHTTPServer { _ in TestHTTPServer.Response(delay: 60, "") }
      try writeFast(items: 2)
      let urls = [web.url("fast.xml"), stalled.url("stalled.xml")].joined(separator: "\n") + "\n"
      try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    }

    func writeFast(items: Int) throws {
      try folder.writeFeed("fast.xml", title: "Fast feed", items: (1...items).map { "Fast story \($0)" })
    }

    deinit {
      web.stop()
      stalled.stop()
    }
  }

  /// Whether the feed list's row of Fast feed shows `counts` while the reload still runs.
  static func fastListed(_ counts: String, _ screen: [String]) -> Bool {
    screen.contains { $0.contains("Fast feed") && $0.contains(counts) } && (screen.last ?? "").contains("Reloading 1/2")
  }

  @Test("a stalled feed holds back only itself: the fast feed's title, articles and counts show as it lands", arguments: [(140, 40), (70, 30)])
  func aStalledFeedHoldsBackOnlyItself(size: (Int, Int)) throws {
    let stall = try Stall()
    let tmux = try stall.folder.launch(size: size)
    defer { tmux.close() }
    // A first start: the fast feed's title and counts, not its bare address, while the other stalls.
    try tmux.waitUntil(timeout: 9, "Fast feed listed during the first reload") { Self.fastListed("2/2", $0) }
    try tmux.waitUntil(timeout: 30, "the first reload ended") { ($0.last ?? "").contains("Failed:") }
    try stall.writeFast(items: 3)
    // Leaves Unread as it was, so it must follow the new article too.
    try tmux.send(keys: "R")
    let pressed = Date()
    let listed = try tmux.waitUntil(timeout: 9, "the new article counted while the stalled feed still loads") {
      Self.fastListed("3/3", $0)
    }
    let seconds = Date().timeIntervalSince(pressed)
    print("daily loop pass two, \(size.0)×\(size.1): the fast feed's new article listed \(String(format: "%.2f", seconds)) s after R")
    #expect(listed.contains { $0.contains("Unread") && $0.contains("3") }, "Unread follows:\n\(text(listed))")
    // Its articles too: opened while the reload runs.
    try tmux.send(keys: "g", "j", "j", "Enter")
    try tmux.waitUntil(timeout: 9, "Fast story 3 listed while the other feed stalls") {
      $0.contains { $0.contains("Fast story 3") } && ($0.last ?? "").contains("Reloading 1/2")
    }
  }

  /// The Unread row's count on `screen`, nil when no row shows one.
  static func unreadCount(_ screen: [String]) -> Int? {
    for line in screen {
      if let range = line.range(of: #"Unread +\d+"#, options: .regularExpression) {
        return Int(line[range].split(separator: " ").last ?? "")
      }
    }
    return nil
  }

  @Test("with 50 healthy feeds and one stalled, Unread grows as the feeds land, before the stalled one times out")
  func unreadGrowsWhileOneOfFiftyOneStalls() throws {
    let folder = try RunFolder("splitfeed-fifty")
    let web = try folder.serveWebRoot()
    let stalled = try TestHTTPServer { _ in TestHTTPServer.Response(delay: 60, "") }
    defer {
      web.stop()
      stalled.stop()
    }
    let names = (1...50).map { "feed\($0).xml" }
    func write(items: Int) throws {
      for name in names { try folder.writeFeed(name, title: "Feed \(name)", items: (1...items).map { "\(name) story \($0)" }) }
    }
    try write(items: 1)
    let urls = names.map(web.url) + [stalled.url("stalled.xml")]
    try Data((urls.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitUntil(timeout: 40, "the first reload ended") { ($0.last ?? "").contains("Failed:") }
    #expect(Self.unreadCount(try tmux.settledScreen()) == 50)
    try write(items: 2)
    try tmux.send(keys: "R")
    let pressed = Date()
    // The fetch timeout is 10 s: Unread must have grown while the stalled feed still holds the reload.
    let grown = try tmux.waitUntil(timeout: 9, "Unread grown while the stalled feed still loads") { screen in
      (Self.unreadCount(screen) ?? 0) > 50 && (screen.last ?? "").contains("Reloading")
    }
    print("daily loop pass two: Unread at \(Self.unreadCount(grown) ?? 0) \(String(format: "%.2f", Date().timeIntervalSince(pressed))) s after R")
    try tmux.waitUntil(timeout: 9, "all 50 new articles counted while the stalled feed still loads") { screen in
      Self.unreadCount(screen) == 100 && (screen.last ?? "").contains("Reloading")
    }
  }

  // MARK: A failed feed's mark

  @Test("a failed feed's ! stands on its address's line, a long address cut with …", arguments: [(140, 40), (70, 30)])
  func aFailedFeedsMarkStaysWithItsAddress(size: (Int, Int)) throws {
    let folder = try RunFolder("splitfeed-failed")
    let web = try folder.serveWebRoot()
    defer { web.stop() }
    try folder.writeFeed("fast.xml", title: "Fast feed", items: ["Fast story"])
    let missing = web.url("feeds/this-address-is-long-enough-to-need-more-than-one-line-of-any-list.xml")
    try Data((web.url("fast.xml") + "\n" + missing + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let tmux = try folder.launch(size: size)
    defer { tmux.close() }
    try tmux.waitFor(text: "Failed:")
    let screen = try tmux.settledScreen()
    let row = try #require(screen.first { $0.contains("! ") && $0.contains("0/0") }, "the failed row:\n\(text(screen))")
    #expect(row.contains("! http://127.0.0.1:") && row.contains("…"), "the mark on the address's line:\n\(text(screen))")
    #expect(!screen.contains { $0.contains("of-any-list.xml") }, "the address cut, not wrapped:\n\(text(screen))")
  }

  // MARK: Smaller

  @Test("a narrow title bar shows the sort, the filter and unread only together", arguments: [(100, 30), (70, 30)])
  func aNarrowTitleBarShowsEveryMarker(size: (Int, Int)) throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Avocado story")
    try tmux.send(keys: "S", "S")
    try tmux.waitFor(text: "Sorted by title")
    try tmux.send(keys: "F")
    try tmux.waitFor(text: "Filter:")
    try tmux.type(#"title =~ "A""#)
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Filter: 3 articles match.")
    try tmux.send(keys: "U")
    let screen = try tmux.waitFor(text: "unread only]")
    #expect(screen.contains { $0.contains("title filtered unread only]") }, "every marker:\n\(text(screen))")
  }

  @Test("Back at a lone feed's articles shows the feed list, with Unread and Starred", arguments: [(140, 40), (70, 30)])
  func backFromALoneFeed(size: (Int, Int)) throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.folder.launchReader(feeds: ["alpha.xml"], size: size)
    defer { tmux.close() }
    let start = try tmux.waitFor(text: "Avocado story")
    #expect(!text(start).contains("Starred"), "a lone feed opens at its articles")
    try tmux.send(keys: "h")
    let feeds = try tmux.waitUntil("the feed list") { $0.contains { $0.contains("Starred") } }
    #expect(text(feeds).contains("Unread") && text(feeds).contains("Alpha"), "\(text(feeds))")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("the feed again, with a Back") { backBarNames("Alpha", $0) && $0.contains { $0.contains("Avocado story") } }
    try tmux.send(keys: "q")
    try tmux.waitUntil("the feed list again") { $0.contains { $0.contains("Starred") } }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  /// Whether the bar with Back names `title`.
  func backBarNames(_ title: String, _ screen: [String]) -> Bool {
    screen.contains { $0.contains("Back") && $0.contains(title) }
  }

  @Test("C marks and counts only the articles the ignore rules leave")
  func markAllSkipsIgnoredArticles() throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let rule = #"ignore-article * "title =~ \"Banana\"""# + "\n"
    try Data(rule.utf8).write(to: URL(fileURLWithPath: setup.folder.configDir + "/config"))
    let tmux = try setup.start((140, 40))
    defer { tmux.close() }
    try tmux.waitUntil("Unread counts 4") { $0.contains { $0.range(of: #"Unread +4\b"#, options: .regularExpression) != nil } }
    try tmux.send(keys: "C")
    try tmux.waitFor(text: "Mark every article of every feed read?")
    try tmux.send(keys: "y")
    try tmux.waitFor(text: "Marked 4 articles read")
  }

  @Test("Enter on a search keeps the count the field showed, past the first page")
  func searchEnterKeepsTheCount() throws {
    let folder = try RunFolder("splitfeed-count")
    let items = (1...250).map { FeedXML.Item(title: "Story \($0)", guid: "story-\($0)", description: "Body \($0).") }
    try folder.temporary.write(FeedXML.rss(title: "Many", items: items), to: "many.xml")
    try folder.temporary.write(FeedXML.rss(title: "Other", items: [FeedXML.Item(title: "Else", guid: "else")]), to: "other.xml")
    let tmux = try folder.launchReader(feeds: ["many.xml", "other.xml"], size: (140, 40))
    defer { tmux.close() }
    try tmux.send(keys: "/")
    try tmux.waitFor(text: "Search:")
    try tmux.type("story")
    try tmux.waitUntil(timeout: 20, "the field counted every match") { ($0.last ?? "").contains("(250 articles") }
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("the field closed") { !($0.last ?? "").contains("Search:") }
    let status = (try tmux.screen().last ?? "").trimmingCharacters(in: .whitespaces)
    #expect(status.hasPrefix("250 articles match “story”"), "\(status)")
  }

  @Test("after a good R, E lists the start-up sync's failure as over")
  func aSyncFailureIsOverOnceTheServerAnswers() throws {
    let folder = try RunFolder("splitfeed-answered")
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.addFeed("feed/1", title: "One", label: "Tech")
    server.queue([.status(400, retryAfter: nil)], on: "subscription/list")
    let passwordFile = folder.configDir + "/password"
    try Data((server.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    let config = "sync greader\nsync-url \(server.apiURL.absoluteString)\nsync-user \(server.user)\nsync-password-file \(passwordFile)\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitUntil(timeout: 20, "the start-up sync failed") { ($0.last ?? "").contains("Sync") && ($0.last ?? "").contains("400") }
    try tmux.send(keys: "R")
    try tmux.waitFor(text: "Synced 1 feed", timeout: 20)
    try tmux.send(keys: "E")
    let list = try tmux.waitFor(text: "─ Problems ─")
    #expect(list.contains { $0.contains("400") }, "the failure stays listed:\n\(text(list))")
    #expect(list.contains { $0.contains("The server has answered since") }, "as over:\n\(text(list))")
  }
}
