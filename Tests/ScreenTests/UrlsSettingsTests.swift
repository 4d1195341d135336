import Foundation
import TestSupport
import Testing

@testable import Reader

@testable import ReaderUI
@testable import splitfeed

/// newsboat's urls words `"~Title"` and `"!"` as the reader shows them, from a real urls file through
/// `Application.openSession` (where the file's words reach the run's feeds) and a reload (which re-reads
/// the feeds from the cache, where neither is stored).
@MainActor
@Suite("urls file titles and hidden feeds")
struct UrlsSettingsTests {
  /// Three local feeds: Alpha renamed, Bravo hidden and tagged `news`, Charlie tagged `news`.
  final class Folder {
    let temporary: TemporaryDirectory
    var url: URL { temporary.url }

    init() throws {
      temporary = try TemporaryDirectory("splitfeed-urlswords")
      for name in ["Alpha", "Bravo", "Charlie"] {
        let rss = FeedXML.rss(title: "\(name) Feed", items: [FeedXML.Item(title: "\(name) one", guid: "\(name)-1")])
        try temporary.write(rss, to: "\(name.lowercased()).xml")
      }
      let urls = """
        alpha.xml "~Renamed Alpha"
        bravo.xml "!" news
        charlie.xml news

        """
      try temporary.write(urls, to: "urls")
    }
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func renamedAndHiddenFeeds(width: Int, height: Int) async throws {
    let folder = try Folder()
    let library = Library.load(paths: Paths(configDirectory: folder.url.path, cacheFile: folder.url.path + "/cache.db"))
    #expect(library.problems.isEmpty, "\(library.problems)")
    let (session, _) = try Application.openSession(sources: [], library: library, configuration: UIConfiguration())
    let h = Harness(width, height, cache: session.cache, feeds: session.feeds)
    h.session.reload(h.session.feeds)
    try await h.waitForReload()
    #expect(h.session.feeds.map(\.displayTitle) == ["Renamed Alpha", "Bravo Feed", "Charlie Feed"], "kept after the reload")

    // The Feeds tab: Unread, Starred, news/, then the renamed feed; no `~…/` or `!/` tag, no Bravo row.
    let feedList = h.text
    #expect(feedList.contains("Renamed"), "the row may wrap in a narrow pane")
    #expect(feedList.contains("news/"))
    for absent in ["~", "!/", "Alpha Feed", "Bravo Feed"] {
      #expect(!feedList.contains(absent), "\(absent) in\n\(feedList)")
    }

    // The renamed feed's list is titled with the urls file's title, not the feed's own.
    h.press(.character("G"), .enter)
    #expect(h.text.contains("Alpha one"), "\(h.text)")
    #expect(h.text.contains("Renamed Alpha"))
    #expect(!h.text.contains("Alpha Feed"), "\(h.text)")

    // In news/, Charlie is a row and Bravo is not; Bravo's article is still in Unread.
    h.press(.escape, .character("g"))
    h.press(.down, .down, .enter)
    #expect(h.text.contains("Charlie"), "\(h.text)")
    #expect(!h.text.contains("Bravo"), "\(h.text)")
    h.press(.escape, .character("g"), .enter)
    #expect(h.text.contains("Bravo one"), "\(h.text)")
    #expect(h.text.contains("Charlie one"))
  }

  /// `export`: the urls file's title beats the cached one, and `~…`/`!` are never folders.
  @Test func exportWritesTheTitleAndNoFolderForTheWords() throws {
    let entries = UrlsFile.parse(
      "https://a.example/feed \"~Renamed Alpha\"\nhttps://b.example/feed ! news\n", currentDirectory: "/"
    ).entries
    let cachedA = CachedFeed(
      id: 1, url: "https://a.example/feed", title: "Alpha Feed", siteLink: nil, validators: Validators(),
      lastFetch: nil, lastError: nil, position: 0, unreadCount: 0, totalCount: 0)
    let opml = ExportCommand.render(subscriptions: entries, cached: [cachedA])
    #expect(opml.contains(#"<outline type="rss" text="Renamed Alpha" title="Renamed Alpha" xmlUrl="https://a.example/feed"/>"#), "\(opml)")
    #expect(opml.contains(#"<outline text="news" title="news">"#))
    #expect(!opml.contains("~") && !opml.contains(#"text="!""#) && !opml.contains("Alpha Feed"), "\(opml)")
  }
}
