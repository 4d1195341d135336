import Foundation
@testable import Reader
import Testing

import ScreenKit
@testable import ReaderUI

/// Every screen says what to do next: an empty feed, a hidden list, a key that does nothing, a failed
/// reload (its reason is never cut) and `E`, the list of failed feeds. At a wide split and a narrow stack.
@MainActor
struct NoDeadEndTests {
  nonisolated static let sizes = [(120, 40), (60, 24)]

  @Test(arguments: sizes)
  func anUnboundKeySaysSo(width: Int, height: Int) {
    let h = Harness(width, height)
    h.press(.character("x"))
    #expect(h.lines.last?.contains("x: not bound — ? for help") == true)
    h.press(.character("j"))
    #expect(h.lines.last?.contains("not bound") == false, "the notice goes with the next key")
  }

  @Test func aKeyBoundElsewhereIsNotCalledUnbound() {
    let h = Harness(120, 40)
    h.press(.character("p"))  // the publish-date popover, with no article open
    #expect(h.lines.last?.contains("not bound") == false)
  }

  @Test(arguments: sizes)
  func anEmptyFeedSaysHowToFillIt(width: Int, height: Int) {
    let h = Harness(width, height, feeds: [Feed(title: "Quiet", items: [])])
    // Wrapped to the list pane's width.
    #expect(h.text.contains("No articles in this"))
    #expect(h.text.contains("r reloads"))
  }

  @Test func theHintFollowsTheKeyMap() {
    let h = Harness(120, 40, feeds: [Feed(title: "Quiet", items: [])]) { configuration in
      configuration.keyMap.bind(.character("L"), to: .reload)
      configuration.keyMap.bind(.character("r"), to: .reloadAll)
    }
    #expect(h.text.contains("L reloads"))
  }

  @Test func aListHiddenFromTheStartSaysHowToShowIt() {
    let h = Harness(120, 40) { $0.preferredDisplayMode = .primaryHidden }
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.text.contains("No article selected"))
    #expect(h.text.contains("t shows the list"))
    h.press(.character("t"))
    #expect(h.text.contains("Understanding"))
    #expect(!h.text.contains("t shows the list"), "only while the list is hidden")
  }

  /// A failed reload: how many articles arrived comes first, then the failure, so a 60-column status
  /// line still shows both; `E` lists every failed feed with its error in full, wrapped to the box.
  @Test(arguments: sizes)
  func aFailedReloadShowsItsReasonAndEListsEveryFailure(width: Int, height: Int) async throws {
    let h = Harness(width, height, feeds: SampleFeeds.many)
    let feeds = h.session.feeds
    let reasons = [
      "The server answered 404 (Not Found) for https://example.com/gone.xml.",
      "Could not find the server nowhere.invalid (DNS lookup failed).",
    ]
    for (feed, reason) in zip(feeds, reasons) {
      try await h.session.cache.recordFailure(feedID: feed.id, error: reason)
    }
    let results = zip(feeds, reasons).map { FeedReloadResult(feedID: $0.id, url: $0.url, outcome: .failed($1)) }
    h.session.events.post(.reloadFinished(ReloadRun(results: results)))
    h.drain()
    let status = try #require(h.lines.last)
    #expect(status.contains("No new articles. 2 feeds failed; first: The server"), "\(status)")
    h.press(.character("E"))
    #expect(h.text.contains("Problems"))
    #expect(h.text.contains("2 feeds failed to load:"))
    #expect(h.text.contains(feeds[0].displayTitle))
    #expect(h.text.contains("404 (Not Found)"))
    #expect(h.text.contains("nowhere.invalid"))
    #expect(h.text.contains("Esc, q or E closes this list."))
    h.press(.character("E"))
    #expect(h.root.presentations.isEmpty)
  }

  @Test func eWithNoFailureSaysSo() {
    let h = Harness(120, 40)
    h.press(.character("E"))
    #expect(h.root.presentations.isEmpty)
    #expect(h.lines.last?.contains("No feed failed to load.") == true)
  }

  @Test func theReloadSummaryCountsWhatPruningRemoved() {
    let h = Harness(120, 40)
    h.session.events.post(.reloadFinished(ReloadRun(results: [], pruned: .removed(3))))
    h.drain()
    #expect(h.lines.last?.contains("0 failed. Removed 3 old articles.") == true)
  }
}
