import Foundation
import TestSupport
import Testing

/// The daily loop's second pass on the real binary in tmux (DESIGN §3, §5): Back and `q` with the list
/// hidden, feeds listed as each one lands while another stalls, the help paged and in two columns, a
/// failed feed's mark on its address's line. At two sizes where the layout matters.
@Suite("The daily loop in tmux, second pass", .serialized)
struct DailyLoopPassTwoEndToEndTests {
  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  // MARK: Back and q with the list hidden

  /// Both sizes expanded: `t` hides the list only beside an article.
  @Test("with the list hidden, Back, Esc and q bring back the list the article came from", arguments: [(140, 40), (110, 30)])
  func backWithTheListHidden(size: (Int, Int)) throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start(size)
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Avocado story")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Body of Apple story.")
    // Each time the list comes back, its next row (j) or the one before (k) opens: the list has the
    // focus (in the article j and k would scroll, and Enter do nothing).
    var open = "Apple story"
    for (key, move, next) in [("h", "j", "Apple news"), ("Escape", "j", "Avocado story"), ("q", "k", "Apple news")] {
      try tmux.send(keys: "t")
      // The toolbar's left item names the list while it is hidden.
      try tmux.waitUntil("the list hidden before \(key)") { screen in
        !screen.contains { $0.contains("Hide list") } && screen.contains { $0.contains("Articles") }
      }
      try tmux.send(keys: key)
      let shown = try tmux.waitUntil("\(key): the list back") { screen in
        screen.contains { $0.contains("Hide list") } && screen.contains { $0.contains("Avocado story") }
      }
      #expect(!text(shown).contains("SPLITFEED-EXIT"), "\(key) did not quit:\n\(text(shown))")
      #expect(text(shown).contains("Body of \(open)."), "the article stays beside the list")
      try tmux.send(keys: move, "Enter")
      try tmux.waitFor(text: "Body of \(next).")
      open = next
    }
    #expect(!text(try tmux.settledScreen()).contains("SPLITFEED-EXIT"))
  }

  // MARK: The help

  @Test("the help pages like an article and says more follows")
  func helpPages() throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start((80, 24))
    defer { tmux.close() }
    try tmux.send(keys: "?")
    let first = try tmux.waitFor(text: "next row")
    #expect(text(first).contains("▼ more"), "more follows:\n\(text(first))")
    #expect(!text(first).contains("closes this help"))
    try tmux.send(keys: "Space")
    let second = try tmux.waitUntil("a page further") { !$0.contains { $0.contains("next row") } }
    #expect(text(second).contains("▼ more"))
    try tmux.send(keys: "End")
    let last = try tmux.waitFor(text: "closes this help")
    #expect(!text(last).contains("▼ more"), "nothing more at the end:\n\(text(last))")
    try tmux.send(keys: "g")
    try tmux.waitFor(text: "next row")
    try tmux.send(keys: "G")
    try tmux.waitFor(text: "closes this help")
    try tmux.send(keys: "PageUp")
    try tmux.waitUntil("a page back") { !$0.contains { $0.contains("closes this help") } }
  }

  @Test("a wide terminal shows the whole help at once, in two columns")
  func helpInTwoColumns() throws {
    let setup = try DailyLoopEndToEndTests.Setup()
    let tmux = try setup.start((140, 40))
    defer { tmux.close() }
    try tmux.send(keys: "?")
    try tmux.waitFor(text: "next row")
    let screen = try tmux.settledScreen()
    #expect(text(screen).contains("closes this help") && !text(screen).contains("▼ more"), "\(text(screen))")
    // The Lists section and the Everywhere section side by side.
    #expect(screen.contains { $0.contains("Lists") && $0.contains("Everywhere") }, "\(text(screen))")
  }
}
