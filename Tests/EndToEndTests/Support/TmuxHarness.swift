import Foundation
import Testing

/// Runs the real `splitfeed` binary inside tmux, for end-to-end tests that need a real terminal: keys go
/// in through `send-keys`, SIGWINCH through `resize-window`, and the screen comes back via `capture-pane`.
///
/// Each harness has its own tmux server (`tmux -L <unique>`), so tests can run in parallel, and `close()`
/// (also run on deinit) kills only that server. The program runs under a small `sh` wrapper that records
/// the terminal modes before and after (`stty -g`) and the exit status, so tests can assert that the
/// terminal was restored exactly; the wrapper then stays alive so the pane can still be read.
final class TmuxHarness: @unchecked Sendable {
  /// How long a wait for a screen or an exit lasts unless a test says otherwise. Only a failing test
  /// waits it out; CI runs the end-to-end suites in parallel on a loaded machine, where a first sync or
  /// a start can take several times its usual second.
  static let patience: TimeInterval = 30

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What the wrapper reports after the program exits.
  struct Exit: Equatable {
    var status: Int32
    /// `stty -g` after the program equals `stty -g` before it.
    var terminalModesRestored: Bool
  }

  let socket: String
  let session = "splitfeed"
  let workDir: URL
  private var closed = false

  /// The built binary: `$SPLITFEED_BIN`, else `.build/debug/splitfeed` of this checkout.
  static var binary: String {
    if let path = ProcessInfo.processInfo.environment["SPLITFEED_BIN"], !path.isEmpty { return path }
    return repoRoot.appendingPathComponent(".build/debug/splitfeed").path
  }

  static var repoRoot: URL {
    URL(fileURLWithPath: #filePath)  // Tests/EndToEndTests/Support/TmuxHarness.swift
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }

  /// Starts `splitfeed arguments…` in a new tmux server at `cols`×`rows`, with `environment` added to a
  /// clean one (TERM, LANG, and XDG folders inside a private temporary directory by default). `term` nil
  /// unsets TERM. With `captureStderr` the program's stderr goes to a file (`stderrText()`) instead of the
  /// pane; with `recordOutput` every byte the pane's programs write is kept (`outputBytes()`, through
  /// `pipe-pane`, set up before the program starts). With `interactiveShell` the pane runs
  /// `bash --norc -i` (prompt `PROMPT$ `) instead, and the test types the command (`commandLine`).
  init(
    arguments: [String] = [], cols: Int = 120, rows: Int = 40, environment: [String: String] = [:],
    term: String? = "tmux-256color", captureStderr: Bool = false, recordOutput: Bool = false,
    interactiveShell: Bool = false
  ) throws {
    socket = "splitfeed-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    workDir = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
    try FileManager.default.createDirectory(at: workDir, withIntermediateDirectories: true)

    var env: [String: String] = [
      "LANG": "C.UTF-8",
      "LC_ALL": "C.UTF-8",
      "HOME": workDir.path,
      "XDG_CONFIG_HOME": workDir.appendingPathComponent("config").path,
      "XDG_DATA_HOME": workDir.appendingPathComponent("data").path,
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    if let term { env["TERM"] = term }
    env.merge(environment) { _, new in new }
    let exports = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuote($0.value))" }
      .joined(separator: " ")
    let unset = term == nil ? "unset TERM; " : ""
    commandLine = ([Self.binary] + arguments).map(Self.shellQuote).joined(separator: " ")
      + (captureStderr ? " 2>" + Self.shellQuote(workDir.appendingPathComponent("stderr").path) : "")
    let gate = workDir.appendingPathComponent("gate").path
    let wait = recordOutput ? "while [ ! -e \(Self.shellQuote(gate)) ]; do sleep 0.02; done; " : ""
    let status = workDir.appendingPathComponent("exit-status").path
    let script: String
    if interactiveShell {
      script = "\(wait)export \(exports) PS1='PROMPT$ '; \(unset)exec bash --norc --noprofile -i"
    } else {
      script = """
        \(wait)export \(exports); \(unset)before=$(stty -g); echo SPLITFEED-WRAPPER-START; \(commandLine); st=$?; \
        after=$(stty -g); if [ "$before" = "$after" ]; then r=1; else r=0; fi; \
        echo "$st $r" > \(Self.shellQuote(status)); echo "SPLITFEED-EXIT:$st"; exec sleep 600
        """
    }
    try tmux(
      "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(cols)", "-y", "\(rows)",
      "sh", "-c", script)
    if recordOutput {
      let file = workDir.appendingPathComponent("output").path
      try tmux("pipe-pane", "-o", "-t", session, "cat >> " + Self.shellQuote(file))
      _ = FileManager.default.createFile(atPath: gate, contents: nil)
    }
  }

  /// The program and its arguments as a shell command line (what the wrapper runs; what a test types
  /// into an `interactiveShell` pane).
  let commandLine: String

  /// Every byte written to the pane so far (with `recordOutput`).
  func outputBytes() -> [UInt8] {
    (try? [UInt8](Data(contentsOf: workDir.appendingPathComponent("output")))) ?? []
  }

  /// What the program wrote on stderr (with `captureStderr`).
  func stderrText() -> String {
    (try? String(contentsOf: workDir.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
  }

  /// Fills tmux paste buffer `name` with `text` and pastes it into the pane; `bracketed`: with the paste
  /// markers when the program asked for them (`paste-buffer -p`).
  func paste(_ text: [UInt8], bracketed: Bool) throws {
    let file = workDir.appendingPathComponent("paste-\(UUID().uuidString)")
    try Data(text).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try tmux("load-buffer", "-b", "test", file.path)
    try tmux(["paste-buffer", "-d", "-b", "test", "-t", session] + (bracketed ? ["-p"] : []))
  }

  /// Sends raw bytes, not UTF-8 text (`send-keys -H`).
  func send(bytes: [UInt8]) throws {
    try tmux(["send-keys", "-t", session, "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  deinit { close() }

  /// Kills this harness's tmux server (and so the program) and removes its temporary directory.
  func close() {
    guard !closed else { return }
    closed = true
    _ = try? tmux("kill-server")
    try? FileManager.default.removeItem(at: workDir)
  }

  /// Sends keys with tmux's key names (`"q"`, `"Enter"`, `"Down"`, `"Escape"`, `"C-c"`, …).
  func send(keys: String...) throws {
    try tmux(["send-keys", "-t", session] + keys)
  }

  /// Sends text literally (no key-name lookup).
  func type(_ text: String) throws {
    try tmux("send-keys", "-t", session, "-l", text)
  }

  /// Resizes the window; tmux delivers SIGWINCH to the program in the pane.
  func resize(cols: Int, rows: Int) throws {
    try tmux("resize-window", "-t", session, "-x", "\(cols)", "-y", "\(rows)")
  }

  /// Resizes the window through every size in `sizes` in one tmux command, faster than the program can
  /// look: its coalesced SIGWINCH may find the size it already had.
  func resize(quicklyThrough sizes: [(cols: Int, rows: Int)]) throws {
    let commands = sizes.map { ["resize-window", "-t", session, "-x", "\($0.cols)", "-y", "\($0.rows)"] }
    try tmux(Array(commands.joined(separator: [";"])))
  }

  /// The visible screen, one string per row (trailing blanks trimmed by tmux). `styled`: each cell's
  /// attributes too (`capture-pane -e`), so the selection's reverse video counts; see `canonicalStyled`.
  func screen(styled: Bool = false) throws -> [String] {
    let out = try tmux(["capture-pane", "-p", "-t", session] + (styled ? ["-e"] : []))
    var lines = out.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return styled ? Self.canonicalStyled(lines) : lines
  }

  /// `capture-pane -e` rows rewritten so that equal cells give equal text: tmux's SGR sequences depend on
  /// how the cells were written (a trailing blank written as a space or left cleared changes where the
  /// resets fall, and the style carries over line ends). Here each row is its characters with a
  /// `{attributes}` mark wherever the style changes, starting from the plain style, and trailing plain
  /// blanks dropped.
  static func canonicalStyled(_ lines: [String]) -> [String] {
    var style: [String: String] = [:]  // "attr<n>" / "fg" / "bg" → parameter
    func apply(_ parameters: String) {
      let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
      var i = 0
      while i < codes.count {
        let c = codes[i]
        switch c {
        case 0: style.removeAll()
        case 1...9: style["attr\(c)"] = "1"
        case 22: style["attr1"] = nil; style["attr2"] = nil
        case 23...29: style["attr\(c - 20)"] = nil
        case 39: style["fg"] = nil
        case 49: style["bg"] = nil
        case 38, 48:
          let n = codes.count > i + 1 && codes[i + 1] == 5 ? 3 : 5
          style[c == 38 ? "fg" : "bg"] = codes[i..<min(codes.count, i + n)].map(String.init).joined(separator: ":")
          i += n - 1
        default: style[c < 40 || (90...97).contains(c) ? "fg" : "bg"] = String(c)
        }
        i += 1
      }
    }
    return lines.map { line in
      var cells: [(Character, String)] = []
      var chars = line.makeIterator()
      while let c = chars.next() {
        if c == "\u{1B}" {
          guard chars.next() == "[" else { continue }
          var parameters = ""
          while let p = chars.next(), p != "m" { parameters.append(p) }
          apply(parameters)
          continue
        }
        cells.append((c, style.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")))
      }
      while let last = cells.last, last.0 == " ", last.1.isEmpty { cells.removeLast() }
      var out = ""
      var current = ""
      for (c, s) in cells {
        if s != current { out += "{\(s)}"; current = s }
        out.append(c)
      }
      return out
    }
  }

  /// A tmux format about the pane, e.g. `#{alternate_on}` or `#{cursor_flag}`.
  func paneFormat(_ format: String) throws -> String {
    try tmux("display-message", "-p", "-t", session, format).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pid of the program (the wrapper's child) for signal tests.
  func programPID() throws -> pid_t? {
    let shellPID = try paneFormat("#{pane_pid}")
    let out = try run("/usr/bin/pgrep", ["-P", shellPID])
    return out.split(separator: "\n").first.flatMap { pid_t($0) }
  }

  /// Polls the screen until `text` appears; fails with the last screen on timeout.
  @discardableResult
  func waitFor(text: String, timeout: TimeInterval = TmuxHarness.patience, settled: Bool = true) throws -> [String] {
    try waitUntil(timeout: timeout, settled: settled, "'\(text)' on screen") { $0.contains { $0.contains(text) } }
  }

  /// Polls the screen until `predicate` holds; fails with the last screen on timeout.
  ///
  /// A capture can land while tmux is still taking in a frame (a big overlay arrives in several reads),
  /// so a match is captured again until two captures agree: tests assert on the rest of the screen they
  /// get back. When the text was transient and is gone by the next capture, the matching one is returned;
  /// a screen that keeps changing (a progress count) is returned after three more captures. `settled:
  /// false` returns the first match, for a test that must act in the middle of some work.
  @discardableResult
  func waitUntil(
    timeout: TimeInterval = TmuxHarness.patience, styled: Bool = false, settled: Bool = true, _ what: String,
    _ predicate: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var last: [String] = []
    repeat {
      last = try screen(styled: styled)
      if predicate(last) {
        guard settled else { return last }
        for _ in 0..<3 {
          Thread.sleep(forTimeInterval: 0.03)
          let next = try screen(styled: styled)
          if next == last || !predicate(next) { return last }
          last = next
        }
        return last
      }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    throw Failure(description: "timed out waiting for \(what); screen was:\n" + last.joined(separator: "\n"))
  }

  /// The screen once it has stopped changing (two equal captures 150 ms apart): `waitFor` returns as
  /// soon as its text shows, which can be in the middle of a frame.
  func settledScreen(styled: Bool = false) throws -> [String] {
    var last = try screen(styled: styled)
    for _ in 0..<40 {
      Thread.sleep(forTimeInterval: 0.15)
      let now = try screen(styled: styled)
      if now == last { return now }
      last = now
    }
    return last
  }

  /// Waits for the program to exit and returns its status and whether the terminal modes were restored.
  func waitForExit(timeout: TimeInterval = TmuxHarness.patience) throws -> Exit {
    let file = workDir.appendingPathComponent("exit-status")
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      if let text = try? String(contentsOf: file, encoding: .utf8) {
        let parts = text.split(whereSeparator: \.isWhitespace)
        if parts.count == 2, let status = Int32(parts[0]) {
          return Exit(status: status, terminalModesRestored: parts[1] == "1")
        }
      }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    throw Failure(description: "program did not exit; screen was:\n" + ((try? screen()) ?? []).joined(separator: "\n"))
  }

  @discardableResult
  private func tmux(_ args: String...) throws -> String { try tmux(args) }

  @discardableResult
  private func tmux(_ args: [String]) throws -> String {
    try run("/usr/bin/env", ["tmux", "-L", socket] + args)
  }

  /// Runs a command to completion (through `ChildProcess`, see there why not `Process`) and returns its
  /// standard output.
  private func run(_ executable: String, _ args: [String]) throws -> String {
    let outFile = workDir.appendingPathComponent("out-\(UUID().uuidString)").path
    defer { unlink(outFile) }
    let exitCode = ChildProcess.wait(try ChildProcess.spawn(executable, args, stdoutPath: outFile))
    let text = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
    if exitCode != 0 && args.first != "-P" && !args.contains("kill-server") {
      throw Failure(description: "\(args.joined(separator: " ")) exited \(exitCode)")
    }
    return text
  }

  static func shellQuote(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
