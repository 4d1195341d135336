import Pixels
import TestSupport
import Testing

import ScreenKit
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// The triple-column split on a wide terminal (DESIGN §3a): feeds | articles | article, the transitions
/// 3 ↔ 2 ↔ 1 keeping the reader's state, the keys and clicks across three columns, and `text-width`.
@MainActor
struct ThreeColumnTests {
  /// The reader at `width`×`height` with several feeds (so the feed list is the Feeds tab's root), a list
  /// chosen (Enter on the feed list's first row) and its first article open.
  func readerWithArticle(_ width: Int, _ height: Int, configure: (inout UIConfiguration) -> Void = { _ in }) throws
    -> (Harness, ArticleListController, ArticleController)
  {
    let h = Harness(width, height, feeds: SampleFeeds.many, configure: configure)
    h.press(.enter)
    let list = try #require(h.split.supplementary?.top as? ArticleListController, "the chosen list fills the middle")
    #expect(h.root.focusedLeaf === list)
    h.press(.enter)
    let article = try #require(h.article)
    #expect(h.split.secondary === article)
    return (h, list, article)
  }

  @Test func choosingAListFillsTheMiddleColumnWithoutPushing() throws {
    let h = Harness(200, 50, feeds: SampleFeeds.many)
    #expect(h.split.columns == 3)
    #expect(h.text.contains("No list chosen"))
    h.press(.enter)
    #expect(h.split.primaryNavigation?.stack.count == 1, "the feed list stays")
    #expect(h.split.supplementary?.top is ArticleListController)
    #expect(!h.text.contains("‹ Back"))
    #expect(h.text.contains("No article selected"))
  }

  @Test func goldenScreens() throws {
    let (h, _, _) = try readerWithArticle(200, 50)
    expectScreen(h.surface, matches: "three-200x50")
    h.press(.character("p"))
    #expect(h.popover != nil)
    expectScreen(h.surface, matches: "three-popover-200x50")
    let (h160, _, _) = try readerWithArticle(160, 40)
    h160.press(.character("p"))
    expectScreen(h160.surface, matches: "three-popover-160x40")
  }

  @Test func transitionsKeepFeedListArticlePlaceFocusAndPopover() throws {
    let (h, list, article) = try readerWithArticle(200, 50)
    for _ in 0..<6 { h.press(.character("j")) }
    let offset = article.scrollOffset
    #expect(offset > 0)
    h.press(.character("p"))
    #expect(h.root.focusedLeaf === article)

    h.resize(130, 40)
    #expect(h.split.columns == 2)
    #expect(h.split.supplementary == nil)
    #expect(h.split.primaryNavigation?.top === list, "the list is the feed list's stack level again")
    // The place is kept by the text at the top (DESIGN §3), so at another width the line number differs.
    #expect(h.split.secondary === article && article.scrollOffset > 0)
    #expect(h.popover != nil)
    #expect(h.root.focusedLeaf === article)

    h.resize(50, 30)
    #expect(h.split.columns == 1)
    #expect(h.split.primaryNavigation?.top === article, "the same article on top of the stack")
    #expect(h.split.primaryNavigation?.stack.count == 3)

    h.resize(200, 50)
    #expect(h.split.columns == 3)
    #expect(h.split.primaryNavigation?.stack.count == 1)
    #expect(h.split.supplementary?.top === list)
    #expect(h.split.secondary === article && article.scrollOffset == offset)
    #expect(h.root.focusedLeaf === article, "the focus kept")
    #expect(list.selectedIndex == 0)
  }

  @Test func listFocusedStaysInTheMiddleColumnAcrossTransitions() throws {
    let (h, list, article) = try readerWithArticle(200, 50)
    h.press(.escape)
    #expect(h.root.focusedLeaf === list, "Back from the article: the middle list")
    h.resize(130, 40)
    #expect(h.root.focusedLeaf === list)
    h.resize(200, 50)
    #expect(h.root.focusedLeaf === list)
    #expect(h.split.secondary === article)
    h.press(.escape)
    #expect(h.root.focusedLeaf is FeedListController, "Back from the middle list: the feed list")
  }

  @Test func tabCyclesTheThreeColumnsAndClicksFocusEach() throws {
    let (h, list, article) = try readerWithArticle(200, 50)
    #expect(h.root.focusedLeaf === article)
    h.press(.tab)
    #expect(h.root.focusedLeaf is FeedListController)
    h.press(.tab)
    #expect(h.root.focusedLeaf === list)
    h.press(.tab)
    #expect(h.root.focusedLeaf === article)

    let frames = splitFrames(in: h.split.frame, collapsed: false, mode: .twoBesideSecondary, metrics: h.split.metrics)
    let columns = [frames.primary, frames.supplementary, frames.secondary].compactMap { $0 }
    #expect(columns.count == 3)
    h.click(columns[0].minX + 2, columns[0].minY + 10)
    #expect(h.root.focusedLeaf is FeedListController)
    // Below the list's rows: a click on a row would open its article.
    h.click(columns[1].minX + 2, columns[1].maxY - 4)
    #expect(h.root.focusedLeaf === list)
    h.click(columns[2].minX + 2, columns[2].minY + 10)
    #expect(h.root.focusedLeaf === article)
  }

  @Test func displayModeActionHidesAndBringsBackBothListColumns() throws {
    let (h, list, article) = try readerWithArticle(200, 50)
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.split.supplementary?.top === list, "hidden, not dropped")
    #expect(!h.text.contains("Swift Blog"))
    h.press(.character("t"))
    #expect(h.split.displayMode == .twoBesideSecondary)
    #expect(h.text.contains("Swift Blog"))
    #expect(h.split.secondary === article)
  }

  /// `J` reads on through the middle column's list (DESIGN §5), which stays there, its selection moving.
  @Test func nextArticleMovesThroughTheMiddleList() throws {
    let (h, list, article) = try readerWithArticle(200, 50)
    h.press(.character("J"))
    let next = try #require(h.article)
    #expect(next !== article && next.item?.title != article.item?.title)
    #expect(list.selectedIndex == 1)
    #expect(h.split.supplementary?.top === list)
  }

  /// `/` from the feed list searches every feed; at three columns the results fill the middle column (on
  /// top of the list there, which Back returns to), the feed list staying at its root.
  @Test func searchFromTheFeedListFillsTheMiddleColumn() async throws {
    let (h, list, _) = try readerWithArticle(200, 50)
    h.press(.tab)
    #expect(h.root.focusedLeaf is FeedListController)
    h.press(.character("/"))
    h.type("swift")
    try await h.eventually("the results") { h.text.contains("Swift 1.1") && h.text.contains("Search: swift") }
    h.press(.enter)
    let results = try #require(h.split.supplementary?.top as? ArticleListController)
    #expect(results !== list && h.root.focusedLeaf === results)
    #expect(h.split.primaryNavigation?.stack.count == 1, "the feed list stays at its root")
    h.press(.escape)
    #expect(h.split.supplementary?.top === list, "Back leaves the results for the list under them")
  }

  /// `text-width`: at 200 columns the article's text keeps to the measure; every cell of the article
  /// column right of it stays blank (and 0 fills the pane, as before).
  @Test(arguments: [40, 0])
  func textWidthKeepsTheMeasure(measure: Int) throws {
    let (h, _, article) = try readerWithArticle(200, 50) { $0.textWidth = measure }
    let pane = article.frame
    let body = article.bodyFrame
    #expect(body.width == (measure > 0 ? measure : pane.width - 2))
    var beyond = 0
    for y in body.minY..<body.maxY {
      for x in (body.minX + 40)..<(pane.maxX - 1) where h.surface[x, y].grapheme != " " { beyond += 1 }
    }
    #expect(measure > 0 ? beyond == 0 : beyond > 0)
  }

  /// Pictures follow the measure: a wide picture in a 200-column reader with `text-width 40` takes the
  /// cells `ImageLayout` gives 40 columns, not the pane's width.
  @Test func aPictureFollowsTheMeasure() async throws {
    let site = try PicturesTests.Site(TestPNG.solid(width: 640, height: 160, 255, 0, 0))
    let h = Harness(200, 50, feeds: [site.feed]) { $0.inlineImages = .sixel; $0.textWidth = 40 }
    h.press(.enter)
    try await h.eventually("the picture loaded") { h.session.pages.images.revision > 0 }
    let body = try #require(h.article).bodyFrame
    let expected = ImageLayout.cells(width: 640, height: 160, columns: 40, paneRows: body.height, cellPixels: nil)
    let placement = try #require(h.surface.placements.first)
    #expect(placement.frame.width == expected.columns && placement.frame.width <= 40)
  }

  /// The frames of the three columns (feeds, articles, article) of `h`'s split as it is now.
  func columns(_ h: Harness) -> [Rect] {
    let frames = splitFrames(in: h.split.frame, collapsed: false, mode: .twoBesideSecondary, metrics: h.split.metrics)
    return [frames.primary, frames.supplementary, frames.secondary].compactMap { $0 }
  }

  /// The Recent tab in the feed column (DESIGN §3a): `2` shows it there, the middle column keeping its
  /// list; an article chosen in Recent opens in the article column, nothing pushed; Back from it goes to
  /// Recent, where it came from, not to the middle list, and so do `t` and Back.
  @Test func recentTabWorksInTheFeedColumn() throws {
    let (h, list, first) = try readerWithArticle(200, 50)
    let firstTitle = try #require(first.item?.title)
    h.press(.character("J"))  // a second article read: Recent lists both, the newest first
    h.press(.character("2"))
    #expect(h.root.tabs?.selectedIndex == 1)
    let recent = try #require(h.split.primaryNavigation?.top as? ArticleListController)
    #expect(recent.source == .recent && h.root.focusedLeaf === recent)
    #expect(h.split.columns == 3 && h.split.supplementary?.top === list, "the middle column keeps its list")
    // Recent's rows are drawn in the feed column, at the screen's left edge.
    #expect(h.lines.contains { $0.hasPrefix(" " + firstTitle.prefix(8)) }, "\(h.text)")

    h.press(.character("j"), .enter)
    let opened = try #require(h.split.secondary as? ArticleController)
    #expect(opened.item?.title == firstTitle, "the article column shows it")
    #expect(h.split.primaryNavigation?.stack.count == 1, "nothing pushed on Recent")
    #expect(h.split.supplementary?.top === list)
    #expect(h.root.focusedLeaf === opened)
    h.press(.escape)
    #expect(h.root.focusedLeaf === recent, "Back: the list the article came from")
    h.press(.tab, .tab)
    #expect(h.root.focusedLeaf === opened)
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryHidden)
    h.press(.escape)
    #expect(h.split.displayMode == .twoBesideSecondary)
    #expect(h.root.focusedLeaf === recent, "Back with the lists hidden: they come back, Recent focused")
  }

  /// Transitions with the Recent tab in the feed column keep the focused list in view (DESIGN §3a):
  /// 3 → 2 with the middle list focused shows the Feeds tab, whose stack holds that list again; 2 → 3 with
  /// Recent focused leaves the focus on Recent while the list goes back to the middle column.
  @Test func transitionsWithRecentShownKeepTheFocusedList() throws {
    let (h, list, _) = try readerWithArticle(200, 50)
    h.press(.character("2"))
    let middle = columns(h)[1]
    h.click(middle.minX + 2, middle.maxY - 4)
    #expect(h.root.focusedLeaf === list)
    h.resize(130, 40)
    #expect(h.split.columns == 2)
    #expect(h.root.tabs?.selectedIndex == 0, "the Feeds tab, which holds the focused list")
    #expect(h.root.focusedLeaf === list)

    h.press(.character("2"))
    let recent = try #require(h.root.focusedLeaf as? ArticleListController)
    #expect(recent.source == .recent)
    h.resize(200, 50)
    #expect(h.split.columns == 3 && h.split.supplementary?.top === list)
    #expect(h.root.focusedLeaf === recent, "Recent keeps the focus")
  }

  /// Both lists over the article (`twoOverSecondary`, DESIGN §3a): `--layout three` on a split under
  /// `regular-width` with `display-mode automatic` shows the article alone, and `t` brings the feed list
  /// and the middle column over it. Choosing a feed fills the middle column and keeps the overlay (the
  /// list is what was asked for); Tab goes between the two lists; choosing an article closes it; `t`
  /// brings it back with the focus on the list the article came from; Back closes it.
  @Test func bothListsOverTheArticle() throws {
    let h = Harness(96, 32, feeds: SampleFeeds.many) {
      $0.layout = .three
      $0.preferredDisplayMode = .automatic
    }
    #expect(h.split.columns == 3 && h.split.displayMode == .primaryHidden)
    h.press(.character("t"))
    #expect(h.split.displayMode == .twoOverSecondary)
    #expect(h.root.focusedLeaf is FeedListController)
    #expect(h.text.contains("No list chosen"))
    h.press(.enter)
    let list = try #require(h.split.supplementary?.top as? ArticleListController)
    #expect(h.split.displayMode == .twoOverSecondary, "choosing a list keeps the overlay")
    #expect(h.root.focusedLeaf === list)
    expectScreen(h.surface, matches: "three-overlay-96x32")
    h.press(.tab)
    #expect(h.root.focusedLeaf is FeedListController)
    h.press(.tab)
    #expect(h.root.focusedLeaf === list)

    h.press(.enter)
    let article = try #require(h.split.secondary as? ArticleController)
    #expect(h.split.displayMode == .primaryHidden, "choosing an article closes the overlay")
    #expect(h.root.focusedLeaf === article)
    h.press(.character("t"))
    #expect(h.split.displayMode == .twoOverSecondary)
    #expect(h.root.focusedLeaf === list, "the list the article came from")
    h.press(.escape)
    #expect(h.split.displayMode == .primaryHidden && h.root.focusedLeaf === article)
  }
}
