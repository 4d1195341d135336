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

  /// The lead picture has no alt text (the title is not its description), so once loaded its block has
  /// no caption and wraps to no line: its rows were never laid in, and it was never drawn, in sixel or
  /// cells. Here it arrives after the body's picture, and both are placed, the lead one above.
  @Test func aLateLeadPictureIsDrawnAboveTheBody() async throws {
    let page = NewsPage.article().replacingOccurrences(
      of: "<meta property=\"og:site_name\"", with: "<meta property=\"og:image\" content=\"/lead.png\"><meta property=\"og:site_name\""
    ).replacingOccurrences(
      of: "<p class=\"byline\">By Ada Writer</p>",
      with: "<p class=\"byline\">By Ada Writer</p><p>Short opening words.</p><p><img src=\"/red.png\" width=\"40\" height=\"20\" alt=\"Red block\"></p>")
    let red = TestPNG.solid(width: 40, height: 20, 255, 0, 0)
    let blue = TestPNG.solid(width: 60, height: 30, 0, 0, 255)
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/lead.png": TestHTTPServer.Response(headers: [("Content-Type", "image/png")], body: blue, delay: 1)
      case "/red.png": TestHTTPServer.Response(headers: [("Content-Type", "image/png")], body: red)
      default: TestHTTPServer.Response(headers: [("Content-Type", "text/html")], page)
      }
    }
    defer { server.stop() }
    let feed = Feed(title: "Short", items: [
      Item(title: "The river in spring", link: server.baseURL + "/story.html", author: "Ada Writer", summary: "<p>Teaser.</p>")
    ])
    let h = Harness(120, 40, feeds: [feed]) { $0.inlineImages = .sixel }
    h.backend.pictureMode = .sixel
    h.press(.enter)
    h.press(.character("f"))
    // At least the body's: on a busy machine its encode can still be waiting when the lead lands.
    try await h.eventually("the body's picture placed") { h.surface.placements.count >= 1 && h.text.contains("Red block") }
    try await h.eventually("the lead picture placed too") { h.surface.placements.count == 2 }
    let frames = h.surface.placements.map(\.frame).sorted { $0.minY < $1.minY }
    try #require(frames.count == 2)
    let caption = try #require(h.find("Red block"))
    let opening = try #require(h.find("Short opening words"))
    #expect(frames[0].maxY <= opening.y && frames[1].maxY == caption.y, "\(frames), \(h.text)")
  }
}
