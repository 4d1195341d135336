import Foundation
import Testing

@testable import Reader

/// Feeds seen in the wild or built to hurt: a namespaced RSS 2.0, entity expansion, hostile numbers.
@Suite("Feed robustness")
struct FeedRobustnessTests {
  @Test func rss2InADefaultNamespaceReadsLikePlainRSS() throws {
    let xml = """
      <rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>Userland</title>
      <link>http://example.org/</link><item><title>One</title><link>http://example.org/1</link>
      <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item></channel></rss>
      """
    let result = try FeedParser.parse(data: Data(xml.utf8), url: nil)
    #expect(result.feed.title == "Userland")
    #expect(result.feed.items.map(\.title) == ["One"])
    #expect(result.feed.items.first?.link == "http://example.org/1")
    #expect(result.feed.items.first?.published != nil)
  }

  /// One 1 MB entity referenced 20,000 times: 20 GB of text if expanded.
  static func quadraticBlowup(references: Int = 20_000) -> Data {
    var xml = "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY big \"" + String(repeating: "a", count: 1 << 20)
    xml += "\">]><rss><channel><title>t</title><item><title>"
    xml += String(repeating: "&big;", count: references) + "</title></item></channel></rss>"
    return Data(xml.utf8)
  }

  @Test func quadraticEntityExpansionIsRefusedFast() throws {
    let data = Self.quadraticBlowup()
    let start = Date()
    let error = try #require(throws: FeedError.self) { try FeedParser.parse(data: data, url: nil) }
    #expect(Date().timeIntervalSince(start) < 10)  // wall time on a loaded machine; ~0.1 s of CPU (20 s before)
    guard case .expansionOverLimit = error else {
      Issue.record("expected expansionOverLimit, got \(error)")
      return
    }
    #expect(error.description.contains("entity expansion attack"))
  }

  @Test func aFewEntityReferencesStillExpand() throws {
    let xml = "<!DOCTYPE rss [<!ENTITY co \"ACME Corporation\">]><rss><channel><title>&co;</title>"
      + String(repeating: "<item><title>&co; news</title></item>", count: 200) + "</channel></rss>"
    let result = try FeedParser.parse(data: Data(xml.utf8), url: nil)
    #expect(result.feed.title == "ACME Corporation")
    #expect(result.feed.items.count == 200)
    #expect(result.feed.items.allSatisfy { $0.title == "ACME Corporation news" })
  }

  @Test func theParseTimeIsBounded() throws {
    let items = String(repeating: "<item><title>x</title></item>", count: 50_000)
    let xml = Data("<rss><channel><title>t</title>\(items)</channel></rss>".utf8)
    #expect(throws: FeedError.timedOut(seconds: 0)) { try FeedParser.parse(data: xml, url: nil, timeLimit: 0) }
    #expect(try FeedParser.parse(data: xml, url: nil).itemCount == 50_000)
    #expect(FeedError.timedOut(seconds: 60).description == "Parsing the document took longer than 60 s and was stopped.")
  }

  @Test func hostileEnclosureSizesAreClamped() throws {
    let xml = """
      <rss><channel><title>t</title>
      <item><title>a</title><enclosure url="http://e.org/a.mp3" length="99999999999999999999999999" type="audio/mpeg"/></item>
      <item><title>b</title><enclosure url="http://e.org/b.mp3" length="-5" type="audio/mpeg"/></item>
      </channel></rss>
      """
    let items = try FeedParser.parse(data: Data(xml.utf8), url: nil).feed.items
    #expect(items.map { $0.enclosures.first?.length } == [1 << 53, 0])
    let json = """
      {"version": "https://jsonfeed.org/version/1.1", "title": "j", "items": [{"id": "1", "content_text": "x",
      "attachments": [{"url": "http://e.org/a.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 1e30}]}]}
      """
    let jsonItems = try FeedParser.parse(data: Data(json.utf8), url: nil).feed.items
    #expect(jsonItems.first?.enclosures.first?.length == 1 << 53)
  }

  @Test(arguments: [
    ("9223372036854775807", 1_000_000_000), ("-9223372036854775808", -1_000_000_000),
    ("99999999999999999999999999999", 1_000_000_000), (" +42rd", 42), ("-0", 0), ("x", nil),
  ] as [(String, Int?)])
  func integersAreClampedIntoTheirRange(text: String, expected: Int?) {
    #expect(ClampedInteger.parse(text, in: -1_000_000_000...1_000_000_000) == expected)
  }
}
