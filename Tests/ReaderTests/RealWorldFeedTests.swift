import Foundation
import Reader
import Testing

/// The shared real-world feeds (newsboat's and feed-rs's test data): concrete values from each format.
@Suite("Real-world feeds")
struct RealWorldFeedTests {
  @Test func newsboatRSS20() throws {
    guard let result = try Fixture.parseRealWorld("nb-rss20_1.xml") else { return }
    #expect(result.feed.title == "my weblog")
    #expect(result.feed.link == "http://example.com/blog/")
    let item = try #require(result.feed.items.first)
    #expect(item.title == "this is an item")
    #expect(item.link == "http://example.com/blog/this_is_an_item.html")
    #expect(item.author == "Andreas Krennmair")
    #expect(item.published == utc(2008, 12, 12, 1, 36, 10))
  }

  @Test func newsboatAtomLinksAndAuthors() throws {
    guard let result = try Fixture.parseRealWorld("nb-atom10_1.xml") else { return }
    #expect(result.feed.title == "test atom")
    #expect(result.feed.items.map(\.title) == [
      "A gentle introduction to Atom testing", "A missing rel attribute", "alternate link isn't first",
    ])
    #expect(result.feed.items.allSatisfy { $0.link == "http://example.com/atom_testing.html" })
    #expect(result.feed.items[2].author == "Person A, Person B")
  }

  @Test func atomAuthorInheritance() throws {
    guard let feed = try Fixture.parseRealWorld("nb-atom10_feed_authors.xml")?.feed else { return }
    #expect(feed.items[0].author == "First Feed Author, Second Feed Author")
    #expect(feed.items[1].author == "Entry Author")
    #expect(feed.items[2].author == "Entry Author 1, Entry Author 2")
    #expect(feed.items[4].author == "Entry Source Author")
  }

  @Test func rss091BracketAuthors() throws {
    guard let feed = try Fixture.parseRealWorld("nb-rss_091_with_bracket_author.xml")?.feed else { return }
    #expect(feed.items[0].author == "Author name)")
    #expect(feed.items[1].author == "Author")
    #expect(feed.items[2].author == "Author (name)")
  }

  @Test func rss10Debian() throws {
    guard let feed = try Fixture.parseRealWorld("feedrs-rss1-rss_1.0_debian.xml")?.feed else { return }
    #expect(feed.title == "Debian News")
    #expect(feed.link == "https://www.debian.org/News/")
    #expect(feed.items.first?.title == "Updated Debian 11: 11.6 released")
    #expect(feed.items.first?.published == utc(2022, 12, 17))
  }

  @Test func atomXMLBaseOnContent() throws {
    guard let feed = try Fixture.parseRealWorld("feedrs-atom-atom_xml_base.xml")?.feed else { return }
    #expect(feed.title == "my cool website title")
    let item = try #require(feed.items.first)
    #expect(item.id == "https://numi.st/post/2022/travel-uke")
    #expect(item.author == "Not Blank")
    #expect(item.content?.contains("<img src=\"IMG_1232.jpeg\" />") == true)
  }

  @Test func everyRealWorldFeedParsesWithoutError() throws {
    guard Fixture.hasRealWorld else { return }
    let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.realWorldDirectory.path)
      .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".atom") }
      .sorted()
    #expect(names.count > 70)
    var failures: [String] = []
    for name in names where name != "nb-empty.xml" {
      do {
        let result = try #require(try Fixture.parseRealWorld(name))
        if result.feed.title.isEmpty && result.feed.items.isEmpty { failures.append("\(name): nothing") }
      } catch {
        failures.append("\(name): \(error)")
      }
    }
    #expect(failures == [])
  }
}
