import Foundation
import Reader
import ScreenKit
import TestSupport
import Testing

@testable import ReaderUI

/// The reader's side of the polite poller (DESIGN §8): the `reload-interval` timer and `R` ask only the
/// feeds that are due and say how many were not, `E` lists what the poller remembers, Ctrl-R asks all.
@MainActor
@Suite("polling in the reader")
struct PollingScreenTests {
  @Test func theTimerHonoursMaxAgeAndGoneAndCtrlRAsksEverything() async throws {
    let server = try TestHTTPServer { request in
      switch request.path {
      case "/removed": return .init(status: 410, "gone")
      case "/fresh": return .init(headers: [("Cache-Control", "max-age=3600")], FeedXML.rss(title: "Fresh", items: []))
      default: return .init(FeedXML.rss(title: "Plain", items: []))
      }
    }
    defer { server.stop() }
    let fixture = try CacheFixture("splitfeed-polling", feeds: ["/fresh", "/plain", "/removed"].map { server.baseURL + $0 })
    let h = Harness(120, 40, cache: fixture.cache, feeds: try fixture.cache.feeds())
    let asked = { (since: Int) in server.requests.dropFirst(since).map(\.path).sorted() }

    h.session.reloadAll()
    try await h.waitForReload()
    #expect(asked(0) == ["/fresh", "/plain", "/removed"])

    h.screen.handle(.reloadTimer)  // what the `reload-interval` timer posts
    try await h.waitForReload()
    #expect(asked(3) == ["/plain"])
    #expect(h.text.contains("2 feeds not due yet, not asked."), "\(h.text)")

    h.press(.character("E"))
    #expect(h.text.contains("gone (410)"), "\(h.text)")
    #expect(h.text.contains("fresh until "), "\(h.text)")
    h.press(.escape)

    // `r` on the gone feed asks it again; R still does not.
    h.press(.character("j"), .character("j"), .character("r"))
    try await h.waitForReload()
    #expect(asked(4) == ["/removed"])
    h.press(.character("R"))
    try await h.waitForReload()
    #expect(asked(5) == ["/plain"])

    h.press(.control("r"))
    try await h.waitForReload()
    #expect(asked(6) == ["/fresh", "/plain", "/removed"])

    // The gone feed's own list says so in its title bar.
    h.press(.enter)
    let title = try #require(h.lines.first { $0.contains("‹ Back") }, "\(h.text)")
    #expect(title.contains("[gone]"), "\(title)")
  }
}

@Suite("reload report: the poller's part")
struct PollingReportTests {
  @Test func theStatusLineSaysOnceThatAFeedMovedAndCountsWhatWasNotDue() {
    let report = ReloadReport([
      FeedReloadResult(feedID: 1, url: "http://a/old", outcome: .notModified, movedTo: "http://a/new"),
      FeedReloadResult(feedID: 2, url: "http://a/fresh", outcome: .skipped(PollState(hold: .fresh, until: .distantFuture))),
      FeedReloadResult(feedID: 3, url: "http://a/gone", outcome: .skipped(PollState(hold: .gone))),
    ])
    #expect(
      report.statusText(errorsKey: "E")
        == "Reloaded 1 feed: 0 updated (0 new articles), 1 unchanged, 0 failed. 2 feeds not due yet, not asked. 1 feed moved permanently (E lists where).")
    #expect(report.noticeLines.count == 2, "the move and the gone feed; a fresh one is only counted")
    #expect(ReloadReport([FeedReloadResult(feedID: 1, url: "http://a/old", outcome: .notModified)]).moved == 0)
  }
}
