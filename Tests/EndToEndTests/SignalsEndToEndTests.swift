import Foundation
import Testing

/// Terminating signals and terminal conventions on the real binary in tmux: whatever ends the reader
/// gives the terminal back (normal screen, cursor shown, mouse reporting off, the shell's modes), and the
/// shell sees it end by that signal; the progress line of `reload` on a terminal.
@Suite("Signals and terminal conventions in tmux", .serialized)
struct SignalsEndToEndTests {
  @Test("SIGQUIT, SIGTERM, SIGHUP, SIGINT, SIGUSR1 restore the terminal first", arguments: [SIGQUIT, SIGTERM, SIGHUP, SIGINT, SIGUSR1])
  func signalRestoresTheTerminal(sig: Int32) throws {
    let tmux = try TmuxHarness(cols: 100, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor(text: LaunchTests.demoTitle)
    #expect(try tmux.paneFormat("#{alternate_on} #{cursor_flag} #{mouse_any_flag}") == "1 0 1")
    let pid = try #require(try tmux.programPID())
    kill(pid, sig)
    let exit = try tmux.waitForExit()
    #expect(exit == TmuxHarness.Exit(status: 128 + sig, terminalModesRestored: true))
    #expect(try tmux.paneFormat("#{alternate_on}") == "0", "normal screen")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1", "cursor shown")
    #expect(try tmux.paneFormat("#{mouse_any_flag} #{mouse_standard_flag} #{mouse_button_flag}") == "0 0 0", "mouse reporting off")
    #expect(try tmux.paneFormat("#{keypad_cursor_flag}") == "0", "cursor keys back in normal mode")
  }

  @Test("reload on a terminal: a progress line on stderr, cleared; plain lines when stderr is not a terminal")
  func reloadProgress() throws {
    let folder = try RunFolder("progress")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let feed = DumpCommandTests.fixtures.appendingPathComponent("rss20.xml").path
    try Data("\(feed)\n/nonexistent/feed.xml\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let tmux = try TmuxHarness(
      arguments: ["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile], recordOutput: true)
    defer { tmux.close() }
    #expect(try tmux.waitForExit().status == 1)
    let output = String(decoding: tmux.outputBytes(), as: UTF8.self)
    #expect(output.contains("Reloading 0/2…") || output.contains("Reloading 1/2…"), "\(output)")
    #expect(output.contains("\r\u{1B}[K"), "the progress line is rewritten in place and cleared")
    let piped = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(piped.status == 1)
    #expect(!piped.stderr.contains("Reloading") && !piped.stderr.contains("\u{1B}"))
    #expect(piped.stderr.hasPrefix("file:///nonexistent/feed.xml: "))
  }
}
