import Foundation
import Testing

/// Terminal, on the real binary in tmux: tiny sizes and a burst of 200 resizes, `LANG=C`,
/// terminals that cannot run it, bytes that are not UTF-8, pastes, and Ctrl-Z / `fg` from a real shell.
/// Every test ends with the terminal checked as given back (modes, normal screen).
@Suite("Terminal in tmux", .serialized)
struct TerminalEndToEndTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let demoTitle = LaunchTests.demoTitle

  /// Demo feed: the second article open, the list moved on once more: a place worth keeping.
  static let navigation = ["Down", "Enter", "j"]

  func launch(_ cols: Int, _ rows: Int, keys: [String] = navigation, environment: [String: String] = [:])
    throws -> TmuxHarness
  {
    let tmux = try TmuxHarness(cols: cols, rows: rows, environment: ["BROWSER": "/bin/true"].merging(environment) { $1 })
    try tmux.waitFor(text: Self.demoTitle)
    // One key at a time, each until the screen shows it (or 1 s for a key that changes nothing): on a
    // loaded machine a settled-looking screen could otherwise be caught before the last key was drawn.
    for key in keys {
      let before = try tmux.screen(styled: true)
      try tmux.send(keys: key)
      _ = try? tmux.waitUntil(timeout: 1, styled: true, "\(key) drawn") { $0 != before }
    }
    if keys.contains("Enter") { try tmux.waitFor(text: "Publish Date]") }
    return tmux
  }

  /// What a fresh launch at `cols`×`rows` shows after `keys` (styled, settled): the screen a test's
  /// reader must come back to, whatever it went through.
  func referenceScreen(_ cols: Int, _ rows: Int, keys: [String] = navigation) throws -> [String] {
    let reference = try launch(cols, rows, keys: keys)
    defer { reference.close() }
    return try reference.settledScreen(styled: true)
  }

  /// Sends `q` until the program exits (q is "back" below the root), then checks the terminal.
  func quit(_ tmux: TmuxHarness) throws {
    for _ in 0..<5 {
      try tmux.send(keys: "q")
      if let exit = try? tmux.waitForExit(timeout: 1) {
        #expect(exit == TmuxHarness.Exit(status: 0, terminalModesRestored: true))
        #expect(try tmux.paneFormat("#{alternate_on}") == "0")
        #expect(try tmux.paneFormat("#{cursor_flag}") == "1")
        return
      }
    }
    Issue.record("q did not quit")
  }

  func isAlive(_ tmux: TmuxHarness) throws -> Bool {
    guard let pid = try tmux.programPID() else { return false }
    return kill(pid, 0) == 0
  }

  // MARK: Sizes

  @Test("1×1 up to just above 20×6: blank or the too-small notice, then the same screen at 120×40")
  func tinySizesKeepThePlace() throws {
    let expected = try referenceScreen(120, 40)

    let tmux = try launch(120, 40)
    defer { tmux.close() }
    let cases: [(Int, Int, ([String]) -> Bool)] = [
      (1, 1, { $0.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }),
      (2, 2, { $0.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } }),
      (10, 3, { $0.joined().contains("Too small") && $0.joined().contains("need 20×6") }),
      (19, 5, { $0.joined().contains("Terminal too small") && $0.joined().contains("(19×5, need 20×6)") }),
      (20, 5, { $0.joined().contains("Terminal too small") }),
      (20, 6, { !$0.joined().contains("too small") && $0.joined().contains("Back") }),
      (21, 7, { !$0.joined().contains("too small") && $0.joined().contains("Back") }),
      (30, 10, { !$0.joined().contains("too small") && $0.joined().contains("Back") }),
    ]
    for (cols, rows, shows) in cases {
      try tmux.resize(cols: cols, rows: rows)
      #expect(try tmux.paneFormat("#{pane_width}x#{pane_height}") == "\(cols)x\(rows)")
      try tmux.waitUntil("the right screen at \(cols)×\(rows)") { shows($0) }
      #expect(try isAlive(tmux))
      try tmux.resize(cols: 120, rows: 40)
      try tmux.waitUntil(styled: true, "the place kept after \(cols)×\(rows)") { $0 == expected }
    }
    try quit(tmux)
  }

  @Test("shrunk and grown back faster than the reader looks: the whole screen comes back")
  func shrinkAndGrowBackAtOnce() throws {
    let expected = try referenceScreen(120, 40)

    let tmux = try launch(120, 40)
    defer { tmux.close() }
    for tiny in [(2, 2), (1, 1), (10, 3), (60, 5), (119, 39)] {
      // The reader may see 120×40 again when it looks: the size it had, but tmux cut the screen.
      try tmux.resize(quicklyThrough: [tiny, (120, 40)])
      try tmux.waitUntil(styled: true, "the whole screen after \(tiny.0)×\(tiny.1) and back") { $0 == expected }
    }
    try quit(tmux)
  }

  /// SplitMix64: the burst's sizes are the same on every run.
  struct SeededSizes: IteratorProtocol {
    var state: UInt64
    mutating func nextInt(_ range: ClosedRange<Int>) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return range.lowerBound + Int(z % UInt64(range.count))
    }
    /// One size in four is below the 20×6 minimum.
    mutating func next() -> (Int, Int)? {
      nextInt(0...3) == 0 ? (nextInt(1...20), nextInt(1...6)) : (nextInt(1...220), nextInt(1...70))
    }
  }

  @Test("a burst of 200 resizes ends in the screen of a fresh launch; the terminal is restored")
  func burstOfTwoHundredResizes() throws {
    let expected = try referenceScreen(100, 30)

    let tmux = try launch(120, 40)
    defer { tmux.close() }
    var sizes = SeededSizes(state: 6)
    let start = Date()
    for _ in 0..<200 {
      let (cols, rows) = sizes.next()!
      try tmux.resize(cols: cols, rows: rows)
    }
    try tmux.resize(cols: 100, rows: 30)
    let burst = Date().timeIntervalSince(start)
    // A generous wait: on a loaded machine the 200 layouts queued behind the burst took over 15 s.
    try tmux.waitUntil(timeout: 60, styled: true, "the final screen equals a fresh launch at 100×30") { $0 == expected }
    let settled = Date().timeIntervalSince(start)
    print("[figures] 200 resizes sent in \(String(format: "%.2f", burst)) s; screen right \(String(format: "%.2f", settled)) s after the first")
    #expect(try isAlive(tmux))
    try tmux.send(keys: "j")
    try tmux.waitUntil(styled: true, "keys still work") { $0 != expected }
    try quit(tmux)
  }

  // MARK: LANG=C

  @Test(
    "a locale that is not UTF-8: not one byte above 0x7F reaches the terminal, the chrome in ASCII",
    arguments: [["LANG": "C", "LC_ALL": "C"], ["LANG": "C", "LC_ALL": ""], ["LANG": "POSIX", "LC_ALL": ""]])
  func asciiLocale(locale: [String: String]) throws {
    let tmux = try TmuxHarness(
      arguments: [Self.fixtures.appendingPathComponent("unicode.xml").path], cols: 120, rows: 40,
      environment: locale.merging(["LC_CTYPE": "", "BROWSER": "/bin/true"]) { $1 }, recordOutput: true)
    defer { tmux.close() }
    // é → e, “” → ", 日本語 and 😀 → ? (the title wraps where the date column leaves room)
    let list = try tmux.waitFor(text: "Cafe resume - naive \"quotes\"").joined(separator: "\n")
    #expect(list.contains("? ? ?  ?"), "\(list)")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "[<| Hide list]")
    try tmux.send(keys: "p")
    let popover = try tmux.waitFor(text: "| Publish Date:")
    let text = popover.joined(separator: "\n")
    for expected in ["+------", "-+-", "By Zoe Angstrom", "Unicode cafe . \"quoted\" - dash x times", "* one", "| quoted text"] {
      #expect(text.contains(expected), "\(expected)")
    }
    #expect(popover.contains { $0.hasSuffix("-v-------+") || $0.contains("-^-") }, "the popover's arrow")
    try tmux.send(keys: "Escape")
    try tmux.send(keys: "?")
    try tmux.waitFor(text: "next row")
    try tmux.send(keys: "Escape")
    try tmux.resize(cols: 50, rows: 30)
    try tmux.waitFor(text: "< Back")
    try tmux.resize(cols: 15, rows: 4)
    try tmux.waitFor(text: "need 20x6")
    try tmux.resize(cols: 120, rows: 40)
    try tmux.waitFor(text: "[<| Hide list]")
    try quit(tmux)
    let bytes = tmux.outputBytes()
    #expect(bytes.count > 1000)
    let high = bytes.enumerated().filter { $0.element >= 0x80 }.prefix(5).map { "\($0.element) at \($0.offset)" }
    #expect(high.isEmpty, "bytes above 0x7F on the terminal: \(high)")
  }

  // MARK: Terminals that cannot run the reader

  @Test(
    "TERM dumb, unset, empty or unknown: one line on stderr, non-zero exit, the terminal untouched",
    arguments: [("dumb", "cannot move the cursor"), (nil, "TERM is not set"), ("", "TERM is empty"),
      ("no-such-terminal", "unknown terminal type 'no-such-terminal'")] as [(String?, String)])
  func unusableTerminal(term: String?, message: String) throws {
    let tmux = try TmuxHarness(cols: 80, rows: 24, term: term, captureStderr: true, recordOutput: true)
    defer { tmux.close() }
    let exit = try tmux.waitForExit()
    #expect(exit.status != 0)
    #expect(exit.terminalModesRestored)
    let stderr = tmux.stderrText()
    #expect(stderr.hasPrefix("splitfeed: ") && stderr.contains(message), "\(stderr.debugDescription)")
    #expect(stderr.filter { $0 == "\n" }.count == 1 && stderr.hasSuffix("\n"), "one line: \(stderr.debugDescription)")
    #expect(try tmux.paneFormat("#{alternate_on}") == "0")
    #expect(!tmux.outputBytes().contains(0x1B), "not one escape sequence reached the terminal")
  }

  // MARK: Input

  @Test("bytes that are not UTF-8 and a lone Esc give no key and eat none")
  func invalidInputBytes() throws {
    // Esc is Back: at the lone demo feed's articles it shows the feed list, and Enter goes back in.
    let expected = try referenceScreen(120, 40, keys: ["Escape", "Enter", "j", "j", "Enter"])

    let tmux = try launch(120, 40, keys: [])
    defer { tmux.close() }
    try tmux.send(keys: "Escape")
    Thread.sleep(forTimeInterval: 0.1)
    try tmux.send(bytes: [0x0D])  // Enter
    try tmux.send(bytes: [0xFF, 0xFE, 0x80])
    try tmux.send(bytes: [0xC0, 0xAF, 0x6A])  // overlong "/", then j
    try tmux.send(bytes: [0xE0, 0x80, 0x80, 0x6A])  // overlong NUL, then j: wget_wch used to eat this j
    try tmux.send(bytes: [0xED, 0xA0, 0x80, 0xF4, 0x90, 0x80, 0x80, 0xF5, 0xE6, 0x97])
    try tmux.send(bytes: [0x0D])  // Enter
    try tmux.waitUntil(styled: true, "the keys between the bad bytes, and only them") { $0 == expected }
    #expect(try isAlive(tmux))
    try quit(tmux)
  }

  /// About 5 KB of everything: words with every reader key in them (q quits, o opens a browser),
  /// newlines, an arrow-key sequence, UTF-8, a byte that is not UTF-8.
  static let mixedPaste: [UInt8] = {
    var text: [UInt8] = []
    let words = ["quit", "G", "go", "open", "?", "reload", "R", "p", "t", "n", "f", "q", "café", "日本語", "😀"]
    var i = 0
    while text.count < 5000 {
      text += Array(words[i % words.count].utf8) + [i % 7 == 0 ? 0x0A : 0x20]
      if i % 50 == 0 { text += [0x1B, 0x5B, 0x41, 0xFF, 0x09] }
      i += 1
    }
    return text
  }()

  @Test("a 5 KB bracketed paste does nothing (no text field); keys work afterwards")
  func bracketedPasteIsIgnored() throws {
    let expected = try referenceScreen(120, 40, keys: ["j"])

    let tmux = try launch(120, 40, keys: [])
    defer { tmux.close() }
    try tmux.paste(Self.mixedPaste, bracketed: true)
    try tmux.send(keys: "j")
    try tmux.waitUntil(styled: true, "only the j after the paste acted") { $0 == expected }
    #expect(try isAlive(tmux))
    try quit(tmux)
  }

  @Test("without bracketing a paste is typing: the same screen as the same text typed")
  func unbracketedPasteIsTyping() throws {
    // Only keys with a synchronous effect (no q, o, f, r): the outcome must not depend on timing.
    var text: [UInt8] = []
    let words = ["jjk", "G", "g", "é日😀", "\t", "12", "abc", "j", " ", "p", "zz", "k", "xyz,.;"]
    var i = 0
    while text.count < 5000 {
      text += Array(words[(i * 7) % words.count].utf8)
      i += 1
    }
    let reference = try launch(120, 40, keys: [])
    defer { reference.close() }
    try reference.type(String(decoding: text, as: UTF8.self))
    let expected = try reference.settledScreen(styled: true)
    reference.close()

    let tmux = try launch(120, 40, keys: [])
    defer { tmux.close() }
    try tmux.paste(text, bracketed: false)
    try tmux.waitUntil(styled: true, "the pasted keys acted as typed ones") { $0 == expected }
    #expect(try isAlive(tmux))
    try quit(tmux)
  }

  // MARK: Ctrl-Z / fg

  /// Types `command` at the pane's shell prompt and waits for its output file.
  func runInShell(_ tmux: TmuxHarness, _ command: String, output: URL) throws -> String {
    try? FileManager.default.removeItem(at: output)
    try tmux.type(command + " > " + TmuxHarness.shellQuote(output.path))
    try tmux.send(keys: "Enter")
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if let text = try? String(contentsOf: output, encoding: .utf8), text.hasSuffix("\n") { return text }
      Thread.sleep(forTimeInterval: 0.05)
    }
    throw TmuxHarness.Failure(description: "\(command) gave no output")
  }

  @Test("Ctrl-Z gives the shell a cooked terminal; fg redraws the same screen, also after a resize while stopped")
  func suspendAndResume() throws {
    let expectedAfterResize = try referenceScreen(120, 40)

    let tmux = try TmuxHarness(cols: 100, rows: 30, environment: ["BROWSER": "/bin/true"], interactiveShell: true)
    defer { tmux.close() }
    try tmux.waitFor(text: "PROMPT$")
    let modes = try runInShell(tmux, "stty -g", output: tmux.workDir.appendingPathComponent("modes-before"))
    try tmux.type(tmux.commandLine)
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: Self.demoTitle)
    for key in Self.navigation { try tmux.send(keys: key) }
    try tmux.waitFor(text: "Publish Date]")
    let before = try tmux.settledScreen(styled: true)

    try tmux.send(keys: "C-z")
    try tmux.waitFor(text: "Stopped")
    #expect(try tmux.paneFormat("#{alternate_on}") == "0")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1")
    #expect(try runInShell(tmux, "stty -g", output: tmux.workDir.appendingPathComponent("modes-stopped")) == modes)
    try tmux.type("fg")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil(styled: true, "the same screen after fg") { $0 == before }
    #expect(try tmux.paneFormat("#{alternate_on}") == "1")
    try tmux.send(keys: "j")
    try tmux.waitUntil(styled: true, "keys work after fg") { $0 != before }
    try tmux.send(keys: "k")
    try tmux.waitUntil(styled: true, "and move back") { $0 == before }

    try tmux.send(keys: "C-z")
    try tmux.waitUntil("stopped again") { $0.filter { $0.contains("Stopped") }.count == 2 }
    try tmux.resize(cols: 120, rows: 40)  // SIGWINCH goes to the shell: the reader is stopped
    try tmux.type("fg")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil(styled: true, "fg at the new size: as a fresh launch at 120×40") { $0 == expectedAfterResize }

    for _ in 0..<4 {
      try tmux.send(keys: "q")
      if (try? tmux.waitFor(text: "PROMPT$", timeout: 1)) != nil, try tmux.paneFormat("#{alternate_on}") == "0" { break }
    }
    #expect(try tmux.paneFormat("#{alternate_on}") == "0")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1")
    #expect(try runInShell(tmux, "stty -g", output: tmux.workDir.appendingPathComponent("modes-after")) == modes)
  }
}
