import Foundation
import Reader
import Testing

import ScreenKit
@testable import ReaderUI

/// The config's `highlight` lines (newsboat's) on the screen: the matched text of article rows and of the
/// opened article drawn in the rule's colours, the rest and the selected row left as they were.
@MainActor
struct HighlightRuleTests {
  static let yellow = Style(foreground: .yellow, attributes: .bold)
  static let cyan = Style(foreground: .cyan, background: .blue)

  @Test func rulesPaintTheirPlaceOnly() throws {
    let h = Harness(120, 40) {
      $0.theme.highlights = [
        HighlightRule(place: .articlelist, pattern: "bar[a-z]+", style: Self.yellow),
        HighlightRule(place: .articlelist, pattern: "understanding", style: Self.yellow),  // the selected row
        HighlightRule(place: .article, pattern: "split view", style: Self.cyan),
        HighlightRule(place: .feedlist, pattern: "Building", style: Self.cyan),  // not this screen's place
      ]
    }
    let barcode = try #require(h.find("Barcode"))
    #expect(h.surface[barcode.x, barcode.y].style.foreground == .yellow)
    #expect(h.surface[barcode.x + 6, barcode.y].style.foreground == .yellow)
    #expect(h.surface[barcode.x + 7, barcode.y].style.foreground == .default, "the match ends with the word")
    let building = try #require(h.find("Building"))
    #expect(h.surface[building.x, building.y].style.foreground == .default)
    let selected = try #require(h.find("Understanding"))
    #expect(h.surface[selected.x, selected.y].style.foreground == .default, "the selection shows as ever")
    #expect(h.surface[selected.x, selected.y].style.attributes.contains(.reverse))

    h.press(.enter)
    let split = try #require(h.find("split view"))
    #expect(h.surface[split.x, split.y].style.foreground == .cyan)
    #expect(h.surface[split.x + 9, split.y].style.background == .blue)
    #expect(h.surface[split.x + 10, split.y].style.background == .default)
  }

  @Test func aPatternThatBacktracksForEverCostsABoundedTime() {
    var theme = Theme()
    theme.highlights = [HighlightRule(place: .article, pattern: "(a+)+$", style: Self.cyan)]
    let line = String(repeating: "a", count: 40) + "!"
    let started = ContinuousClock.now
    _ = theme.highlightStyles(of: line, in: .article)
    #expect(ContinuousClock.now - started < .seconds(2), "without the budget this takes minutes")
  }
}
