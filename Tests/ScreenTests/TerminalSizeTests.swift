import Foundation
import Reader
import Testing

import ScreenKit
import TextLayout
@testable import ReaderUI
@testable import Terminal

/// Terminal, in process: every size from 1×1 to 30×10 in every kind of screen, and the ASCII
/// fallback of a terminal whose locale is not UTF-8. (The real binary at these sizes: TerminalEndToEndTests.)
@MainActor
@Suite struct TerminalSizeTests {
  /// Screens to shrink from: the keys that lead there.
  nonisolated static let states: [(String, [Key])] = [
    ("list", []),
    ("article", [.down, .enter, .character("j"), .character("j")]),
    ("popover", [.enter, .character("p")]),
    ("hidden list", [.enter, .character("t")]),
    ("overlay", [.enter, .character("t"), .character("t")]),
    ("help", [.character("?")]),
  ]

  nonisolated static let tinySizes: [Size] = (1...30).flatMap { w in (1...10).map { Size(width: w, height: $0) } }

  /// Renders `h`'s tree into a surface 2 cells larger on every side, the root framed in the middle, and
  /// returns the cells drawn outside the root's frame (there must be none). `Screen` draws only the
  /// too-small notice below 20×6; this draws the tree itself even at 1×1.
  func cellsDrawnOutside(_ h: Harness, size: Size) -> [Point] {
    var probe = Surface(size: Size(width: size.width + 4, height: size.height + 4))
    probe.fill(probe.bounds, with: "#")
    let inside = Rect(x: 2, y: 2, width: size.width, height: size.height)
    h.root.frame = inside
    h.root.layoutTree()
    h.root.layoutPresentations()
    h.root.drawTree(in: &probe)
    h.root.drawPresentations(in: &probe)
    h.root.frame = Rect(size: size)
    var outside: [Point] = []
    for y in 0..<probe.size.height {
      for x in 0..<probe.size.width where !inside.contains(Point(x: x, y: y)) && probe[x, y].grapheme != "#" {
        outside.append(Point(x: x, y: y))
      }
    }
    return outside
  }

  @Test("every size from 1×1 to 30×10: a whole frame, nothing outside it, the place kept", arguments: states)
  func everyTinySize(state: (String, [Key])) {
    let h = Harness(120, 40)
    h.press(state.1)
    let before = h.lines
    for size in Self.tinySizes {
      h.resize(size.width, size.height)
      #expect(h.surface.size == size, "a whole frame at the new size")
      let outside = cellsDrawnOutside(h, size: size)
      #expect(outside.isEmpty, "\(state.0) at \(size) drew outside its frame at \(outside.prefix(3))")
    }
    h.resize(120, 40)
    if state.0 != "popover" {  // a popover with no room for itself at 20×6 ends (its anchor is gone)
      #expect(h.lines == before, "\(state.0): the same screen after the tiny sizes")
    }
  }

  @Test("the too-small notice: the longest wording that fits whole, blank when none does", arguments: [
    (1, 1, [String]()),
    (2, 2, []),
    (8, 5, []),
    (10, 3, ["Too small", "need 20×6", "q quits"]),
    (17, 1, ["Too small"]),
    (19, 5, ["Terminal too small", "(19×5, need 20×6)", "Keys wait; q quits"]),
    (20, 5, ["Terminal too small", "(20×5, need 20×6)", "Keys wait; q quits"]),
    (19, 2, ["Terminal too small", "(19×2, need 20×6)"]),
  ])
  func tooSmallNotice(width: Int, height: Int, expected: [String]) {
    let h = Harness(120, 40)
    h.resize(width, height)
    let shown = h.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(shown == expected)
    h.resize(20, 6)
    #expect(!h.text.contains("too small"), "20×6 is big enough")
    #expect(h.text.contains("Feeds"))
  }

  /// Behind the too-small notice the UI cannot be seen, so keys (and clicks and pastes) must not act on
  /// it: before, `C` `y` marked every feed read unseen and Enter opened (and read) an article.
  @Test func keysWaitBehindTheTooSmallNotice() throws {
    let h = Harness(120, 40, feeds: SampleFeeds.many)
    let before = h.lines
    let unread = h.session.feeds.map(\.unreadCount)
    h.resize(10, 3)
    h.press(.character("C"), .character("y"), .character("A"), .character("N"), .character("s"), .character("j"), .enter)
    h.click(2, 1)
    h.screen.handle(.paste("q"))
    #expect(h.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } == ["Too small", "need 20×6", "q quits"])
    #expect(!h.screen.quitRequested)
    h.resize(120, 40)
    #expect(h.session.feeds.map(\.unreadCount) == unread, "nothing marked read")
    #expect(h.session.feedList.starredCount == 0, "nothing starred")
    #expect(try h.session.feeds.map { try h.session.cache.feed(id: $0.id)?.unreadCount } == unread)
    #expect(h.lines == before, "the same screen as before shrinking")
  }

  @Test(arguments: [false, true])
  func qStillQuitsBehindTheTooSmallNotice(confirmExit: Bool) {
    // At once even with confirm-exit: its question could not be read at this size.
    let h = Harness(120, 40) { $0.confirmExit = confirmExit }
    h.resize(10, 3)
    h.press(.character("q"))
    #expect(h.screen.quitRequested)
  }

  // MARK: ASCII fallback (LANG=C)

  static let unicodeFeed = Feed(
    title: "Café Ünïcode",
    items: [
      Item(
        title: "Café résumé — naïve “quotes” 日本語 😀 and a title long enough to wrap over three lines in a narrow list",
        author: "Zoë Ångström", published: SampleFeeds.date("2014-09-04 17:09"),
        content: "<p>Ünïcode café … “quoted” — dash × times</p><ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul>"
          + "<blockquote>quoted text</blockquote><hr/><p>日本語のテキスト 😀 end</p><p><a href=\"https://x.example/\">a link</a></p>"),
      Item(title: "Second → arrow ‹ angle ◧ box", published: SampleFeeds.date("2014-09-01 08:30")),
    ])

  @Test("the fallback character of a grapheme", arguments: [
    ("a", "a"), ("─", "-"), ("│", "|"), ("┌", "+"), ("┼", "+"), ("╬", "+"), ("▲", "^"), ("▼", "v"), ("‹", "<"),
    ("→", ">"), ("◧", "|"), ("•", "*"), ("◦", "o"), ("▪", "-"), ("…", "."), ("×", "x"), ("—", "-"), ("“", "\""),
    ("’", "'"), ("é", "e"), ("Å", "A"), ("ñ", "n"), ("日", "?"), ("😀", "?"), ("\u{FFFD}", "?"), ("e\u{301}", "e"),
    ("", " "),
  ])
  func fallback(grapheme: String, expected: String) {
    #expect(TerminalText.asciiFallback(grapheme) == expected)
  }

  @Test("LANG=C: every cell ASCII in every screen, the layout of the Unicode screen kept", arguments: [
    (120, 40), (60, 20), (15, 4),
  ])
  func asciiScreens(width: Int, height: Int) {
    let ascii = Harness(width, height, feeds: [Self.unicodeFeed])
    ascii.backend.supportsUnicode = false
    ascii.screen.renderNow()
    let unicode = Harness(width, height, feeds: [Self.unicodeFeed])
    let steps: [[Key]] = [[], [.enter], [.character("p")], [.escape, .character("?")], [.escape, .character("t")]]
    for keys in steps {
      ascii.press(keys)
      unicode.press(keys)
      let surface = ascii.surface
      var bad: [String] = []
      for y in 0..<height {
        for x in 0..<width {
          let g = surface[x, y].grapheme
          if g.utf8.count != 1 || !g.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) || surface[x, y].isContinuation {
            bad.append("(\(x),\(y)) \(g.debugDescription)")
          }
        }
      }
      #expect(bad.isEmpty, "\(keys): cells not ASCII: \(bad.prefix(5))")
      // Same rows, each as wide: non-ASCII text took its cells with it (a wide character leaves "? ").
      #expect(ascii.lines.count == unicode.lines.count)
    }
    if width >= 60 {
      #expect(ascii.text.contains("Cafe resume - naive \"quotes\" ? ? ?  ? "))
    }
  }

  @Test func asciiChromeAndContent() {
    let h = Harness(120, 40, feeds: [Self.unicodeFeed])
    h.backend.supportsUnicode = false
    h.press(.enter, .character("p"))
    #expect(h.lines == h.lines.map { String($0.unicodeScalars.filter(\.isASCII)) })
    let text = h.text
    for expected in [
      "[<| Hide list]", "+-----", "| Publish Date:", "By Zoe Angstrom", "Unicode cafe . \"quoted\" - dash x times",
      "* one", "o inner", "| quoted text", "-----", "? ? ? ? ? ? ? ?  ?  end",
    ] {
      #expect(text.contains(expected), "\(expected) in\n\(text)")
    }
    #expect(text.contains("v") || text.contains("^"), "the popover's arrow")
    h.resize(15, 4)
    #expect(h.text.contains("Too small"))
    #expect(h.text.contains("need 20x6"))
  }
}

extension Harness {
  func press(_ keys: [Key]) { for key in keys { press(key) } }
}
