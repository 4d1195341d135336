import Foundation
import TestSupport
import Testing

/// `f` in the binary, in tmux: a summary-only feed whose links a loopback server answers with a news page
/// (navigation, sidebar, share bar, comments and footer around the article) and with a sign-in wall. The
/// article shows without the page's furniture in the wide split and the narrow stack and through a
/// resize; `f` again brings back the feed's text; a page without an article says so and keeps it.
@Suite(.serialized)
struct FullArticleEndToEndTests {
  static let sizes = [(120, 40), (60, 24)]
  static let chrome = ["Navigationlink", "Cookiebannertext", "Sharebartext", "Commenttext", "Sidebarlink",
    "Newsletterbox", "Footertext", "SCRIPTTEXT"]

  final class Setup {
    let folder: RunFolder
    let server: TestHTTPServer

    init() throws {
      folder = try RunFolder("splitfeed-full")
      let site = folder.root.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      try NewsPage.article(paragraphs: 40).write(to: site.appendingPathComponent("story.html"), atomically: true, encoding: .utf8)
      try NewsPage.signInWall().write(to: site.appendingPathComponent("front.html"), atomically: true, encoding: .utf8)
      server = try TestHTTPServer(serving: site)
      let base = "http://127.0.0.1:\(server.port)"
      let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Summaries</title>"
        + "<item><title>River story</title><link>\(base)/story.html</link><guid>s1</guid><pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate>"
        + "<description>&lt;p&gt;Feedsummarytext only.&lt;/p&gt;</description></item>"
        + "<item><title>Front page</title><link>\(base)/front.html</link><guid>s2</guid><pubDate>Thu, 30 Apr 2026 08:00:00 GMT</pubDate>"
        + "<description>&lt;p&gt;Frontsummarytext only.&lt;/p&gt;</description></item>"
        + "</channel></rss>"
      try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: folder.root)
    }

    /// The reader at `size`, with the first story open on the feed's text.
    func startOnRiverStory(_ size: (Int, Int)) throws -> TmuxHarness {
      let tmux = try folder.launchReader(feeds: ["feed.xml"], size: size)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "River story")
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Feedsummarytext")
      return tmux
    }
  }

  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  func expectNoChrome(_ screen: [String], _ context: String) {
    let shown = text(screen)
    for word in Self.chrome { #expect(!shown.contains(word), "\(word) shows (\(context)):\n\(shown)") }
  }

  @Test("f shows the article without the page's furniture, through a resize, and f brings the feed's text back", arguments: sizes)
  func articleWithoutChrome(size: (Int, Int)) throws {
    let setup = try Setup()
    let tmux = try setup.startOnRiverStory(size)
    defer { tmux.close() }
    try tmux.send(keys: "f")
    let article = try tmux.waitFor(text: "story1word one")
    #expect(text(article).contains("The river in spring"), "the title heads the article:\n\(text(article))")
    #expect(!text(article).contains("Feedsummarytext"))
    expectNoChrome(article, "first page")

    // Down through the article: every screen is article text, to the last paragraph.
    var seenLast = false
    for _ in 0..<60 where !seenLast {
      try tmux.send(keys: "Space")
      let screen = try tmux.settledScreen()
      expectNoChrome(screen, "paging")
      seenLast = text(screen).contains("story40word two")
    }
    #expect(seenLast, "the last paragraph is reachable")

    // A resize keeps the article (and only it) on screen.
    let other = size.0 == 120 ? (70, 30) : (130, 40)
    try tmux.resize(cols: other.0, rows: other.1)
    let resized = try tmux.waitUntil("redrawn at \(other.0) columns") { lines in
      lines.contains { $0.count > other.0 - 3 } && text(lines).contains("story")
    }
    expectNoChrome(resized, "after a resize")
    #expect(!text(resized).contains("Feedsummarytext"))

    try tmux.send(keys: "f")
    let back = try tmux.waitFor(text: "Feedsummarytext")
    #expect(!text(back).contains("story1word"))
    try tmux.send(keys: "f")
    try tmux.waitFor(text: "story1word")  // from the cache
  }

  @Test("a page without an article says so and keeps the feed's text", arguments: sizes)
  func pageWithoutArticle(size: (Int, Int)) throws {
    let setup = try Setup()
    let tmux = try setup.startOnRiverStory(size)
    defer { tmux.close() }
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Frontsummarytext")
    try tmux.send(keys: "f")
    let screen = try tmux.waitFor(text: "No article found")
    #expect(text(screen).contains("Frontsummarytext"))
    #expect(!text(screen).contains("Subscribers only"))
  }
}
