import Foundation
import Reader
import Testing

@testable import ReaderUI
@testable import splitfeed

/// The settings of pruning and notification, newsboat's spelling of them, and the notify program's
/// argument vector (no shell).
@Suite struct PruneAndNotifySettingsTests {
  @Test func defaultsKeep90DaysAnd1000ArticlesAndNotifyNobody() {
    let ui = ConfigParser.parse("").config.ui
    #expect(ui.pruneRule == PruneRule(keepDays: 90, maxPerFeed: 1000))
    #expect(ui.notifyProgram == nil)
  }

  @Test func settingsAreRead() {
    let (config, problems) = ConfigParser.parse(
      """
      keep-articles-days 0
      max-articles-per-feed 250
      notify-program "notify-send -a splitfeed"
      """)
    #expect(problems.isEmpty)
    #expect(config.ui.pruneRule == PruneRule(keepDays: 0, maxPerFeed: 250))
    #expect(config.ui.notifyProgram?.command == ["notify-send", "-a", "splitfeed"])
    let bad = ConfigParser.parse("keep-articles-days -3").problems
    #expect(bad.first?.message.contains("keep-articles-days") == true)
  }

  @Test func newsboatLimitsAreTranslated() {
    let plan = NewsboatConfigPlan(
      newsboat: "max-items 500\nkeep-articles-days 30\nnotify-program notify-send\n", existing: "")
    #expect(plan.lines == ["max-articles-per-feed 500", "keep-articles-days 30"])
    #expect(plan.notTaken.contains { $0.hasPrefix("notify-program:") })
  }

  @Test func theProgramGetsTheCountAndTitlesAsArgumentsAfterTheEndOfOptions() throws {
    let program = try #require(NotifyProgram(setting: "notify --urgent"))
    #expect(
      program.arguments(count: 3, feedTitles: ["A; rm -rf /", "$(B)"])
        == ["notify", "--urgent", "--", "3", "A; rm -rf /", "$(B)"])
    // Titles shaped as options stay after "--"; control characters and line breaks fold to spaces.
    #expect(
      program.arguments(count: 2, feedTitles: ["--icon=/tmp/x", "-w", "A\u{1B}]0;owned\u{07}\nB"])
        == ["notify", "--urgent", "--", "2", "--icon=/tmp/x", "-w", "A ]0;owned B"])
    #expect(NotifyProgram(setting: "  ") == nil)
  }

  @Test func theProgramRunsWithoutAShellAndItsFailureIsOneSentence() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-notify-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("args")
    let script = dir.appendingPathComponent("notify")
    try """
      for a in "$@"; do printf '%s\\n' "$a" >> '\(log.path)'; done
      echo noise
      """.write(to: script, atomically: true, encoding: .utf8)
    let program = try #require(NotifyProgram(setting: "/bin/sh \(script.path)"))
    #expect(program.run(count: 2, feedTitles: ["Feed $(touch x)"], silenced: true) == nil)
    #expect(try String(contentsOf: log, encoding: .utf8) == "--\n2\nFeed $(touch x)\n")
    let missing = try #require(NotifyProgram(setting: "/nonexistent/notify"))
    let failure = try #require(missing.run(count: 1, feedTitles: [], silenced: true))
    #expect(failure.hasPrefix("notify-program: Could not start /nonexistent/notify"))
    #expect(NotifyProgram(setting: "false")?.run(count: 1, feedTitles: [], silenced: true) == "notify-program: false exited with status 1.")
  }
}
