import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// Resizes and display-mode changes keep the reader's state (the transition tests, DESIGN §2–§4).
@MainActor
struct TransitionTests {
  static let expandedWithArticle =
    "ContainerController > [SplitController > [TabController > [NavigationController > [ArticleListController]], ArticleController]]"
  static let collapsedWithArticle =
    "ContainerController > [SplitController > [TabController > [NavigationController > [ArticleController]]]]"
  static let collapsedList =
    "ContainerController > [SplitController > [TabController > [NavigationController > [ArticleListController]]]]"
  static let expandedPlaceholder = expandedWithArticle

  @Test func articleMovesOntoTheStackAndBackAtTheSameScrollOffset() throws {
    let h = Harness(120, 40)
    h.press(.enter)
    for _ in 0..<12 { h.press(.character("j")) }
    let article = try #require(h.article)
    #expect(article.scrollOffset == 12)
    #expect(h.root.treeDescription == Self.expandedWithArticle)

    h.resize(70, 40)
    #expect(h.split.isCollapsed)
    #expect(h.root.treeDescription == Self.collapsedWithArticle)
    #expect(h.article === article, "the same controller, pushed on the primary's stack")
    #expect(article.scrollOffset == 12)
    #expect(h.text.contains("‹ Back"))
    #expect(h.split.primaryNavigation?.stack.count == 2)

    h.resize(120, 40)
    #expect(!h.split.isCollapsed)
    #expect(h.root.treeDescription == Self.expandedWithArticle)
    #expect(h.split.secondary === article)
    #expect(article.scrollOffset == 12)
    #expect(h.split.primaryNavigation?.stack.count == 1)
    // The list selection survived too.
    #expect((h.split.primaryNavigation?.top as? ArticleListController)?.selectedIndex == 0)
  }

  @Test func nothingSelectedCollapsesToTheListAndExpandsToThePlaceholder() {
    let h = Harness(120, 40)
    h.press(.character("j"))
    #expect(h.text.contains("No article selected"))
    h.resize(60, 40)
    #expect(h.root.treeDescription == Self.collapsedList)
    #expect(!h.text.contains("No article selected"))
    #expect(h.text.contains("Building a Simple Barcode"))
    h.resize(200, 60)
    #expect(h.root.treeDescription == Self.expandedPlaceholder)
    #expect(h.split.secondary.map { ($0 as? ArticleController)?.isEmptyDetail } == true)
    #expect(h.text.contains("No article selected"))
    #expect((h.split.primaryNavigation?.top as? ListController)?.selectedIndex == 1)
  }

  @Test func popoverIsDismissedWhenTheArticleChanges() {
    let h = Harness(120, 40)
    h.press(.enter, .character("p"))
    #expect(h.popover != nil)
    h.press(.tab, .character("j"))
    #expect(h.popover != nil, "moving the list highlight does not change the article")
    h.press(.enter)
    #expect(h.popover == nil)
    #expect(h.article?.item?.title.hasPrefix("Building") == true)
    #expect(!h.text.contains("Publish Date:"))

    // By another path: the Recent tab.
    h.press(.character("p"))
    #expect(h.popover != nil)
    h.press(.character("2"))
    h.press(.character("j"), .enter)
    #expect(h.popover == nil)
    #expect(h.article?.item?.title.hasPrefix("Understanding") == true)

    // By a click on a row.
    h.press(.character("p"))
    #expect(h.popover != nil)
    h.click(5, 2)
    #expect(h.popover == nil)
  }

  @Test func popoverClosesWithItsKeys() {
    let h = Harness(120, 40)
    h.press(.enter)
    for key in [Key.character("p"), .escape, .character("q")] {
      h.press(.character("p"))
      #expect(h.popover != nil)
      h.press(key)
      #expect(h.popover == nil, "closed by \(key)")
    }
    #expect(h.screen.quitRequested == false)
  }

  @Test func popoverSurvivesResizesAndReanchors() throws {
    let h = Harness(120, 40)
    h.press(.enter, .character("p"))
    let before = try #require(h.popover?.placement)
    h.resize(200, 60)
    let wide = try #require(h.popover?.placement)
    #expect(wide != before)
    let anchor = try #require(h.find("[Publish Date]"))
    #expect(wide.arrow.y == anchor.y - 1)
    #expect(wide.arrow.x >= anchor.x && wide.arrow.x < anchor.x + 14)
    h.resize(60, 40)  // collapsed: the article is on the stack, the popover follows it
    let narrow = try #require(h.popover?.placement)
    #expect(narrow.frame.maxX <= 60)
    #expect(h.surface[narrow.arrow.x, narrow.arrow.y].grapheme == "▼")
    h.press(.escape)
    #expect(h.popover == nil)
    h.press(.escape)  // back to the list
    #expect(h.root.treeDescription == Self.collapsedList)
  }

  @Test func popoverEndsWhenItsArticleLeavesTheScreen() {
    let h = Harness(60, 40)
    h.press(.enter, .character("p"))
    #expect(h.popover != nil)
    h.press(.character("t"))  // collapsed: back to the list; the anchor is gone
    #expect(h.popover == nil)
    #expect(h.root.presentations.isEmpty)
  }

  @Test func fullScreenPopoverOption() throws {
    let h = Harness(60, 40) { $0.popoverStyle = .fullScreen }
    h.press(.enter, .character("p"))
    let popover = try #require(h.popover)
    #expect(popover.adaptiveStyle == .fullScreen)
    #expect(popover.frame == Rect(x: 0, y: 0, width: 60, height: 40))
    #expect(h.text.contains("Publish Date:"))
  }

  @Test func toggleCyclesDisplayModesAndTheToolbarFollows() {
    let h = Harness(120, 40)
    h.press(.enter)
    #expect(h.split.displayMode == .allVisible)
    #expect(h.text.contains("[◧ Hide list]"))
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.text.contains("[Articles]") && !h.text.contains("Hide list"))
    #expect(!h.text.contains("1 Feeds"), "the primary is hidden")
    h.press(.character("t"))
    #expect(h.split.displayMode == .allVisible)
    #expect(h.text.contains("[◧ Hide list]"))

    // The toolbar item does the same, by mouse.
    let item = h.find("[◧ Hide list]")
    h.click((item?.x ?? 0) + 2, item?.y ?? 0)
    #expect(h.split.displayMode == .primaryHidden)

    // The mode survives a collapse and an expand.
    h.resize(60, 40)
    h.resize(120, 40)
    #expect(h.split.displayMode == .primaryHidden)
  }

  @Test func delegateHearsTheModeChangeAndCanChooseTheTarget() {
    final class Recorder: SplitControllerDelegate {
      var heard: [DisplayMode] = []
      func willChangeTo(_ displayMode: DisplayMode) { heard.append(displayMode) }
      func targetDisplayModeForAction(in split: SplitController) -> DisplayMode {
        split.displayMode == .allVisible ? .primaryHidden : .allVisible
      }
    }
    let h = Harness(120, 40)
    let recorder = Recorder()
    h.split.delegate = recorder
    h.press(.character("t"), .character("t"))
    #expect(recorder.heard == [.primaryHidden, .allVisible])
  }

  @Test func collapsedToggleGoesBackAndForth() {
    let h = Harness(60, 40)
    h.press(.character("j"), .enter)
    #expect(h.root.treeDescription == Self.collapsedWithArticle)
    h.press(.character("t"))
    #expect(h.root.treeDescription == Self.collapsedList)
    #expect((h.split.primaryNavigation?.top as? ListController)?.selectedIndex == 1)
    h.press(.character("t"))
    #expect(h.root.treeDescription == Self.collapsedWithArticle)
    #expect(h.article?.item?.title.hasPrefix("Building") == true)
    h.press(.character("q"))  // q is back below the root
    #expect(h.root.treeDescription == Self.collapsedList)
    #expect(!h.screen.quitRequested)
    h.press(.character("q"))
    #expect(h.screen.quitRequested, "q at the root quits")
  }

  @Test func focusMovesBetweenPanes() {
    let h = Harness(120, 40)
    h.press(.enter)
    #expect(h.split.focusedPane == .secondary)
    h.press(.character("j"))
    #expect(h.article?.scrollOffset == 1, "keys scroll the focused article")
    h.press(.tab)
    #expect(h.split.focusedPane == .primary)
    h.press(.character("j"))
    #expect((h.split.primaryNavigation?.top as? ListController)?.selectedIndex == 1)
    h.press(.tab, .character("h"))
    #expect(h.split.focusedPane == .primary, "back from the article goes to the list")
    // Focus survives a round trip through collapse.
    h.press(.tab)
    h.resize(60, 40)
    h.resize(120, 40)
    #expect(h.split.focusedPane == .secondary)
  }

  @Test func overlayTakesKeysAndASelectionDismissesIt() {
    let h = Harness(80, 24) { $0.preferredDisplayMode = .automatic }
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryOverlay)
    h.press(.character("j"), .enter)
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.article?.item?.title.hasPrefix("Building") == true)
  }

  @Test func burstOfResizesEndsInTheRightScreen() {
    let h = Harness(120, 40)
    h.press(.enter)
    for _ in 0..<5 { h.press(.character("j")) }
    var sizes: [(Int, Int)] = []
    for i in 0..<50 { sizes.append((40 + (i * 37) % 170, 10 + (i * 13) % 50)) }
    for (w, hgt) in sizes { h.resize(w, hgt) }
    h.resize(120, 40)
    let fresh = Harness(120, 40)
    fresh.press(.enter)
    for _ in 0..<5 { fresh.press(.character("j")) }
    #expect(h.lines == fresh.lines)
    #expect(h.root.treeDescription == Self.expandedWithArticle)
  }

  /// A short size only passed through (a resize burst the reader saw part of) does not keep the list
  /// scrolled: coming back draws what a fresh start at that size draws (docs/ROBUSTNESS.md, Terminal).
  @Test(arguments: [(60, 7), (100, 7), (120, 6)])
  func aShortSizePassedThroughLeavesTheListsScroll(short: (Int, Int)) {
    let keys: [Key] = [.down, .enter, .character("j")]
    let fresh = Harness(100, 30)
    fresh.press(keys)
    let h = Harness(120, 40)
    h.press(keys)
    let first = String(fresh.lines[2].dropFirst().prefix(12))
    h.resize(short.0, short.1)
    #expect(!h.text.contains(first), "the list scrolled at \(short.0)×\(short.1) to show the selection:\n\(h.text)")
    h.resize(100, 30)
    #expect(h.lines == fresh.lines, "\(h.text)")
    h.press(.character("j"))
    fresh.press(.character("j"))
    #expect(h.lines == fresh.lines, "keys act on the same rows")
  }

  /// A refresh landing while the terminal is short (a reload's end: every list reads its rows again and
  /// keeps its selection on the same article, `selectRow`) does not keep that size's scroll either.
  @Test func aRefreshWhileShortLeavesTheListsScroll() {
    let keys: [Key] = [.down, .enter, .character("j")]
    let fresh = Harness(100, 30)
    fresh.press(keys)
    let h = Harness(120, 40)
    h.press(keys)
    h.resize(100, 7)
    h.session.refreshFeeds()
    h.drain()
    h.resize(100, 30)
    #expect(h.lines == fresh.lines, "\(h.text)")
  }
}

/// Containment, traits and routing of the base controller (DESIGN §2, §3's table).
@MainActor
struct ControllerTests {
  final class Probe: Controller {
    var changes = 0
    var moves: [String] = []
    override func traitCollectionDidChange(_ previous: TraitCollection?) { changes += 1 }
    override func willMove(toParent parent: Controller?) { moves.append(parent == nil ? "will-nil" : "will") }
    override func didMove(toParent parent: Controller?) { moves.append(parent == nil ? "did-nil" : "did") }
  }

  @Test func traitsFlowDownWithOverrides() {
    let root = Controller()
    let a = Probe()
    let b = Probe()
    root.addChild(a)
    a.addChild(b)
    #expect(a.moves == ["will", "did"])
    root.updateTraits(inherited: .screen(Size(width: 200, height: 60)))
    #expect(b.traitCollection.horizontalSizeClass == .regular)
    let changes = b.changes
    root.updateTraits(inherited: .screen(Size(width: 201, height: 61)))
    #expect(b.changes == changes, "no change, no callback")
    a.setOverrideTraitCollection(TraitOverride(horizontalSizeClass: .compact), forChild: b)
    #expect(b.traitCollection.horizontalSizeClass == .compact)
    #expect(a.traitCollection.horizontalSizeClass == .regular)
    b.removeFromParent()
    #expect(b.moves.suffix(2) == ["will-nil", "did-nil"])
  }

  @Test func routingFollowsTheTable() throws {
    let (cache, feeds) = try ScratchCache.make([("file:///sample", SampleFeeds.appcoda)])
    let session = ReadingSession(cache: cache, feeds: feeds)
    let list = ArticleListController(feed: feeds[0], session: session)
    let articles = try cache.items(feedID: feeds[0].id).map { try #require(try cache.article(id: $0.id)) }
    // navigation controller: show pushes
    let navigation = NavigationController(root: list)
    let pushed = Controller()
    list.show(pushed)
    #expect(navigation.top === pushed)
    navigation.pop()

    // expanded split: showDetail replaces the secondary; collapsed: pushes on the selected tab's stack
    let recent = NavigationController(root: Controller())
    let tabs = TabController(tabs: [navigation, recent])
    let split = SplitController(primary: tabs) { ArticleController(articleID: nil, session: session) }
    split.updateTraits(inherited: .screen(Size(width: 120, height: 40)))
    let summaries = try cache.items(feedID: feeds[0].id)
    session.open(summaries[0])  // the detail shows the session's open article
    let first = ArticleController(articleID: articles[0].id, session: session)
    list.showDetail(first)
    #expect(split.secondary === first)
    split.updateTraits(inherited: .screen(Size(width: 60, height: 40)))
    #expect(navigation.top === first)
    tabs.select(1)
    session.open(summaries[1])
    let second = ArticleController(articleID: articles[1].id, session: session)
    recent.top.showDetail(second)
    #expect(recent.top === second, "pushed on the selected tab's stack")

    // root, nothing handles it: presented full screen
    let lonely = Controller()
    let detail = Controller()
    lonely.showDetail(detail)
    #expect(lonely.presentedController === detail)
  }
}

/// `--layout split|stack|auto` forces the container's decision (DESIGN §2).
@MainActor
struct LayoutOptionTests {
  @Test(arguments: [
    (LayoutOption.split, 60, 40, false),
    (.stack, 200, 60, true),
    (.auto, 200, 60, false),
    (.auto, 60, 40, true),
  ])
  func forcedLayout(layout: LayoutOption, width: Int, height: Int, collapsed: Bool) {
    let h = Harness(width, height) { $0.layout = layout }
    #expect(h.split.isCollapsed == collapsed)
  }

  @Test func tabsSwitchByKeyAndClick() {
    let h = Harness(120, 40)
    h.press(.enter, .character("2"))
    #expect((h.split.primary as? TabController)?.selectedIndex == 1)
    #expect(h.split.focusedPane == .primary)
    #expect(h.lines[2].hasPrefix(" Understanding"), "Recent lists the opened article")
    guard let feeds = h.find("1 Feeds") else {
      Issue.record("no tab bar")
      return
    }
    h.click(feeds.x, feeds.y)
    #expect((h.split.primary as? TabController)?.selectedIndex == 0)
  }
}

/// The popover's date text (DESIGN §4): local time zone, the feed's own text beside when unparseable.
@MainActor
struct PopoverDateTests {
  @Test func dateTextInTheGivenTimeZone() throws {
    let item = SampleFeeds.appcoda.items[0]
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    #expect(PopoverController.dateText(for: item, timeZone: tokyo) == "Fri, 05 Sep 2014 02:09 GMT+9")
    let unparsed = SampleFeeds.appcoda.items[2]
    #expect(PopoverController.dateText(for: unparsed, timeZone: tokyo) == "sometime in 2014 (not understood)")
    #expect(PopoverController.dateText(for: Item(title: "x"), timeZone: tokyo) == "Unknown")
  }

  @Test func popoverGrowsToFitItsText() {
    let popover = PopoverController(lines: ["Publish Date:", String(repeating: "x", count: 40)])
    #expect(popover.preferredContentSize == Size(width: 44, height: 4))
    #expect(PopoverController(lines: ["a", "b"]).preferredContentSize == Size(width: 32, height: 4))
  }
}
