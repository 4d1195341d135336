import Foundation
import Testing
import TextLayout

@testable import Reader

/// The full article's lead image: drawn first, titled, when the body does not show it already (real
/// pages from the shared Readability fixtures, read in place; hand-made pages for the rules).
struct LeadImageTests {
  static func fixture(_ name: String) throws -> ExtractedArticle? {
    let file = ArticleExtractionFixtureTests.directory.appendingPathComponent(name).appendingPathComponent("source.html")
    guard let data = try? Data(contentsOf: file) else {
      print("note: \(file.path) is absent; skipping")
      return nil
    }
    return try ArticleExtractor.extract(data: data, url: URL(string: "http://fakehost/test/page.html"))
  }

  static func images(_ html: String) -> [ImageReference] {
    StyledText(html: html, baseURL: nil).blocks.compactMap {
      if case .image(let reference) = $0.kind { reference } else { nil }
    }
  }

  @Test func aLeadImageTheBodyLacksComesFirstWithTheTitle() throws {
    // salon-1: og:image is the story's picture; the article's body has none.
    guard let article = try Self.fixture("salon-1") else { return }
    let lead = "http://media.salon.com/2014/12/uber_rand_paul.jpg"
    #expect(article.leadPicture == lead)
    let title = try #require(article.metadata.title)
    #expect(title.hasPrefix("The sharing economy is a lie"))
    // No alt text: the title is not the picture's description, and the title bar shows it.
    #expect(Self.images(article.readerHTML).first == ImageReference(url: lead, alt: ""))
    #expect(!article.html.contains(lead))  // `extract --html` prints the body as found
  }

  @Test(arguments: [
    "medium-2",  // the body shows the same address
    "ars-1",  // the body shows server-crash-640x426.jpg, the lead is server-crash-640x215.jpg
  ])
  func aLeadImageTheBodyShowsIsNotRepeated(page: String) throws {
    guard let article = try Self.fixture(page) else { return }
    #expect(article.metadata.leadImage != nil)
    #expect(article.leadPicture == nil)
    #expect(Self.images(article.readerHTML) == Self.images(article.html))
  }

  static func page(lead: String, body: String) throws -> ExtractedArticle {
    try ArticleExtractorTests.extract(
      "<html><head><title>Tides</title><meta property='og:image' content='\(lead)'></head><body><article>"
        + body + ArticleExtractorTests.prose("tide") + "</article></body></html>")
  }

  @Test func aSizeVariantLazyCopyOrSrcsetEntryIsTheSamePicture() throws {
    for body in [
      "<img src='/img/tide-1024x768.jpg'>", "<img data-src='/img/tide.jpg?w=600' class='lazy'>",
      "<picture><source srcset='/img/a.webp 1x, https://news.example.com/img/tide.jpg 2x'><img src='/img/b.jpg'></picture>",
    ] {
      #expect(try Self.page(lead: "https://news.example.com/img/tide.jpg?crop=1", body: body).leadPicture == nil, "\(body)")
    }
    let other = try Self.page(lead: "https://news.example.com/img/tide.jpg", body: "<img src='/img/wave.jpg'>")
    #expect(other.leadPicture == "https://news.example.com/img/tide.jpg")
    #expect(Self.images(other.readerHTML).map(\.url) == ["https://news.example.com/img/tide.jpg", "https://news.example.com/img/wave.jpg"])
  }

  @Test func aSiteLogoIsNoLeadImage() throws {
    #expect(try Self.page(lead: "https://news.example.com/static/site-logo.png", body: "").leadPicture == nil)
    #expect(try Self.page(lead: "https://news.example.com/social_default.png", body: "").leadPicture == nil)
  }
}
