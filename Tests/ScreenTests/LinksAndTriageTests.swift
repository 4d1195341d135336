import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// The links view (`L`), open link N (`#`) and the triage keys (`{`, `}`) in process: the rows the view
/// lists, what reaches the browser and the clipboard, and the marks with their counts and undo.
@MainActor
struct LinksAndTriageTests {
  static let body = """
    <p>Read <a href="https://a.example/one">the first <b>thing</b></a> and
    <a href="https://b.example/two">the second</a>, then <a href="https://a.example/one">again</a>.</p>
    <p><img src="https://img.example/p.png" alt="A chart"><video src="https://v.example/clip.mp4"></video></p>
    """

  static let feed = Feed(
    title: "Linked",
    items: [
      Item(
        title: "Many links", link: "https://site.example/post", id: "l1", content: body,
        enclosures: [Enclosure(url: "https://cdn.example/ep.mp3", type: "audio/mpeg", length: 12_000_000)]),
      Item(title: "No links at all", id: "l2", content: "<p>Just words.</p>"),
    ])

  // MARK: Rows

  @Test func theRowsAreTheArticlesLinksInThePanesNumbering() {
    let item = Self.feed.items[0]
    let text = StyledText(html: Self.body, baseURL: URL(string: "https://site.example/post"))
    let links = ArticleLinks.of(item, shown: text)
    #expect(links.map(\.row) == [
      "Article <https://site.example/post>",
      "[1] the first thing <https://a.example/one>",
      "[2] the second <https://b.example/two>",
      "[3] [video] <https://v.example/clip.mp4>",
      "Picture A chart <https://img.example/p.png>",
      "Enclosure audio/mpeg · 12.0 MB · ep.mp3 <https://cdn.example/ep.mp3>",
    ])
    // The same numbers as the text the pane shows.
    let numbered = links.compactMap { link -> String? in
      if case .numbered = link.kind { return link.address } else { return nil }
    }
    #expect(numbered == text.links)
  }

  @Test func aRowNeverCarriesAControlCharacter() {
    let link = ArticleLink(kind: .numbered(1), text: "x\u{1B}]52;c;AAAA\u{07}", address: "https://e.example/\u{1B}[2J")
    #expect(!link.row.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
  }

  // MARK: The links view

  /// The reader on the linked feed, its first article open, the browser and the clipboard recorded.
  func opened() -> (Harness, browser: Box, clipboard: Box) {
    let h = Harness(120, 40, feeds: [Self.feed])
    let browser = Box()
    let clipboard = Box()
    h.session.outside.browser = BrowserLauncher(command: ["stub-browser"])
    h.session.outside.launch = { _, url in browser.values.append(url); return nil }
    h.session.outside.copyToClipboard = { clipboard.values.append($0) }
    h.press(.enter)
    return (h, browser, clipboard)
  }

  final class Box { var values: [String] = [] }

  @Test func enterOpensTheHighlightedLinkAndYCopiesItsAddress() {
    let (h, browser, clipboard) = opened()
    h.press(.character("L"))
    #expect(h.text.contains("Links (6)"))
    #expect(h.text.contains("[2] the second <https://b.example/two>"))
    h.press(.character("j"), .character("j"), .character("y"))
    #expect(clipboard.values == ["https://b.example/two"])
    #expect(h.lines.last?.contains("Sent https://b.example/two to the terminal's clipboard") == true, "\(h.lines.last ?? "")")
    #expect(h.text.contains("Links (6)"), "y leaves the view open")
    h.press(.enter)
    #expect(browser.values == ["https://b.example/two"])
    #expect(!h.text.contains("Links (6)"), "Enter closes the view")
    h.press(.character("L"), .escape)
    #expect(!h.text.contains("Links (6)"), "Esc closes it")
    #expect(browser.values.count == 1)
  }

  @Test func anAddressGoesOutAsBase64AndAnOverlongOneNotAtAll() {
    #expect(NcursesBackend.clipboardSequence("a\u{1B}b") == "\u{1B}]52;c;YRti\u{07}")
    let (h, _, clipboard) = opened()
    h.session.outside.copy(String(repeating: "x", count: Outside.copyLimit + 1))
    h.screen.renderNow()
    #expect(clipboard.values.isEmpty)
    #expect(h.lines.last?.contains("This address is too long to copy through the terminal.") == true)
  }

  @Test func yOutsideTheLinksViewSaysWhereItWorks() {
    let (h, _, clipboard) = opened()
    h.press(.character("y"))
    #expect(clipboard.values.isEmpty)
    #expect(h.lines.last?.contains("y does nothing here: links view: copy the address (OSC 52)") == true, "\(h.lines.last ?? "")")
  }

  @Test func anArticleWithoutLinksSaysSo() {
    let h = Harness(120, 40, feeds: [Self.feed])
    h.press(.character("j"), .enter, .character("L"))
    #expect(h.lines.last?.contains("This article has no links.") == true)
  }

  @Test func hashOpensLinkNAndABadNumberIsOneNotice() {
    let (h, browser, _) = opened()
    h.press(.character("#"))
    #expect(h.lines.last?.contains("Open link:") == true)
    h.type("2")
    h.press(.enter)
    #expect(browser.values == ["https://b.example/two"])
    h.press(.character("#"))
    h.type("9")
    h.press(.enter)
    #expect(browser.values.count == 1)
    #expect(h.lines.last?.contains("No link 9: this article's links are numbered 1 to 3.") == true, "\(h.lines.last ?? "")")
  }

  // MARK: Triage

  @Test func braceMarksEveryArticleAboveOrBelowReadInOneUndoableMark() async throws {
    let h = Harness(120, 40, feeds: [SampleFeeds.numbered(5)])  // a lone feed: its list shows first
    #expect(h.session.feeds[0].unreadCount == 5)
    h.press(.character("j"), .character("j"))  // the third article selected
    h.press(.character("{"))
    #expect(h.session.feeds[0].unreadCount == 3)
    #expect(h.lines.last?.contains("Marked 2 articles read") == true)
    let list = try #require(h.root.pointer as? ArticleListController)
    let read = (0..<5).map { h.session.flags.isRead(list.item(at: $0)!.id) }
    #expect(read == [true, true, false, false, false])
    h.press(.character("}"))
    #expect(h.session.feeds[0].unreadCount == 1, "only the selected article stays unread")
    h.press(.character("u"))
    #expect(h.session.feeds[0].unreadCount == 3, "u undoes the last triage in one step")
    h.press(.character("u"))
    #expect(h.session.feeds[0].unreadCount == 5)
    h.press(.character("g"), .character("{"))
    #expect(h.lines.last?.contains("Nothing unread here.") == true, "nothing above the first row")
  }

  /// A search's results hold their first page until their count arrives in the background: `}` on them
  /// then still marks every match below, not only the page read so far.
  @Test func belowReachesPastTheFirstPageOfASearchStillCounting() throws {
    let h = Harness(60, 40, feeds: [SampleFeeds.numbered(250)])
    let results = ArticleListController(
      source: .all, session: h.session, title: "Search: wrap", search: try SearchQuery(parsing: "wrap"))
    try #require(results.isCounting && results.rowCount == ArticleListController.pageSize, "the count not in yet")
    #expect(results.handle(.character("}")))
    #expect(h.session.flags.isRead(try #require(results.item(at: 0)).id) == false)
    h.screen.renderNow()
    #expect(h.lines.last?.contains("Marked 249 articles read") == true, "\(h.lines.last ?? "")")
  }
}
