import Foundation
import Testing

/// The real binary in a real terminal (tmux): it starts, shows the demo feed, quits cleanly and always
/// gives the terminal back exactly as it found it.
@Suite("Launch and quit in tmux", .serialized)
struct LaunchTests {
  // One word: the split's 24-column primary at 60×20 keeps a date beside the title, which wraps after it.
  static let demoTitle = "Understanding"

  @Test("launches with the demo feed and q exits 0 with the terminal restored", arguments: [(120, 40), (60, 20)])
  func launchAndQuit(size: (Int, Int)) throws {
    let tmux = try TmuxHarness(cols: size.0, rows: size.1)
    defer { tmux.close() }
    try tmux.waitFor(text: Self.demoTitle)
    #expect(try tmux.paneFormat("#{alternate_on}") == "1")
    try tmux.send(keys: "q")
    let exit = try tmux.waitForExit()
    #expect(exit == .init(status: 0, terminalModesRestored: true))
    let screen = try tmux.waitFor(text: "SPLITFEED-EXIT:0")
    #expect(try tmux.paneFormat("#{alternate_on}") == "0")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1")
    #expect(!screen.contains { $0.contains(Self.demoTitle) }, "the UI is gone after quitting")
  }

  @Test(
    "a termination or fatal signal restores the terminal",
    arguments: [(SIGTERM, "TERM"), (SIGINT, "INT"), (SIGHUP, "HUP"), (SIGSEGV, "SEGV"), (SIGABRT, "ABRT")])
  func signalRestoresTerminal(signal: (Int32, String)) throws {
    let tmux = try TmuxHarness(cols: 100, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor(text: Self.demoTitle)
    let pid = try #require(try tmux.programPID())
    #expect(kill(pid, signal.0) == 0)
    let exit = try tmux.waitForExit()
    #expect(exit.status == 128 + signal.0)
    #expect(exit.terminalModesRestored)
    #expect(try tmux.paneFormat("#{alternate_on}") == "0")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1")
  }

  @Test("an unknown TERM gives a clear error and leaves the terminal intact")
  func unknownTerminal() throws {
    let tmux = try TmuxHarness(cols: 80, rows: 24, term: "no-such-terminal")
    defer { tmux.close() }
    let exit = try tmux.waitForExit()
    #expect(exit.status != 0)
    #expect(exit.terminalModesRestored)
    try tmux.waitFor(text: "unknown terminal type 'no-such-terminal'")
  }
}
