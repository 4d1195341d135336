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
    URL(fileURLWithPath: #filePath)  // Tests/AppTests/Support/TmuxHarness.swift
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

  /// The visible screen, one string per row (trailing blanks trimmed by tmux).
  func screen() throws -> [String] {
    let out = try tmux("capture-pane", "-p", "-t", session)
    var lines = out.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
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
  func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
    try waitUntil(timeout: timeout, "'\(text)' on screen") { $0.contains { $0.contains(text) } }
  }

  /// Polls the screen until `predicate` holds; fails with the last screen on timeout.
  @discardableResult
  func waitUntil(timeout: TimeInterval = 10, _ what: String, _ predicate: ([String]) -> Bool) throws
    -> [String]
  {
    let deadline = Date().addingTimeInterval(timeout)
    var last: [String] = []
    repeat {
      last = try screen()
      if predicate(last) { return last }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    throw Failure(description: "timed out waiting for \(what); screen was:\n" + last.joined(separator: "\n"))
  }

  /// Waits for the program to exit and returns its status and whether the terminal modes were restored.
  func waitForExit(timeout: TimeInterval = 10) throws -> Exit {
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
