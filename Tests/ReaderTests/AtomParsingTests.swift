import Foundation
import Reader
import Testing

@Suite("Atom 1.0")
struct AtomParsingTests {
  @Test func feedFields() throws {
    let feed = try Fixture.parse("atom10.xml").feed
    #expect(feed.title == "Example Blog & more")
    #expect(feed.link == "https://example.org/")
    #expect(feed.description == "All the news")
    #expect(feed.updated == utc(2014, 9, 4, 17, 9))
    #expect(feed.items.count == 3)
  }

  @Test func entryEveryField() throws {
    let item = try Fixture.parse("atom10.xml").feed.items[0]
    #expect(item.title == "Why <lorem> tags matter")
    #expect(item.link == "https://example.org/blog/posts/1")  // first rel=alternate, against xml:base
    #expect(item.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
    #expect(item.author == "Jane Doe, John Roe")
    #expect(item.published == utc(2014, 9, 4, 15, 9).addingTimeInterval(0.25))
    #expect(item.updated == utc(2014, 9, 5, 8))
    #expect(item.summary == "Short summary")
    #expect(
      item.content
        == "<p>Hello <b>world</b> &amp; <a href=\"https://x.org/?a=1&amp;b=2\">link</a><br>end</p>")
    #expect(item.categories == ["swift", "ios"])
    #expect(item.enclosures == [Enclosure(url: "https://example.org/audio/1.mp3", type: "audio/mpeg", length: 1337)])
  }

  @Test func xhtmlTitleTextContentSourceAuthorPartialDate() throws {
    let item = try Fixture.parse("atom10.xml").feed.items[1]
    #expect(item.title == "An XHTML title")
    #expect(item.link == "https://other.example.com/deep/page.html")
    #expect(item.author == "Source Author")
    #expect(item.updated == utc(2014, 9, 1))
    #expect(item.published == nil)
    #expect(item.content == "<p>Plain &lt;text&gt; content</p>\n<p>second paragraph</p>")
  }

  @Test func textTitleHtmlContentMediaGroupBadDate() throws {
    let item = try Fixture.parse("atom10.xml").feed.items[2]
    #expect(item.title == "Text title with &amp; kept literal")
    #expect(item.author == "Feed Author")
    #expect(item.updated == nil)
    #expect(item.updatedText == "not a date")
    #expect(item.content == "<p>Escaped <b>HTML</b></p>")
    #expect(item.summary == "Group description")
    #expect(item.enclosures == [Enclosure(url: "https://example.org/v.mp4", type: "video/mp4")])
  }
}
