import Foundation
import Reader
import Testing

/// What the parser repaired reaches the user: `reload` says it on stderr, one line per feed, and the
/// cache keeps it for the reader's feed list.
@Suite("reload warnings (built binary)", .serialized)
struct ReloadWarningsTests {
  @Test func repairedFeedsAreReportedOnStderrAndKeptInTheCache() throws {
    let store = try StoreCommandTests()
    let broken = store.root.appendingPathComponent("feeds/broken.xml")
    try Data(
      """
      <rss version="2.0"><channel><title>AT&T News</title>
      <item><title>Q&A</title><guid>1</guid></item><item><title>Tom &amp; Jerry</title><guid>2</guid></item>
      </channel></rss>
      """.utf8
    ).write(to: broken)
    try store.writeFeed("clean", items: 0..<2)
    let clean = store.root.appendingPathComponent("feeds/clean")
    try store.writeURLs([broken.absoluteString, clean.absoluteString])

    let result = try store.run(["reload"])
    #expect(result.status == 0)
    #expect(
      result.stderr == "\(broken.absoluteString): warning: 2 malformed references were repaired "
        + "(the first on line 1: an \"&\" that starts no reference, kept as text).\n")
    #expect(result.stdout.hasPrefix("Reloaded 2 feeds: 2 updated (4 new articles)"))

    let cache = try Cache(path: store.cachePath, readOnly: true)
    let feeds = try cache.feeds()
    let repaired = try #require(feeds.first { $0.url == broken.absoluteString })
    #expect(repaired.title == "AT&T News")
    #expect(repaired.warningCount == 1)
    #expect(repaired.firstWarning?.hasPrefix("2 malformed references were repaired") == true)
    #expect(feeds.first { $0.url == clean.absoluteString }?.warningCount == 0)
    #expect(try cache.items(feedID: repaired.id).map(\.title).sorted() == ["Q&A", "Tom & Jerry"])
  }
}
