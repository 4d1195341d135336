import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// Whole screens compared with reviewed baselines at five sizes, from a wide terminal to a small one
/// (docs/ARCHITECTURE.md, "Tests, by kind").
@MainActor
struct ScreenTests {
  nonisolated static let sizes = [(200, 60), (120, 40), (80, 24), (60, 40), (40, 20)]

  @Test(arguments: sizes)
  func launch(width: Int, height: Int) {
    let h = Harness(width, height)
    expectScreen(h.surface, matches: "launch-\(width)x\(height)")
    let collapsed = !(width > 2 * height && width >= 60)
    #expect(h.split.isCollapsed == collapsed)
    // The first row is selected (reverse) and unread (bold).
    guard let row = h.find("Understanding") else {
      Issue.record("no first row")
      return
    }
    #expect(h.surface[row.x, row.y].style.attributes.contains(.reverse))
    #expect(h.surface[row.x, row.y].style.attributes.contains(.bold))
    if !collapsed {
      #expect(h.text.contains("No article selected"))
      #expect(!h.text.contains("Publish Date"), "the placeholder has no toolbar")
    }
  }

  @Test(arguments: sizes)
  func articleOpen(width: Int, height: Int) {
    let h = Harness(width, height)
    h.press(.enter)
    expectScreen(h.surface, matches: "article-\(width)x\(height)")
    #expect(h.text.contains("[Publish Date]"))
    if h.split.isCollapsed {
      #expect(h.text.contains("‹ Back"))
      #expect(!h.text.contains("Hide list"), "no display-mode item when collapsed")
    } else {
      #expect(h.text.contains("[◧ Hide list]"))
      // The opened article is read now (not bold), still selected; the next one is unread.
      #expect(h.surface[1, 2].grapheme == "U")
      #expect(!h.surface[1, 2].style.attributes.contains(.bold))
      #expect(h.surface[1, 2].style.attributes.contains(.reverse))
      let next = h.lines.firstIndex { $0.hasPrefix(" Building") }
      #expect(next.map { h.surface[1, $0].style.attributes } == .bold)
    }
  }

  @Test(arguments: sizes)
  func popover(width: Int, height: Int) throws {
    let h = Harness(width, height)
    h.press(.enter, .character("p"))
    expectScreen(h.surface, matches: "popover-\(width)x\(height)")
    let popover = try #require(h.popover)
    let placement = try #require(popover.placement)
    #expect(popover.adaptiveStyle == AdaptivePresentationStyle.none, "stays floating, even compact")
    #expect(placement.frame.intersection(h.surface.bounds) == placement.frame)
    let anchor = try #require(h.find("[Publish Date]"))
    let arrow = h.surface[placement.arrow.x, placement.arrow.y].grapheme
    #expect(arrow == "▼")
    #expect(placement.arrow.y == anchor.y - 1, "the arrow sits just above the toolbar item")
    #expect(placement.arrow.x >= anchor.x && placement.arrow.x < anchor.x + 14, "arrow on the anchor")
    #expect(h.text.contains("Thu, 04 Sep 2014 17:09 GMT"))
  }

  @Test func primaryOverlay() {
    let h = Harness(80, 24) { $0.preferredDisplayMode = .automatic }
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.text.contains("No article selected"))
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryOverlay)
    h.press(.enter)  // a selection dismisses the overlay
    #expect(h.split.displayMode == .primaryHidden)
    #expect(h.text.contains("[Articles]"))
    h.press(.character("t"))
    #expect(h.split.displayMode == .primaryOverlay)
    expectScreen(h.surface, matches: "overlay-80x24")
    h.press(.escape)
    #expect(h.split.displayMode == .primaryHidden)
  }

  @Test func primaryHiddenAndAsciiFallback() {
    let h = Harness(120, 40)
    h.backend.supportsUnicode = false
    h.press(.enter, .character("t"), .character("p"))
    expectScreen(h.surface, matches: "hidden-ascii-120x40")
    #expect(h.text.contains("[Articles]"))
    #expect(!h.text.contains("─"))
  }

  @Test func popoverBelowItsAnchorWhenThereIsRoom() throws {
    // Anchors are resolved by id: a toolbar item in the middle of the screen gets an arrow pointing up.
    let h = Harness(120, 40)
    h.press(.enter, .character("p"))
    let popover = try #require(h.popover)
    let below = try #require(placePopover(
      content: popover.preferredContentSize, anchor: Rect(x: 60, y: 10, width: 14, height: 1),
      in: h.surface.bounds))
    #expect(below.arrowDirection == .up)
  }

  @Test func helpIsGeneratedFromTheKeyMap() {
    let h = Harness(120, 40)
    h.press(.character("?"))
    expectScreen(h.surface, matches: "help-120x40")
    // In one column at 80×24, taller than the screen: scrolling down shows every binding.
    h.resize(80, 24)
    var seen = h.text
    for _ in 0..<KeyMap.standard.bindings.count {
      h.press(.character("j"))
      seen += h.text
    }
    for binding in KeyMap.standard.bindings { #expect(seen.contains(binding.summary)) }
    #expect(h.root.presentations.count == 1, "modal: other keys stay in the help")
    h.press(.escape)
    #expect(h.root.presentations.isEmpty)
  }

  @Test(arguments: [(19, 10), (40, 5), (1, 1), (0, 0)])
  func tooSmall(width: Int, height: Int) {
    let h = Harness(120, 40)
    h.press(.enter)
    h.resize(width, height)
    if width >= 18 && height >= 2 { #expect(h.text.contains("Terminal too small")) }
    h.resize(120, 40)
    #expect(h.article?.item?.title.hasPrefix("Understanding") == true, "state survives a tiny terminal")
  }

  @Test func severalFeedsShowTheFeedListFirst() {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    expectScreen(h.surface, matches: "feeds-120x40")
    h.press(.enter)
    #expect(h.text.contains("‹ Back"))
    #expect(h.text.contains("Understanding Self Sizing"))
    h.press(.escape)
    #expect(h.text.contains("Swift Blog"))
  }

  /// A CJK title wraps whole (no character lost or clipped) and by the CJK rules: no line starts with a
  /// small kana or closing punctuation.
  @Test(arguments: [80, 60, 34, 21])
  func cjkTitlesWrapByWidth(width: Int) {
    let h = Harness(width, 40)
    let title = "日本語のタイトル：アダプティブ・レイアウト入門"
    // Each row's list text: up to the split border, without the date column at its end.
    let date = /\s+(\d{1,2}:\d{2}|[A-Z][a-z]{2}( \d{1,2}:\d{2})?|\d{1,2} [A-Z][a-z]{2}( \d{4})?|\d{4})$/
    let rows = h.lines.map { line in
      let text = String(line.drop { $0 == " " }.prefix { $0 != "│" }).trimmingCharacters(in: .whitespaces)
      return text.replacing(date, with: "")
    }
    let start = rows.firstIndex { $0.hasPrefix("日本語") }
    var joined = ""
    for row in rows[(start ?? rows.count)...] where title.hasPrefix(joined + row) && joined != title {
      #expect(!["ィ", "：", "・"].contains(row.first), "\(row) starts a line")
      joined += row
    }
    #expect(joined == title, "at \(width): \(rows)")
  }

  /// `confirm-exit yes`: `q` at the root asks first; only `y` quits. Off (the default), `q` quits at once.
  @Test func confirmExitAsksBeforeQuitting() {
    let h = Harness(120, 40) { $0.confirmExit = true }
    h.press(.character("q"))
    #expect(!h.screen.quitRequested)
    #expect(h.lines.last?.contains("Quit splitfeed? (y/n)") == true)
    h.press(.character("n"))
    #expect(!h.screen.quitRequested, "any other key stays")
    #expect(h.lines.last?.contains("Cancelled.") == true)
    h.press(.character("q"), .character("y"))
    #expect(h.screen.quitRequested)

    let off = Harness(120, 40)
    off.press(.character("q"))
    #expect(off.screen.quitRequested, "without confirm-exit q quits at once")
  }
}
