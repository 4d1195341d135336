import Foundation
import TestSupport
import Testing

/// Article text in the binary, in tmux (issue 34 points 5 and 6): a data table's columns aligned through a
/// resize, and the full article's details — the title and the byline once, a readable date, a figure's
/// caption instead of its alt text, alt text without markup, adjacent links to one address as one link.
@Suite(.serialized)
struct ArticleTextEndToEndTests {
  final class Setup {
    let folder: RunFolder
    let server: TestHTTPServer

    static let table = "<p>Three planets.</p>" + PlanetsTable.html + "<p>Tableend.</p>"

    /// The story's page with a lead picture its body lacks, a figure, alt text holding markup and a word
    /// split over two links to one address.
    static let details = """
      <p class="byline">By Ada Writer</p>
      <p>The river has a <a href="/dm">D</a><a href="/dm">ata</a> <a href="/dm">M</a><a href="/dm">odel</a> of its
      own, which the town keeps, with commas, clauses and enough words to read like the story's text.</p>
      <figure><img src="/lake.png" alt="A lake"><figcaption>Lakecaption at dawn</figcaption></figure>
      <p><img src="/boats.png" alt="Boats&lt;br&gt;&lt;small&gt;Photo: Cy&lt;/small&gt;"></p>
      """

    init() throws {
      folder = try RunFolder("splitfeed-article-text")
      let site = folder.root.appendingPathComponent("site")
      try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
      let page = NewsPage.article(paragraphs: 6)
        .replacingOccurrences(of: "<p class=\"byline\">By Ada Writer</p>", with: Self.details)
        .replacingOccurrences(
          of: "<meta property=\"og:site_name\"", with: "<meta property=\"og:image\" content=\"/lead.png\"><meta property=\"og:site_name\"")
      try page.write(to: site.appendingPathComponent("story.html"), atomically: true, encoding: .utf8)
      server = try TestHTTPServer(serving: site)
      let base = "http://127.0.0.1:\(server.port)"
      let feed = FeedXML.rss(title: "Texts", items: [
        FeedXML.Item(
          title: "Planets", link: base + "/planets", guid: "planets", pubDate: "Fri, 01 May 2026 09:00:00 GMT",
          description: "<![CDATA[\(Self.table)]]>"),
        FeedXML.Item(
          title: "The river in spring", link: base + "/story.html", guid: "story", pubDate: "Fri, 01 May 2026 08:00:00 GMT",
          description: "<![CDATA[<p>Feedteaser only.</p>]]>"),
      ])
      try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: folder.root)
    }

    /// The reader in the stack layout, on the feed's articles.
    func start(_ size: (Int, Int)) throws -> TmuxHarness {
      let tmux = try folder.launchReader(feeds: ["feed.xml"], size: size)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Planets")
      return tmux
    }
  }

  @Test func aTableAlignsItsColumnsThroughAResize() throws {
    let setup = try Setup()
    let tmux = try setup.start((80, 24))
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    _ = try tmux.waitUntil("the table at 80 columns") { PlanetsTable.rows($0, count: 5) == PlanetsTable.wide }
    try tmux.resize(cols: 40, rows: 24)
    _ = try tmux.waitUntil("the table at 40 columns") { PlanetsTable.rows($0, count: 6) == PlanetsTable.narrow }
    try tmux.resize(cols: 24, rows: 24)
    _ = try tmux.waitUntil("one block per row at 24 columns") { screen in
      let text = screen.joined(separator: "\n")
      return text.contains("Planet: Jupiter") && text.contains("Moons: 95") && !text.contains("│ 95")
    }
  }

  @Test func theFullArticleShowsEachDetailOnce() throws {
    let setup = try Setup()
    let tmux = try setup.start((90, 40))
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Three planets")
    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Feedteaser")
    try tmux.send(keys: "f")
    let screen = try tmux.waitUntil(timeout: 20, "the full article") { $0.joined(separator: "\n").contains("story1word one") }
    let text = screen.joined(separator: "\n")
    #expect(screen.filter { $0.contains("The river in spring") }.count == 1, "the title once, in the title bar:\n\(text)")
    #expect(screen.filter { $0.contains("Ada Writer") }.count == 1, "the byline once:\n\(text)")
    #expect(text.contains("1 May 2026") && !text.contains("2026-05-01T"), "a readable date:\n\(text)")
    #expect(text.contains("Data Model[") && !text.contains("D["), "one link:\n\(text)")
    #expect(text.contains("Lakecaption at dawn") && !text.contains("A lake"), "the caption, not the alt text:\n\(text)")
    #expect(text.contains("Boats Photo: Cy") && !text.contains("<br>") && !text.contains("<small>"), "alt text without markup:\n\(text)")
  }
}
