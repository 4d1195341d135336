import Foundation
import Testing

/// The real binary in tmux (docs/ARCHITECTURE.md, "Tests, by kind"): keys decoded from a real terminal, SIGWINCH from
/// `resize-window` re-deciding the layout, bursts coalescing, the terminal restored on quit. The detail
/// is covered in-process (ScreenTests, TransitionTests); these check the integration.
@Suite(.serialized)
struct SplitViewEndToEndTests {
  func joined(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  @Test func articleSurvivesCollapseAndExpandWithItsPopover() throws {
    let tmux = try TmuxHarness(cols: 120, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "No article selected")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Hide list]")
    try tmux.send(keys: "p")
    try tmux.waitFor(text: "Publish Date:")
    try tmux.resize(cols: 60, rows: 40)
    try tmux.waitUntil("collapsed with the popover") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("‹ Back") && text.contains("Publish Date:") && !text.contains("Hide list")
    }
    try tmux.resize(cols: 120, rows: 40)
    try tmux.waitUntil("expanded again") { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("Hide list]") && text.contains("Publish Date:") && !text.contains("‹ Back")
    }
    try tmux.send(keys: "Escape")
    try tmux.waitUntil("popover closed") { !$0.joined(separator: "\n").contains("Publish Date:") }
    try tmux.send(keys: "t")
    try tmux.waitFor(text: "[Articles]")
    // q from the article with the list hidden brings the list back (DESIGN §3); from the list it quits.
    try tmux.send(keys: "q")
    try tmux.waitFor(text: "Hide list]")
    try tmux.send(keys: "q")
    let exit = try tmux.waitForExit()
    #expect(exit == TmuxHarness.Exit(status: 0, terminalModesRestored: true))
  }

  @Test func nothingSelectedCollapsesToTheListAndExpandsToThePlaceholder() throws {
    let tmux = try TmuxHarness(cols: 60, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "1 Feeds")
    #expect(!joined(try tmux.screen()).contains("No article selected"))
    try tmux.resize(cols: 200, rows: 60)
    try tmux.waitFor(text: "No article selected")
    try tmux.resize(cols: 15, rows: 4)
    try tmux.waitFor(text: "Too small")  // 15 columns: the short wording
    try tmux.resize(cols: 120, rows: 40)
    try tmux.waitFor(text: "No article selected")
  }

  @Test func burstOfFiftyResizesEndsInTheRightScreen() throws {
    let reference = try TmuxHarness(cols: 120, rows: 40)
    defer { reference.close() }
    try reference.waitFor(text: "No article selected")
    try reference.send(keys: "Enter")
    try reference.waitFor(text: "Hide list]")
    let expected = try reference.screen()

    let tmux = try TmuxHarness(cols: 120, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor(text: "No article selected")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Hide list]")
    for i in 0..<50 {
      try tmux.resize(cols: 40 + (i * 37) % 170, rows: 10 + (i * 13) % 50)
    }
    try tmux.resize(cols: 120, rows: 40)
    try tmux.waitUntil("the final screen equals a fresh one at 120×40") { $0 == expected }
  }

  @Test func layoutOptionForcesTheStack() throws {
    let tmux = try TmuxHarness(arguments: ["--layout", "stack"], cols: 200, rows: 60)
    defer { tmux.close() }
    try tmux.waitFor(text: "1 Feeds")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "‹ Back")
    try tmux.send(keys: "q")
    try tmux.waitUntil("back at the list") { !$0.joined(separator: "\n").contains("‹ Back") }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
