import Testing

@testable import ReaderUI
@testable import ScreenKit

/// The split's list when it is narrow (DESIGN §1, §3): the feeds' counts shrink before their names, the
/// tab bar shortens its labels in order, never cutting one, and an article list keeps a date.
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

  /// Dates in narrow lists (DESIGN §1): at 80×24 and 60×24 the split stays, and its list (28 and 24
  /// columns) shows the one-fact date; the 40×20 stack's list shows the whole date. (terminal, the list's
  /// width, the date ending the first article's row: AppCoda's articles are from 2014)
  @Test(arguments: [(80, 24, 28, " 2014"), (60, 24, 24, " 2014"), (40, 20, 40, " 4 Sep 2014")])
  func narrowListsKeepADate(width: Int, height: Int, listWidth: Int, date: String) throws {
    let h = Harness(width, height)
    #expect(h.split.isCollapsed == (width == 40))
    let row = try #require(h.lines.first { $0.contains("Understanding") })
    let list = String(row.prefix { $0 != "│" })
    #expect(list.count == listWidth || (h.split.isCollapsed && list.count <= listWidth), "\(list)")
    let shown = list.reversed().drop { $0 == " " }.reversed()
    #expect(String(shown).hasSuffix(date), "\(h.text)")
    // Every dated row has its date, and the titles keep three lines at most.
    #expect(h.lines.filter { $0.contains("2014") }.count == 4, "\(h.text)")
  }
}
