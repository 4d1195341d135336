import Foundation
import Reader
import TestSupport
import Testing
@testable import ReaderUI

/// `fetch-pictures` (docs/MANUAL.md "Pictures"): a picture fetched tells its server the article was read,
/// so per mode, what reaches a loopback server before and after `i`; and a tracking pixel is never asked
/// for in any mode (the HTML renderer already drops a 1 × 1 picture without alt text; these two get
/// through it: one 1 × 1 with alt text, one declared 2 × 2). "Not asked for" is read where it is
/// decided, the pictures' states, where every fetch starts (`ArticleImages.state(of:)`), right after the
/// article is drawn; then the server's request log once the real picture has arrived.
@MainActor
@Suite(.serialized)
struct PictureFetchTests {
  typealias Site = PicturesTests.Site

  /// The article: a 2 × 2 tracker without alt text, a 1 × 1 pixel with some, then the real picture.
  static func site() throws -> Site {
    let pixel = TestPNG.solid(width: 1, height: 1, 255, 255, 255)
    let files = ["picture.png": TestPNG.solid(width: 64, height: 32, 0, 0, 255), "tracker.png": pixel, "pixel.png": pixel]
    return try Site(files: files) {
      "<p>Intro.<img src='\($0)/tracker.png' width='2' height='2' alt=''></p>"
        + "<p><img src='\($0)/pixel.png' width='1' height='1' alt='Pixel'></p>"
        + "<p><img src='\($0)/picture.png' alt='The picture'></p>"
    }
  }

  func open(_ site: Site, fetching: FetchPictures) -> Harness {
    let harness = Harness(120, 30, feeds: [site.feed]) { $0.inlineImages = .cells; $0.fetchPictures = fetching }
    harness.press(.enter)
    #expect(harness.find("Intro.") != nil)
    return harness
  }

  @Test("on-open: the picture is fetched as the article opens, the tracking pixel never")
  func onOpen() async throws {
    let site = try Self.site()
    let harness = open(site, fetching: .onOpen)
    let images = harness.session.pages.images
    #expect(images.states[site.server.url("picture.png")] != nil, "asked for as the article was drawn")
    try await harness.eventually("the picture loaded") { images.revision > 0 }
    #expect(site.paths == ["/picture.png"])
    #expect(["tracker.png", "pixel.png"].allSatisfy { images.states[site.server.url($0)] == nil })
  }

  @Test("on-key: nothing is fetched until i, then the picture, never the tracking pixel")
  func onKey() async throws {
    let site = try Self.site()
    let harness = open(site, fetching: .onKey)
    let images = harness.session.pages.images
    #expect(images.states.isEmpty, "nothing asked for at open")
    #expect(harness.find("[image: The picture]") != nil, "the alt text shows")
    #expect(site.paths.isEmpty)
    harness.press(.character("i"))
    #expect(images.states[site.server.url("picture.png")] != nil)
    try await harness.eventually("the picture loaded after i") { images.revision > 0 }
    #expect(site.paths == ["/picture.png"])
    #expect(["tracker.png", "pixel.png"].allSatisfy { images.states[site.server.url($0)] == nil })
  }

  @Test("never: i fetches nothing and says why")
  func never() async throws {
    let site = try Self.site()
    let harness = open(site, fetching: .never)
    harness.press(.character("i"))
    try await harness.eventually("the notice") { harness.find("Pictures are never fetched") != nil }
    #expect(harness.find("[image: The picture]") != nil)
    #expect(harness.session.pages.images.states.isEmpty)
    #expect(site.paths.isEmpty)
  }
}
