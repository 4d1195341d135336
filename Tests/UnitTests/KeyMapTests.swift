import Testing

import ScreenKit
@testable import ReaderUI

/// `bind-key` rebinds a key everywhere it can act: a list or the article asks its own context before the
/// window's, so a window action must take the key out of those contexts too (and the help shows only the
/// result).
struct KeyMapTests {
  @Test func aWindowActionTakesTheKeyFromListsAndTheArticle() {
    var map = KeyMap.standard
    #expect(map.action(for: .character(" "), in: .list) == .pageDown)
    map.bind(.character(" "), to: .nextUnread)
    #expect(map.action(for: .character(" "), in: .list) == nil)
    #expect(map.action(for: .character(" "), in: .article) == nil)
    #expect(map.action(for: .character(" "), in: .window) == .nextUnread)
    #expect(map.keys(for: .pageDown) == [.pageDown, .pageDown], "PGDN still pages in lists and the article")
  }

  @Test func aListActionTakesTheKeyFromTheWindow() {
    var map = KeyMap.standard
    map.bind(.character("o"), to: .pageDown)
    #expect(map.action(for: .character("o"), in: .list) == .pageDown)
    #expect(map.action(for: .character("o"), in: .article) == .pageDown)
    #expect(map.action(for: .character("o"), in: .window) == nil)
    #expect(map.keys(for: .openInBrowser).isEmpty)
  }

  @Test func thePopoverKeepsItsOwnKeys() {
    var map = KeyMap.standard
    map.bind(.character("q"), to: .reload)
    #expect(map.action(for: .character("q"), in: .popover) == .quit, "the popover closes on q whatever the window does")
    #expect(map.action(for: .character("q"), in: .window) == .reload)
  }

  @Test func helpShowsEachKeyOnceAfterARebind() {
    var map = KeyMap.standard
    #expect(map.helpLines.filter { $0.contains("Space") }.count == 2, "page down in lists and in the article")
    map.bind(.character(" "), to: .nextUnread)
    map.bind(.character(" "), to: .nextUnread)  // a repeated line adds nothing
    let rows = map.helpLines.filter { $0.contains("Space") }
    #expect(rows.count == 1 && rows.first?.contains("next unread") == true, "\(rows)")
    #expect(rows.first?.components(separatedBy: "Space").count == 2)
  }

  /// Every `bind-key KEY ACTION` line the config accepts (so every line `import-newsboat` copies), for keys
  /// that already mean something somewhere: afterwards the key does that action wherever the action
  /// applies, and nothing else anywhere a key press there can reach.
  @Test(arguments: Action.allCases)
  func everyRebindActsEverywhereItApplies(action: Action) {
    for key: Key in [.character(" "), .character("j"), .character("n"), .character("q"), .enter, .character("x")] {
      var map = KeyMap.standard
      map.bind(key, to: action)
      let applies = Set(map.bindings.filter { $0.action == action }.map(\.context))
      for context in applies {
        #expect(map.action(for: key, in: context) == action, "\(key) in \(context)")
        for reached in context.overlapping {
          let other = map.action(for: key, in: reached)
          #expect(other == nil || other == action, "\(key) → \(action): \(reached) still does \(String(describing: other))")
        }
      }
    }
  }
}
