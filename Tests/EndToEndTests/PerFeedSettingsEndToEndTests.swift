import Foundation
import GRDB
import Reader
import TestSupport
import Testing

/// The per-feed settings in one form (`FeedSelector`: a feed, `tag:NAME`, `*`) and the reader's own
/// timer, through the built binary (DESIGN §8): a tag's `ignore-article` and `always-full-article` lines
/// reach that tag's feeds only, in the reader and in `splitfeed reload`; `reload-interval` polls what is
/// due and leaves alone what a server declared fresh.
@Suite("Per-feed settings and the reader's timer (built binary)", .serialized)
struct PerFeedSettingsEndToEndTests {
  /// An RSS feed `www/<name>` whose items (titles) link to `link` and carry `Summary of <title>.`.
  static func writeFeed(_ folder: RunFolder, _ name: String, title: String, items: [String], link: String) throws {
    let entries = items.enumerated().map { n, item in
      FeedXML.Item(
        title: item, link: link, guid: "\(name)-\(n)", pubDate: "Thu, 0\(4 - n) Sep 2014 17:09:00 GMT",
        description: "Summary of \(item).")
    }
    try folder.temporary.write(FeedXML.rss(title: title, items: entries), to: "www/\(name)")
  }

  /// Writes the urls file's `lines` and the config `config`.
  static func configure(_ folder: RunFolder, urls lines: [String], config: String) throws {
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
  }

  @Test("ignore-article tag:TAG hides the tag's feeds' articles, in the reader and in splitfeed reload")
  func ignoreArticleByTag() throws {
    let folder = try RunFolder("splitfeed-ignore-tag")
    let web = try folder.serveWebRoot()
    defer { web.stop() }
    let link = web.url("page.html")
    try Self.writeFeed(folder, "ads.xml", title: "Ads feed", items: ["Sponsored ads story", "Real ads story"], link: link)
    try Self.writeFeed(folder, "plain.xml", title: "Plain feed", items: ["Sponsored plain story", "Real plain story"], link: link)
    try Self.configure(
      folder, urls: [web.url("ads.xml") + " promo", web.url("plain.xml")], config: #"ignore-article tag:promo "title =~ \"Sponsored\"""# + "\n")

    // `splitfeed reload` stores the articles flagged as the reader would: the tagged feed's only.
    let reload = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 0, "\(reload.stderr)")
    let flagged = try DatabaseQueue(path: folder.cacheFile).read { db in
      try String.fetchAll(db, sql: "SELECT title FROM items WHERE ignored = 1 ORDER BY title")
    }
    #expect(flagged == ["Sponsored ads story"])

    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    // Unread, Starred, the tag, the untagged feed: the tag and Unread count without the sponsored story.
    try tmux.waitUntil("the feeds counted without the tagged feed's sponsored story") { screen in
      screen.contains { $0.range(of: #"Unread +3\b"#, options: .regularExpression) != nil }
        && screen.contains { $0.range(of: #"promo/ +1\b"#, options: .regularExpression) != nil }
        && screen.contains { $0.contains("Plain feed") && $0.contains("2/2") }
    }
    try tmux.send(keys: "Home", "j", "j", "Enter")
    try tmux.waitUntil("the tag's feed") { $0.contains { $0.contains("Ads feed") && $0.contains("1/1") } }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Real ads story")
    #expect(!(try tmux.settledScreen()).contains { $0.contains("Sponsored ads story") })
  }

  @Test("always-full-article tag:TAG opens the tag's feeds' articles on their page, and only theirs")
  func alwaysFullArticleByTag() throws {
    let folder = try RunFolder("splitfeed-full-tag")
    let web = try folder.serveWebRoot()
    defer { web.stop() }
    try folder.temporary.write(NewsPage.article(), to: "www/page.html")
    let link = web.url("page.html")
    try Self.writeFeed(folder, "long.xml", title: "Long feed", items: ["Long story"], link: link)
    try Self.writeFeed(folder, "short.xml", title: "Short feed", items: ["Short story"], link: link)
    try Self.configure(folder, urls: [web.url("long.xml") + " longreads", web.url("short.xml")], config: "always-full-article tag:longreads\n")
    let pageRequests = { web.requests.filter { $0.path == "/page.html" }.count }

    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded")
    // Unread, Starred, the tag, the untagged feed. The untagged feed first: its article opens on the
    // feed's summary and its page is never asked.
    try tmux.send(keys: "End", "Enter")
    try tmux.waitFor(text: "Short story")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Summary of Short story.")
    #expect(!(try tmux.settledScreen()).contains { $0.contains("story1word") })
    #expect(pageRequests() == 0, "the untagged feed's page was fetched")
    // The tagged feed's article opens on its page, without `f`.
    try tmux.send(keys: "Escape", "Escape")
    try tmux.waitUntil("the feed list again") { $0.contains { $0.contains("Starred") } }
    try tmux.send(keys: "Home", "j", "j", "Enter")
    try tmux.waitUntil("the tag's feed") { $0.contains { $0.contains("Long feed") && $0.contains("1/1") } }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Long story")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "story1word one", timeout: 30)
    #expect(pageRequests() == 1)
  }

  @Test("reload-interval: the running reader polls on its timer; a due feed's new article shows, a fresh one is not asked")
  func theReadersTimerPollsWhatIsDue() throws {
    let folder = try RunFolder("splitfeed-timer")
    let web = try folder.serveWebRoot()
    defer { web.stop() }
    // One article and no date gap: due at every tick (`PollSchedule.adaptivePeriod`). Its file dated an
    // hour ago, so the new one's Last-Modified differs even when written within the same second.
    try folder.writeFeed("due.xml", title: "Due feed", items: ["Due story 1"])
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: folder.root.appendingPathComponent("www/due.xml").path)
    let fresh = try TestHTTPServer { _ in
      TestHTTPServer.Response(
        headers: [("Cache-Control", "max-age=3600")],
        body: Data(FeedXML.rss(title: "Fresh feed", items: [FeedXML.Item(title: "Fresh story", guid: "f1")]).utf8))
    }
    defer { fresh.stop() }
    try Self.configure(folder, urls: [web.url("due.xml"), fresh.url("fresh.xml")], config: "reload-interval 1\n")
    let asked = { (server: TestHTTPServer, path: String) in server.requests.filter { $0.path == path }.count }

    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitUntil(timeout: 30, "both feeds listed") { screen in
      screen.contains { $0.contains("Due feed") && $0.contains("1/1") } && screen.contains { $0.contains("Fresh feed") && $0.contains("1/1") }
    }
    #expect(asked(web, "/due.xml") == 1 && asked(fresh, "/fresh.xml") == 1)
    try folder.writeFeed("due.xml", title: "Due feed", items: ["Due story 2", "Due story 1"])
    // The timer's first tick is a minute after the start: no key is pressed, the reader asks by itself.
    let listed = try tmux.waitUntil(timeout: 150, "the due feed's new article listed by the timer") { screen in
      screen.contains { $0.contains("Due feed") && $0.contains("2/2") }
    }
    print("the reader's timer: due.xml asked \(asked(web, "/due.xml")) times, fresh.xml \(asked(fresh, "/fresh.xml"))")
    #expect(asked(web, "/due.xml") == 2)
    #expect(asked(fresh, "/fresh.xml") == 1, "the fresh feed was asked before its max-age ran out")
    #expect(listed.contains { $0.contains("Fresh feed") && $0.contains("1/1") })
  }
}
