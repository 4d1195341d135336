import Foundation
import Reader
import ScreenKit
import Testing

@testable import ReaderUI

/// Every status-line notice and the exact English it renders to (`Notice.text`), with the plurals at
/// 0, 1 and 2 where a count is part of it: a changed sentence fails here, in one table.
@Suite("notices")
struct NoticeTests {
  static let table: [(Notice, String)] = [
    (.reloading(done: 3, total: 12), "Reloading 3/12…"),
    (.syncing(progress: nil), "Syncing…"),
    (.syncing(progress: "Syncing: articles 200/900…"), "Syncing: articles 200/900…"),
    (.fetching(URL(string: "https://example.com/a")!), "Fetching https://example.com/a…"),
    (.indexing(indexed: 12000, total: 100_000), "Indexing 12,000 of 100,000 articles for search…"),
    (
      .synced(SyncRun(result: .success(SyncReport(feeds: 1, newArticles: 2, stateChanges: 0, sentChanges: 1)), local: nil, pending: 0), errorsKey: "E"),
      "Synced 1 feed: 2 new articles, 0 changes from the server, 1 mark sent."
    ),
    (
      .reloaded(ReloadReport([FeedReloadResult(feedID: 1, url: "http://a/", outcome: .notModified)]), errorsKey: "E"),
      "Reloaded 1 feed: 0 updated (0 new articles), 1 unchanged, 0 failed."
    ),
    (
      .reloaded(ReloadReport([FeedReloadResult(feedID: 1, url: "http://a/", outcome: .failed("HTTP 500"))]), errorsKey: "E"),
      "No new articles. Failed: HTTP 500 (E lists it) Reloaded 1 feed: 0 updated (0 new articles), 0 unchanged, 1 failed."
    ),
    (.macroPrefix(keys: [.character("v"), .character("b")]), "Macro: b v"),
    (.noMacro(.character("x")), "No macro on x."),
    (.noSearchToSave(searchKey: .character("/")), "No search to save: search first (/), then save its results."),
    (.noSearchToSave(searchKey: nil), "No search to save: search first (open-search), then save its results."),
    (.searchSaved(title: "rust", line: 4, file: "urls"), "Saved the search as the query feed “rust” (line 4 of urls)."),
    (.searchSaved(title: "rust", line: nil, file: nil),
      "Saved the search as the query feed “rust” for this session (the feeds are not the urls file's)."),
    (.failure("disk I/O error"), "disk I/O error"),
    (.startupProblems(first: "config line 1: bad", count: 1, errorsKey: "E"), "config line 1: bad"),
    (.startupProblems(first: "config line 1: bad", count: 3, errorsKey: "E"), "3 problems (E lists them); first: config line 1: bad"),
    (.articleGone, "That article is no longer in the cache."),
    (.readOnlyCache(.reload), "The cache is read-only in this run: nothing can be reloaded."),
    (.readOnlyCache(.sync), "The cache is read-only in this run: nothing can be synced."),
    (.readOnlyCache(.subscribe), "The cache is read-only in this run: nothing can be subscribed to."),
    (.noLink, "This article has no link."),
    (.noWebPage, "This article has no web page to fetch."),
    (.noArticleOnPage, "No article found on this page; the feed's text stays."),
    (.pageNotExtracted(reason: "the page is too large"), "The article's page: the page is too large."),
    (.pageNotFetched(reason: "HTTP 404"), "Could not fetch the article's page: HTTP 404"),
    (.marksKept(reason: "The server failed.", pending: 1), "The server failed. 1 mark kept for the next sync."),
    (.marksKept(reason: "The server failed.", pending: 2), "The server failed. 2 marks kept for the next sync."),
    (.loginFailed(reason: "wrong password"), "Login check at start-up: wrong password"),
    (.notAdded(address: "https://a.example/feed"), "https://a.example/feed could not be added to the cache."),
    (.reloadRunning, "A reload is already running."),
    (.nothingToReload(reloadAllKey: .character("R")), "No feed here to reload: R reloads every feed."),
    (.nothingToReload(reloadAllKey: nil), "No feed here to reload."),
    (.alreadySubscribed(address: "https://a/f", page: "https://a/"), "https://a/f is already in your feeds; https://a/ stays as it is."),
    (
      .subscribed(address: "https://a/f", inPlaceOf: "https://a/", line: 2, file: "/u/urls"),
      "Subscribed to https://a/f in place of https://a/ (line 2 of /u/urls)."
    ),
    (
      .subscribedForSession(address: "https://a/f", inPlaceOf: "https://a/"),
      "Showing https://a/f for this session only: https://a/ came from the command line, no urls file was changed."
    ),
    (.searchCaughtUp, "Search now covers every article: the results are up to date."),
    (.serverAnsweredAgain(sent: 1), "The server answered again: 1 kept mark sent."),
    (.serverAnsweredAgain(sent: 4), "The server answered again: 4 kept marks sent."),
    (.nothingUnread, "Nothing unread here."),
    (.markedRead(count: 0), "Marked 0 articles read; u undoes it."),
    (.markedRead(count: 1), "Marked 1 article read; u undoes it."),
    (.markedRead(count: 2), "Marked 2 articles read; u undoes it."),
    (.nothingToUndo, "Nothing to undo."),
    (.undone(.read, value: true, count: 1), "Undone: mark read of 1 article."),
    (.undone(.read, value: false, count: 2), "Undone: mark unread of 2 articles."),
    (.undone(.starred, value: true, count: 1), "Undone: star of 1 article."),
    (.undone(.starred, value: false, count: 1), "Undone: unstar of 1 article."),
    (.selectTagFirst(key: .character("T")), "Select a tag first: T lists every article of its feeds."),
    (.noSearchHere, "No search here: open an article from a search's results (/)."),
    (.noMoreMatches(below: true), "No more matches below."),
    (.noMoreMatches(below: false), "No more matches above."),
    (.match(2, of: 5), "Match 2 of 5."),
    (.noEnclosure, "This article has no enclosure."),
    (.picturesNeverFetched, "Pictures are never fetched (fetch-pictures never)."),
    (.noLinks, "This article has no links."),
    (.noSuchLink(number: "7", count: 3), "No link 7: this article's links are numbered 1 to 3."),
    (.noSuchLink(number: "x", count: 0), "No link x: this article's text has no numbered links."),
    (.addressSent("https://a.example/\u{1B}[2J"), "Sent https://a.example/\u{FFFD}[2J to the terminal's clipboard (OSC 52; some terminals ignore it)."),
    (.addressTooLongToCopy, "This address is too long to copy through the terminal."),
    (.notAnArticleList(sorting: true), "Only an article list can be sorted (Recent keeps the order you read in)."),
    (.notAnArticleList(sorting: false), "Only an article list can be filtered (Recent keeps what you read)."),
    (.sorted(.date), "Sorted by date, newest first."),
    (.sorted(.dateAsc), "Sorted by date, oldest first."),
    (.sorted(.title), "Sorted by title."),
    (.selectArticleFirst, "Select an article first."),
    (.noProblems, "No feed failed to load. No other problems in this run."),
    (.cancelled, "Cancelled."),
    (.noNeighbour(next: true, list: "Swift"), "This is the last article of Swift."),
    (.noNeighbour(next: false, list: nil), "This is the first article."),
    (.noMoreUnread(list: "Starred"), "No more unread articles in Starred."),
    (.noUnread, "No unread articles."),
    (.previousUnreadNeedsList, "Previous unread works in an article list, or an article opened from one."),
    (.noUnreadAbove(list: "Starred"), "No unread articles above in Starred."),
    (.unbound(.character("Z"), helpKey: "?"), "Z: not bound — ? for help"),
    (.boundElsewhere(.character("J"), .article, summary: "next article"), "J works in an open article: next article"),
    (.boundElsewhere(.character("T"), .list, summary: "a tag's articles"), "T does nothing here: a tag's articles"),
    (.searched(matches: 1, counting: false, text: "swift", gap: nil), "1 article match “swift”."),
    (
      .searched(matches: 50, counting: true, text: "swift", gap: .backlog(4000)),
      "50+ articles match “swift”; 4,000 new articles not searched yet."
    ),
    (
      .searched(matches: 0, counting: false, text: "x", gap: .damaged),
      "0 articles match “x”; search index damaged, rebuilding: this search scanned every article."
    ),
    (.filterCleared, "Filter cleared: every article shows."),
    (.filtered(count: 1), "Filter: 1 article matches."),
    (.filtered(count: 3), "Filter: 3 articles match."),
    (.actionStarted(name: "later"), "Running later…"),
    (.actionEnded(name: "later", .succeeded(shown: false, truncated: false)), "later ran and exited with status 0."),
    (
      .actionEnded(name: "summary", .succeeded(shown: true, truncated: true)),
      "summary's output (Back or f: the article); its output past 1 MiB was dropped."
    ),
    (.actionEnded(name: "later", .exited(status: 3, firstLine: "no token")), "later failed: exited with status 3: no token"),
    (.actionEnded(name: "later", .exited(status: 1, firstLine: nil)), "later failed: exited with status 1."),
    (.actionEnded(name: "later", .timedOut(seconds: 30)), "later ran past 30 s and was stopped (action-timeout)."),
    (.actionEnded(name: "later", .cancelled), "later was cancelled."),
    (.actionEnded(name: "x", .notStarted(reason: "Could not start x: No such file or directory.")), "x: Could not start x: No such file or directory."),
    (.saved(path: "/tmp/a.md"), "Saved to /tmp/a.md."),
    (.notSaved(path: "/a.md", reason: "Permission denied"), "Could not save /a.md: Permission denied. Nothing was written."),
  ]

  @Test func eachNoticeSaysExactlyThis() {
    for (notice, text) in Self.table {
      #expect(notice.text == text)
    }
  }

  @Test func errorsAreTheFailuresNotTheAnswers() {
    let errors = Self.table.filter { $0.0.isError }.map(\.1)
    #expect(
      errors == [
        "No new articles. Failed: HTTP 500 (E lists it) Reloaded 1 feed: 0 updated (0 new articles), 0 unchanged, 1 failed.",
        "disk I/O error", "config line 1: bad", "3 problems (E lists them); first: config line 1: bad",
        "That article is no longer in the cache.",
        "The cache is read-only in this run: nothing can be reloaded.",
        "The cache is read-only in this run: nothing can be synced.",
        "The cache is read-only in this run: nothing can be subscribed to.",
        "This article has no link.", "This article has no web page to fetch.",
        "No article found on this page; the feed's text stays.", "The article's page: the page is too large.",
        "Could not fetch the article's page: HTTP 404",
        "The server failed. 1 mark kept for the next sync.", "The server failed. 2 marks kept for the next sync.",
        "Login check at start-up: wrong password", "https://a.example/feed could not be added to the cache.",
        "No link 7: this article's links are numbered 1 to 3.",
        "No link x: this article's text has no numbered links.",
        "This address is too long to copy through the terminal.",
        "later failed: exited with status 3: no token", "later failed: exited with status 1.",
        "later ran past 30 s and was stopped (action-timeout).", "later was cancelled.",
        "x: Could not start x: No such file or directory.",
        "Could not save /a.md: Permission denied. Nothing was written.",
      ])
    let failedSync = SyncRun(result: .failure(SyncError("Sync: the server is down.")), local: nil, pending: 0)
    #expect(Notice.synced(failedSync, errorsKey: "E").isError)
  }

  /// A new case of `Notice` without its row here fails: the cases are read from Notice.swift (the enum's
  /// own `case` lines, two spaces in) and compared with the cases the table names.
  @Test func theTableHasARowForEveryCase() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Sources/App/UI/Model/Notice.swift")
    let text = try String(contentsOf: source, encoding: .utf8)
    let declared = Set(text.split(separator: "\n").compactMap { line in
      line.hasPrefix("  case ") ? line.dropFirst(7).prefix { $0.isLetter || $0.isNumber }.description : nil
    })
    #expect(declared.count > 40, "the cases were not read from \(source.path)")
    let tabled = Set(Self.table.map { Mirror(reflecting: $0.0).children.first?.label ?? "\($0.0)" })
    #expect(declared.subtracting(tabled).isEmpty, "cases without a row: \(declared.subtracting(tabled).sorted())")
  }

  @Test func theOnePluralRuleCountsNoneAsMany() {
    #expect(Notice.counted(0, "feed") == "0 feeds")
    #expect(Notice.counted(1, "feed") == "1 feed")
    #expect(Notice.counted(1234, "new article", grouped: true) == "1,234 new articles")
    #expect(Notice.SearchGap.backlog(1).text == "1 new article not searched yet")
  }

  @Test func theStatusLineShowsProgressThenNoticeThenSummaryThenIndexing() {
    var line = StatusLine()
    #expect(line.shown == nil)
    line.indexing = .indexing(indexed: 1, total: 2)
    line.summary = .reloadRunning
    line.notify(.noUnread)
    line.progress = .reloading(done: 0, total: 1)
    #expect(line.shown?.text == "Reloading 0/1…")
    line.progress = nil
    #expect(line.shown?.text == "No unread articles.")
    line.keyPressed()
    #expect(line.shown?.text == "Indexing 1 of 2 articles for search…")
  }
}
