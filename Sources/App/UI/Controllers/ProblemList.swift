import Foundation
import Reader
import ScreenKit

/// `E`'s list: every problem of the run, each in full (the box wraps long lines, the status line only
/// has one row and cuts): the config and urls files' problems found at start-up, the sync's failures,
/// the feeds whose last reload failed with their error, and the feeds the parser had to repair with
/// what it repaired. Shown in the help's box (`HelpController`).
@MainActor
struct ProblemList {
  let lines: [String]

  /// Nil when nothing went wrong.
  init?(session: ReadingSession, closeKey: Key?) {
    let failed = session.feeds.filter { $0.lastError != nil }
    let repaired = session.feeds.filter { $0.lastError == nil && $0.warningCount > 0 }
    let problems = session.problems
    var lines: [String] = []
    func section(_ heading: String, _ entries: [String]) {
      guard !entries.isEmpty else { return }
      lines += [heading, ""] + entries.map { "  " + $0 } + [""]
    }
    section("Config and urls files:", problems.startup)
    // Whether the failures go on or are over: a failure at start-up read after a good `R` is history.
    let since =
      problems.syncFailing ? ["(The server has not answered since.)"]
      : problems.syncAnsweredSince ? ["(The server has answered since: these are over.)"] : []
    section("Sync:", problems.sync + since)
    for (feeds, heading, reasons) in [
      (failed, "failed to load", { (feed: CachedFeed) in [feed.lastError ?? ""] }),
      (repaired, "had to be repaired", { (feed: CachedFeed) in feed.warnings }),
    ] where !feeds.isEmpty {
      lines += ["\(Notice.counted(feeds.count, "feed")) \(heading):", ""]
      for feed in feeds {
        lines.append(feed.displayTitle)
        if feed.displayTitle != feed.url { lines.append("  " + feed.url) }
        lines += reasons(feed).map { "  " + $0 }
        lines.append("")
      }
    }
    // What the poller remembers (DESIGN §8): gone, waiting, fresh, moved.
    let now = Date()
    let polled = session.feeds.compactMap { feed in feed.poll.summary(at: now).map { (feed, $0) } }
    if !polled.isEmpty {
      lines += ["\(Notice.counted(polled.count, "feed")) left alone by reloads or moved:", ""]
      for (feed, summary) in polled {
        lines.append(feed.displayTitle)
        if feed.displayTitle != feed.url { lines.append("  " + feed.url) }
        lines += ["  " + summary, ""]
      }
    }
    guard !lines.isEmpty else { return nil }
    let close = closeKey.map { "Esc, q or \($0)" } ?? "Esc or q"
    self.lines = lines + ["\(close) closes this list."]
  }

  var controller: HelpController { HelpController(title: "Problems", lines: lines) }
}
