import Foundation
import TestSupport
import Testing

/// `splitfeed extract` as a script runs it: text, `--html`, `--json`, `--url` for a saved file, an http
/// source, and the one-line errors with exit status 1.
@Suite("splitfeed extract")
struct ExtractCommandTests {
  let temporary: TemporaryDirectory
  var folder: URL { temporary.url }

  init() throws {
    temporary = try TemporaryDirectory("splitfeed-extract")
    try NewsPage.article(paragraphs: 4).write(to: folder.appendingPathComponent("story.html"), atomically: true, encoding: .utf8)
    try NewsPage.signInWall().write(to: folder.appendingPathComponent("front.html"), atomically: true, encoding: .utf8)
  }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  @Test func printsTheArticleTextAsParagraphs() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try DumpCommandTests.run(["extract", path("story.html")])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let expected = (1...4).map(NewsPage.paragraph).joined(separator: "\n\n")
    #expect(result.stdout == expected + "\n", "the byline is metadata, not text")
    for chrome in ["Navigationlink", "Sharebartext", "Commenttext", "Sidebarlink", "Footertext", "The river in spring", "[1]"] {
      #expect(!result.stdout.contains(chrome), "\(chrome)")
    }
  }

  @Test func printsCleanedHTMLWithLinksResolvedAgainstURL() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = "<html><body><article>" + (1...4).map { "<p>\(NewsPage.paragraph($0))</p>" }.joined()
      + "<p>More in <a href=\"../notes/\">the notes</a>, <img src=\"pics/a.jpg\" alt=\"a picture\"> as promised earlier.</p></article></body></html>"
    try page.write(to: folder.appendingPathComponent("saved.html"), atomically: true, encoding: .utf8)
    let result = try DumpCommandTests.run(["extract", path("saved.html"), "--url", "https://example.org/2026/05/story.html", "--html"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("<a href=\"https://example.org/2026/notes/\">the notes</a>"), "\(result.stdout)")
    #expect(result.stdout.contains("<img alt=\"a picture\" src=\"https://example.org/2026/05/pics/a.jpg\">"), "\(result.stdout)")
    #expect(result.stdout.contains("<p>Paragraph 1 of the story"))
  }

  @Test func printsMetadataAndTextAsJSONFromAWebSource() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try TestHTTPServer(serving: folder)
    defer { server.stop() }
    let url = "http://127.0.0.1:\(server.port)/story.html"
    let result = try DumpCommandTests.run(["extract", url, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(json["url"] as? String == url)
    #expect(json["title"] as? String == "The river in spring")
    #expect(json["byline"] as? String == "By Ada Writer")
    #expect(json["publishedTime"] as? String == "2026-05-01T08:00:00Z")
    #expect(json["siteName"] as? String == "The Example Times")
    #expect(json["lang"] as? String == "en")
    #expect((json["text"] as? String)?.hasPrefix("Paragraph 1 of the story") == true)
    #expect(json.keys.contains("dir") && json.keys.contains("excerpt") && json.keys.contains("leadImage"))
  }

  @Test func failsWithOneLineWhenThereIsNoArticleOrNoPage() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let front = try DumpCommandTests.run(["extract", path("front.html")])
    #expect(front.status == 1)
    #expect(front.stdout == "")
    #expect(front.stderr == "splitfeed: \(path("front.html")): no article found on this page\n")

    let missing = try DumpCommandTests.run(["extract", path("absent.html")])
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("splitfeed: ") && missing.stderr.contains("absent.html"))
    #expect(missing.stderr.filter { $0 == "\n" }.count == 1)

    let both = try DumpCommandTests.run(["extract", path("story.html"), "--html", "--json"])
    #expect(both.status == 2)
  }
}
