import Reader
import Testing

@testable import ReaderUI

/// One feed opens straight at its articles only while the Feeds tab would offer nothing else
/// (`ContainerController.opensStraightAtFeed`); with a `query:` line beside it the feed list, and so
/// Unread, Starred and the query feed, is where the reader opens (issue 23, point 5).
@MainActor
struct SingleFeedTests {
  nonisolated static let sizes = [(120, 40), (60, 24)]

  private static func aboutIOS() throws -> QueryFeed {
    QueryFeed(title: "Apple", expression: try FilterExpression(parsing: "title =~ \"iOS\""), line: 1)
  }

  @Test(arguments: sizes)
  func oneFeedAloneOpensAtItsArticles(width: Int, height: Int) {
    let h = Harness(width, height)
    #expect(h.text.contains("Understanding") && h.text.contains("Barcode"))
    #expect(!h.text.contains("Starred"), "no feed list: its articles are the Feeds tab's root")
    // Back leaves the feed for the feed list, where Unread and Starred are; Enter goes back in.
    h.press(.character("h"))
    #expect(h.text.contains("Unread") && h.text.contains("Starred") && h.text.contains("AppCoda"))
    h.press(.enter)
    #expect(h.text.contains("Understanding") && h.text.contains("‹ Back"))
  }

  @Test(arguments: sizes)
  func oneFeedWithAQueryFeedOpensOnTheFeedList(width: Int, height: Int) throws {
    let h = Harness(width, height, queryFeeds: [try Self.aboutIOS()])
    #expect(h.text.contains("Unread") && h.text.contains("Starred"))
    #expect(h.text.contains("Apple") && h.text.contains("AppCoda"))
    h.press(.home, .down, .down, .enter)  // Unread, Starred, then the query feed
    #expect(h.text.contains("Understanding") && !h.text.contains("Barcode"))
    h.press(.escape)
    #expect(h.text.contains("Apple") && h.text.contains("Starred"), "Back returns to the feed list")
    h.press(.home, .down, .down, .down, .enter)  // the feed itself
    #expect(h.text.contains("Understanding") && h.text.contains("Barcode"))
  }
}
