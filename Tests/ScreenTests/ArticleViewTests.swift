import Foundation
import Reader
import TestSupport
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// The article view in process: the reading place kept by text, `f` as a toggle, `J`/`K`, `o` on a list,
/// enclosures, and the focus table of docs/MANUAL.md.
@MainActor
struct ArticleViewTests {
  /// Paragraphs of unique words (p7w3: paragraph 7, word 3).
  static let long = (1...80).map { p in "<p>" + (1...24).map { "p\(p)w\($0)" }.joined(separator: " ") + "</p>" }.joined()

  static let feeds = [
    Feed(title: "Alpha", items: [
      Item(
        title: "Long read", link: "https://example.com/long", author: "Ada", published: SampleFeeds.date("2014-09-04 17:09"),
        content: long,
        enclosures: [Enclosure(url: "https://media.example/ep.mp3", type: "audio/mpeg", length: 24_300_000, duration: 3723)]),
      Item(
        title: "Two files", link: "https://example.com/two", published: SampleFeeds.date("2014-09-03 10:00"),
        content: "<p>Second body.</p>",
        enclosures: [Enclosure(url: "https://media.example/a.mp3"), Enclosure(url: "https://media.example/b.mp4")]),
    ]),
    Feed(title: "Beta", items: [Item(title: "Beta one", link: "https://example.com/beta", content: "<p>Beta body.</p>")]),
  ]

  func firstWord(_ h: Harness) -> String { String(h.article?.topLineText.split(separator: " ").first ?? "") }

  @Test(arguments: [(120, 40), (60, 24)])
  func theTopWordsSurviveResizesAndT(width: Int, height: Int) throws {
    let h = Harness(width, height, feeds: Self.feeds)
    h.press(.enter, .enter)
    for _ in 0..<6 { h.press(.pageDown) }
    if firstWord(h).isEmpty { h.press(.character("j")) }
    let word = firstWord(h)
    #expect(word.hasPrefix("p"))
    for (w, ht) in [(200, 60), (90, 30), (45, 20), (width, height)] {
      h.resize(w, ht)
      #expect(h.article?.topLineText.split(separator: " ").contains(Substring(word)) == true, "\(w)x\(ht): \(h.article?.topLineText ?? "")")
    }
    #expect(firstWord(h) == word, "back at the first size, the same line")
    h.press(.character("t"))
    #expect(h.article?.topLineText.split(separator: " ").contains(Substring(word)) == true)
    h.press(.character("t"))
    #expect(firstWord(h) == word)
  }

  @Test(arguments: [(120, 40), (60, 24)])
  func bottomStaysTheBottomAfterT(width: Int, height: Int) {
    let h = Harness(width, height, feeds: Self.feeds)
    h.press(.enter, .enter, .character("G"))
    #expect(h.text.contains("p80w24"))
    h.press(.character("t"))
    if h.split.isCollapsed { h.press(.character("t")) }
    #expect(h.text.contains("p80w24"), "\(h.text)")
  }
}

extension ArticleViewTests {
  @Test func bottomInAStackAfterAResize() {
    let h = Harness(60, 24, feeds: Self.feeds) { $0.layout = .stack }
    h.press(.enter, .enter)
    for _ in 0..<5 { h.press(.character(" ")) }
    h.resize(90, 24)
    h.resize(60, 24)
    h.press(.character("G"))
    #expect(h.text.contains("p80w24"), "\(h.text)")
  }
}

/// The manual's focus table (docs/MANUAL.md): where the keys go after each step, and the focused pane drawn bright.
@MainActor
struct FocusTableTests {
  enum Pane: Equatable { case list, article }

  func focus(_ h: Harness) -> Pane { h.root.focusedLeaf is ArticleController ? .article : .list }

  @Test func splitTable() {
    let h = Harness(120, 40, feeds: ArticleViewTests.feeds)
    #expect(focus(h) == .list, "launch")
    h.press(.enter, .enter)
    #expect(focus(h) == .article, "Enter on an article")
    h.press(.character("t"))
    #expect(focus(h) == .article, "t hides the list")
    h.press(.character("t"))
    #expect(focus(h) == .article, "t shows the list: the focus stays")
    h.press(.character("h"))
    #expect(focus(h) == .list, "Back: the list, the article still shown")
    #expect(h.article != nil)
    h.press(.character("t"))
    #expect(focus(h) == .article, "t hides the focused list: the article")
    h.press(.character("t"), .character("h"))
    h.resize(60, 40)
    #expect(focus(h) == .list, "collapse with the list focused: the list stays on screen")
    h.resize(120, 40)
    #expect(focus(h) == .list, "expand: the list keeps the focus, the article beside it")
    #expect(h.split.secondary.map { ($0 as? ArticleController)?.isEmptyDetail } == false)
    h.press(.tab)
    #expect(focus(h) == .article)
    h.resize(60, 40)
    #expect(focus(h) == .article, "collapse with the article focused: the article on top")
    h.resize(120, 40)
    #expect(focus(h) == .article, "expand: the article pane")
    h.press(.character("J"))
    #expect(focus(h) == .article, "J")
  }

  @Test func focusedPaneIsDrawnBright() {
    let h = Harness(120, 40, feeds: ArticleViewTests.feeds)
    h.press(.enter, .enter)
    #expect(h.lines[2].hasPrefix(" Long read"))
    let listRow = Point(x: 2, y: 2)
    #expect(h.surface[listRow.x, listRow.y].style.attributes.contains(.dim), "the list's selection is dim")
    #expect(h.surface[listRow.x, listRow.y].style.attributes.contains(.reverse))
    h.press(.character("h"))
    #expect(!h.surface[listRow.x, listRow.y].style.attributes.contains(.dim), "the list's selection is bright")
  }

  @Test func stackTable() {
    let h = Harness(60, 30, feeds: ArticleViewTests.feeds) { $0.layout = .stack }
    h.press(.enter, .enter)
    #expect(focus(h) == .article)
    h.press(.character("t"))
    #expect(focus(h) == .list, "t: the list")
    h.press(.character("t"))
    #expect(focus(h) == .article, "t: the article again")
    h.press(.character("h"))
    #expect(focus(h) == .list, "Back")
  }
}

/// Issue 34 point 5: an article's data table as the pane draws it, at two widths: aligned columns with
/// cells wrapping inside them, and one block per row when the columns cannot fit.
@MainActor
struct ArticleTableScreenTests {
  static let feeds = [
    Feed(title: "Alpha", items: [
      Item(title: "Planets", link: "https://example.com/planets", content: "<p>Three of them.</p>" + PlanetsTable.html + "<p>The end.</p>")
    ])
  ]

  @Test func aTableAlignsItsColumnsAndWrapsInsideThem() {
    let h = Harness(80, 24, feeds: Self.feeds) { $0.layout = .stack }
    h.press(.enter, .enter)
    #expect(PlanetsTable.rows(h.lines, count: 5) == PlanetsTable.wide, "\(h.text)")
    h.resize(40, 24)
    #expect(PlanetsTable.rows(h.lines, count: 6) == PlanetsTable.narrow, "\(h.text)")
    h.resize(24, 24)
    #expect(h.text.contains("Planet: Jupiter") && h.text.contains("Moons: 95") && !h.text.contains("│ 95"), "\(h.text)")
  }
}
