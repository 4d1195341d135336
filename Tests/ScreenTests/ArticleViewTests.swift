import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal
@testable import splitfeed

/// The article view in process: the reading place kept by text, `f` as a toggle, `J`/`K`, `o` on a list,
/// enclosures, and the focus table of the README.
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
