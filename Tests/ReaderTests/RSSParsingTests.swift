import Foundation
import Reader
import Testing

@Suite("RSS 2.0")
struct RSSParsingTests {
  @Test func channelFields() throws {
    let result = try Fixture.parse("rss20.xml")
    let feed = result.feed
    #expect(result.warnings.isEmpty)
    #expect(feed.title == "AppCoda & Friends")
    #expect(feed.link == "https://www.appcoda.com/")
    #expect(feed.description == "iOS tutorials")
    #expect(feed.updated == utc(2014, 9, 4, 17, 9))
    #expect(feed.items.count == 3)
  }

  @Test func firstItemEveryField() throws {
    let item = try #require(try Fixture.parse("rss20.xml").feed.items.first)
    #expect(item.title == "Understanding Self Sizing Cells … and Dynamic Type")
    #expect(item.link == "https://www.appcoda.com/self-sizing-cells/")
    #expect(item.id == "appcoda-1234")
    #expect(item.author == "Simon Ng")
    #expect(item.published == utc(2014, 9, 4, 17, 9))  // pubDate wins over the earlier dc:date
    #expect(item.publishedText == "Thu, 04 Sep 2014 17:09:00 +0000")
    #expect(item.summary == "In iOS 8, Apple introduces <b>Self Sizing Cells</b>.")
    #expect(item.content == "<p>Full <em>article</em> body.</p>")
    #expect(item.categories == ["iOS", "Swift"])
    #expect(
      item.enclosures == [
        Enclosure(url: "https://www.appcoda.com/ep1.mp3", type: "audio/mpeg", length: 12345),
        Enclosure(url: "https://www.appcoda.com/video.mp4", type: "video/mp4", length: 999),
      ])
  }

  @Test func relativeLinkWhitespaceAndAuthorEmailForm() throws {
    let items = try Fixture.parse("rss20.xml").feed.items
    #expect(items[1].title == "Building a Simple Barcode Reader App")
    // The document is a local file: the relative link resolves against the channel's site link.
    #expect(items[1].link == "https://www.appcoda.com/barcode-reader/")
    #expect(items[1].author == "Simon Ng")
    #expect(items[1].published == utc(2014, 9, 3, 16, 0))
    #expect(items[1].id == "https://www.appcoda.com/barcode-reader/")
  }

  @Test func relativeLinkAgainstHTTPDocumentURL() throws {
    let result = try Fixture.parse("rss20.xml", url: URL(string: "https://mirror.example.net/feeds/appcoda.xml"))
    #expect(result.feed.items[1].link == "https://mirror.example.net/barcode-reader/")
  }

  @Test func itemWithoutTitleInheritsManagingEditor() throws {
    let item = try Fixture.parse("rss20.xml").feed.items[2]
    #expect(item.title == "")
    #expect(item.link == nil)
    #expect(item.published == nil)
    #expect(item.summary == "An item with no title, date or link.")
    #expect(item.author == "Simon Ng")
  }
}

/// Podcast and media feeds: how long an enclosure plays.
struct EnclosureDurationTests {
  @Test func itunesDurationTimesTheEnclosure() throws {
    let xml = """
      <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Pod</title>
      <item><title>Ep 1</title><enclosure url="https://m.example/1.mp3" type="audio/mpeg" length="24300000"/>
      <itunes:duration>1:02:03</itunes:duration></item>
      <item><title>Ep 2</title><itunes:duration>45:10</itunes:duration>
      <enclosure url="/2.mp3" type="audio/mpeg"/></item>
      <item><title>Ep 3</title><enclosure url="https://m.example/3.mp3"/><itunes:duration>soon</itunes:duration></item>
      </channel></rss>
      """
    let items = try Fixture.parse(xml: xml).feed.items
    #expect(items[0].enclosures == [Enclosure(url: "https://m.example/1.mp3", type: "audio/mpeg", length: 24_300_000, duration: 3723)])
    #expect(items[1].enclosures == [Enclosure(url: "https://example.com/2.mp3", type: "audio/mpeg", duration: 2710)])
    #expect(items[2].enclosures == [Enclosure(url: "https://m.example/3.mp3")])
  }

  @Test func mediaContentDurationAndSize() throws {
    let xml = """
      <rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>V</title>
      <item><title>Clip</title><media:group>
      <media:content url="https://m.example/v.mp4" type="video/mp4" fileSize="5000000" duration="95"/>
      <media:content url="https://m.example/v.webm" type="video/webm"/></media:group></item>
      </channel></rss>
      """
    let item = try #require(try Fixture.parse(xml: xml).feed.items.first)
    #expect(item.enclosures == [
      Enclosure(url: "https://m.example/v.mp4", type: "video/mp4", length: 5_000_000, duration: 95),
      Enclosure(url: "https://m.example/v.webm", type: "video/webm"),
    ])
  }
}
