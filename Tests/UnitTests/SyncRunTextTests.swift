import Reader
import Testing

@testable import ReaderUI

/// The lines a sync ends with, in `reload` and on the reader's status line.
@Suite("sync lines")
struct SyncRunTextTests {
  @Test func aSyncSaysWhatItBroughtAndSent() {
    let run = SyncRun(result: .success(SyncReport(feeds: 3, newArticles: 1, stateChanges: 2, sentChanges: 0)), local: nil, pending: 0)
    #expect(run.syncLine == "Synced 3 feeds: 1 new article, 2 changes from the server, 0 marks sent.")
    #expect(run.statusText(errorsKey: "E") == run.syncLine)
    #expect(!run.failed)
  }

  @Test func aFailureSaysWhatIsKept() {
    let error = SyncError("Sync: Could not connect to 127.0.0.1: the connection was refused.")
    let run = SyncRun(result: .failure(error), local: nil, pending: 1)
    #expect(run.syncLine == "Sync: Could not connect to 127.0.0.1: the connection was refused. 1 mark kept for the next sync.")
    #expect(run.failed)
    #expect(SyncRun(result: .failure(error), local: nil, pending: 0).syncLine == error.description)
  }

  @Test func localFeedsFollowTheSyncsLine() {
    let local = ReloadRun(results: [])
    let run = SyncRun(result: .success(SyncReport(feeds: 1)), local: local, pending: 0)
    #expect(run.statusText(errorsKey: "E").hasPrefix("Synced 1 feed: 0 new articles, 0 changes from the server, 0 marks sent. Local feeds: Reloaded 0 feeds"))
  }

  @Test func progressLines() {
    #expect(SyncProgress(phase: "articles", done: 200, total: 900).text == "Syncing: articles 200/900…")
    #expect(SyncProgress(phase: "subscriptions", done: 0).text == "Syncing: subscriptions…")
    #expect(SyncProgress(phase: "articles", done: 1000).text == "Syncing: articles 1000…")
  }
}
