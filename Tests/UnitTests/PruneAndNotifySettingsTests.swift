import Foundation
import Reader
import TestSupport
import Testing

@testable import ReaderUI
@testable import splitfeed

/// The settings of pruning and notification, newsboat's spelling of them, and the notify program's
/// argument vector (no shell).
@Suite struct PruneAndNotifySettingsTests {
  @Test func defaultsKeepEverythingAndNotifyNobody() {
    let ui = ConfigParser.parse("").config.ui
    #expect(ui.engine.pruneRule == .keepAll)
    #expect(ui.engine.notifyProgram == nil)
  }

  /// Someone coming from newsboat (which keeps everything) must lose nothing to the first reload: with no
  /// config, pruning keeps a read article 200 days old, and a feed's 1,001st read article (a recent one,
  /// so only a count limit could take it).
  @Test func theDefaultPruneKeepsOldReadArticlesAndLongFeeds() async throws {
    let temporary = try TemporaryDirectory("splitfeed-prune-default")
    let dir = temporary.url
    let cache = try Cache(path: dir.appendingPathComponent("cache.db").path)
    let feeds = try cache.addFeeds(urls: ["https://example.com/old.xml", "https://example.com/long.xml"])
    let (old, long) = (feeds[0].id, feeds[1].id)
    let now = Date(timeIntervalSince1970: 2_000_000_000)
    let aged = Item(title: "Old", id: "old", published: now.addingTimeInterval(-200 * 86_400), summary: "<p>old</p>")
    try cache.storeNow(Feed(title: "Old", items: [aged]), feedID: old, validators: Validators(), at: now)
    // 1,001 articles a minute apart, all of today.
    let items = (0...1000).map { n in
      Item(title: "Item \(n)", id: "g\(n)", published: now.addingTimeInterval(-Double(n) * 60), summary: "<p>\(n)</p>")
    }
    try cache.storeNow(Feed(title: "Long", items: items), feedID: long, validators: Validators(), at: now)
    try cache.markFeedRead(old)
    try cache.markFeedRead(long)
    try await cache.prune(ConfigParser.parse("").config.ui.engine.pruneRule, at: now)
    #expect(try cache.items(feedID: old).map(\.title) == ["Old"], "the 200-day-old read article")
    #expect(try cache.items(feedID: long).count == 1001)
    #expect(try cache.items(feedID: long).contains { $0.title == "Item 1000" }, "the 1,001st read article")
  }

  @Test func settingsAreRead() {
    let (config, problems) = ConfigParser.parse(
      """
      keep-articles-days 0
      max-articles-per-feed 250
      notify-program "notify-send -a splitfeed"
      """)
    #expect(problems.isEmpty)
    #expect(config.ui.engine.pruneRule == PruneRule(keepDays: 0, maxPerFeed: 250))
    #expect(config.ui.engine.notifyProgram?.command == ["notify-send", "-a", "splitfeed"])
    let bad = ConfigParser.parse("keep-articles-days -3").problems
    #expect(bad.first?.message.contains("keep-articles-days") == true)
  }

  @Test func newsboatLimitsAreTranslated() {
    let plan = NewsboatConfigPlan(
      newsboat: "max-items 500\nkeep-articles-days 30\nnotify-program notify-send\n", existing: "")
    #expect(plan.lines == ["max-articles-per-feed 500", "keep-articles-days 30"])
    #expect(plan.notTaken.contains { $0.hasPrefix("notify-program:") })
    #expect(ConfigParser.parse(plan.lines.joined(separator: "\n")).config.ui.engine.pruneRule == PruneRule(keepDays: 30, maxPerFeed: 500))
  }

  /// newsboat without limits keeps everything, and so does splitfeed after the import: no line is added
  /// and the default prunes nothing.
  @Test func newsboatWithoutLimitsStaysWithoutLimits() {
    let plan = NewsboatConfigPlan(newsboat: "browser lynx\nreload-threads 3\n", existing: "")
    #expect(!plan.lines.contains { $0.hasPrefix("keep-articles-days") || $0.hasPrefix("max-articles-per-feed") })
    #expect(!ConfigParser.parse(plan.lines.joined(separator: "\n")).config.ui.engine.pruneRule.isActive)
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
    let temporary = try TemporaryDirectory("splitfeed-notify")
    let dir = temporary.url
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
