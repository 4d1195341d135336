import Foundation
import Reader
import TestSupport
import Testing

@testable import ReaderUI

/// The full article's lead image on the screen: `f` on a page whose `og:image` the article's body leaves
/// out shows that picture first, under the header's title and byline, shown once.
@MainActor
struct LeadImageScreenTests {
  @Test func theFullArticleOpensOnItsLeadPicture() async throws {
    let page = NewsPage.article().replacingOccurrences(
      of: "<meta property=\"og:site_name\"", with: "<meta property=\"og:image\" content=\"/lead.png\"><meta property=\"og:site_name\"")
    #expect(page.contains("og:image"))
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", "text/html")], page) }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [
      Item(title: "The river in spring", link: server.baseURL + "/story.html", author: "Ada Writer", summary: "<p>Teaser.</p>")
    ])
    let h = Harness(120, 30, feeds: [feed]) { $0.inlineImages = .off }
    h.press(.enter)
    h.press(.character("f"))
    try await h.eventually("the article text") { h.text.contains("story1word one") }
    let picture = try #require(h.find("[image]"), "\(h.text)")
    let text = try #require(h.find("story1word one"))
    #expect(picture.y < text.y)
    #expect(h.find("By Ada Writer").map { $0.y < picture.y } == true, "under the header, above the text")
    // Issue 34 point 6: the title once (the title bar), the byline once, the picture without the title.
    let pane = h.lines.map { $0.split(separator: "│", maxSplits: 1).dropFirst().first.map(String.init) ?? "" }
    #expect(pane.filter { $0.contains("The river in spring") }.count == 1, "\(h.text)")
    #expect(pane.filter { $0.contains("Ada Writer") }.count == 1, "\(h.text)")
  }
}
