import Foundation
import Reader
import Testing

@Suite("RSS 0.9x, RSS 1.0, Atom 0.3, JSON Feed")
struct OtherFormatTests {
  @Test func rss091WithUndeclaredHTMLEntitiesAndManagingEditor() throws {
    let result = try Fixture.parse("rss091.xml")
    #expect(result.warnings.isEmpty)
    #expect(result.feed.title == "WriteTheWeb")
    #expect(result.feed.link == "http://writetheweb.com")
    #expect(result.feed.description == "News for web users that write back")
    let item = try #require(result.feed.items.first)
    #expect(item.title == "Giving the world a pluggable Gnutella — café")
    #expect(item.link == "http://writetheweb.com/read.php?item=24")
    #expect(item.summary == "WorldOS is a framework on which to build programs.")
    #expect(item.author == "dmoberhaus@fastmail.fm")
  }

  @Test func rss092EnclosureCategoryNoTitle() throws {
    let feed = try Fixture.parse("rss092.xml").feed
    #expect(feed.updated == utc(2001, 4, 13, 19, 23, 2))
    let item = try #require(feed.items.first)
    #expect(item.title == "")
    #expect(item.summary == "It's been a few days since I added a song to the Grateful Dead channel.")
    #expect(
      item.enclosures == [
        Enclosure(url: "http://www.scripting.com/mp3s/weatherReportDicksPicsVol7.mp3", type: "audio/mpeg", length: 6_182_912)
      ])
    #expect(item.categories == ["Music"])
  }

  @Test func rss10RDF() throws {
    let feed = try Fixture.parse("rss10.xml").feed
    #expect(feed.title == "XML.com")  // not the <image> title that follows the channel
    #expect(feed.link == "http://xml.com/pub")
    #expect(feed.updated == utc(2000, 1, 1, 12))
    #expect(feed.items.count == 2)
    let item = feed.items[0]
    #expect(item.title == "Processing Inclusions with XSLT")
    #expect(item.link == "http://xml.com/pub/2000/08/09/xslt/xslt.html")
    #expect(item.id == "http://xml.com/pub/2000/08/09/xslt/xslt.html")
    #expect(item.author == "Bob DuCharme")
    #expect(item.published == utc(2000, 8, 9, 15, 30))
    #expect(item.categories == ["XSLT"])
    #expect(item.content == "<p>Full text</p>")
    #expect(feed.items[1].id == "http://xml.com/pub/2000/08/09/rdfdb/index.html")
    #expect(feed.items[1].link == nil)
  }

  @Test func atom03() throws {
    let feed = try Fixture.parse("atom03.xml").feed
    #expect(feed.title == "dive into mark")
    #expect(feed.link == "http://diveintomark.org/")
    #expect(feed.description == "A lot of effort went into making this effortless")
    #expect(feed.updated == utc(2003, 12, 13, 18, 30, 2))
    let first = feed.items[0]
    #expect(first.link == "http://diveintomark.org/2003/12/13/atom03")
    #expect(first.published == utc(2003, 12, 13, 12, 29, 29))
    #expect(first.updated == utc(2003, 12, 13, 18, 30, 2))
    #expect(first.author == "Mark Pilgrim")
    #expect(first.content == "<p>Inline <i>xhtml</i></p>")
    let second = feed.items[1]
    #expect(second.title == "Escaped <em>title</em>")
    #expect(second.content == "<p>escaped html</p>")
  }

  @Test func jsonFeed11() throws {
    let result = try Fixture.parse("jsonfeed11.json", url: URL(string: "https://example.org/feed.json"))
    let feed = result.feed
    #expect(feed.title == "My Example Feed & more")
    #expect(feed.link == "https://example.org/")
    #expect(feed.description == "A JSON Feed")
    #expect(feed.items.count == 2)
    let a = feed.items[0]
    #expect(a.id == "2")
    #expect(a.title == "Second item")
    #expect(a.link == "https://example.org/second-item")
    #expect(a.published == utc(2014, 9, 5, 0, 9))
    #expect(a.author == "Jane, John")
    #expect(a.content == "<p>This is a second item.</p>")
    #expect(a.categories == ["swift", "json"])
    #expect(a.enclosures == [Enclosure(url: "https://example.org/a.mp3", type: "audio/mpeg", length: 42)])
    let b = feed.items[1]
    #expect(b.id == "1")  // a number in the document
    #expect(b.link == "https://example.org/first-item")
    #expect(b.updated == utc(2014, 9, 3, 10))
    #expect(b.author == "Feed Author")
    #expect(b.content == "<p>Hello, world!</p>")
  }

  @Test func jsonFeed10SingleAuthor() throws {
    let item = try #require(try Fixture.parse("jsonfeed10.json").feed.items.first)
    #expect(item.author == "Solo Author")
    #expect(item.summary == "Short")
    #expect(item.published == utc(2010, 2, 7, 14, 4))
  }

  @Test func jsonThatIsNotAFeed() throws {
    #expect(throws: FeedError.invalidJSON(detail: "no \"version\" naming https://jsonfeed.org")) {
      try Fixture.parse("not-jsonfeed.json")
    }
    let error = try #require(throws: FeedError.self) { try Fixture.parse("invalid.json") }
    guard case .invalidJSON = error else {
      Issue.record("expected invalidJSON, got \(error)")
      return
    }
  }
}
