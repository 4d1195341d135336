import Testing

@testable import ReaderUI
@testable import ScreenKit

/// The split's list when it is narrow (DESIGN §1, §3): the feeds' counts shrink before their names, and
/// the tab bar shortens its labels in order, never cutting one.
@MainActor
struct NarrowLayoutTests {
  /// The tab bar's part of the screen: the row holding "Recent", up to the divider.
  func tabBar(_ h: Harness) -> String {
    let row = h.lines.first { $0.contains("Recent") } ?? ""
    return String(row.prefix { $0 != "│" })
  }

  /// (terminal width, primary width setting, the tab bar, AppCoda's counts)
  @Test(arguments: [
    (120, 42, "  1 Feeds (6)   2 Recent ", " 5/5 "),  // the whole labels
    (100, 35, "  1 Feeds (6)   2 Recent ", " 5/5 "),
    (70, 24, " 1 Feeds (6)  2 Recent", " 5 "),  // without the padding; the unread count alone
    (70, 20, " Feeds (6)  Recent", nil),  // without the key numbers; no counts column under 24
    (70, 14, " Feeds  Recent", nil),  // without the badge
  ] as [(Int, Int, String, String?)])
  func labelsAndCountsShrinkInOrder(width: Int, primary: Int, bar: String, counts: String?) {
    let h = Harness(width, 30, feeds: SampleFeeds.many) {
      $0.metrics.minimumPrimaryColumnWidth = primary
      $0.metrics.maximumPrimaryColumnWidth = primary
    }
    #expect(tabBar(h).hasPrefix(bar), "\(tabBar(h))")
    let appCoda = h.lines.first { $0.contains("AppCoda") }.map { String($0.prefix { $0 != "│" }) } ?? ""
    #expect(appCoda.count == primary)
    if let counts {
      #expect(appCoda.hasSuffix(counts), "\(appCoda)")
    } else {
      #expect(!appCoda.contains("5"), "\(appCoda)")
    }
  }
}
