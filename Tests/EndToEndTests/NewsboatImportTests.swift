import Foundation
import Reader
import TestSupport
import Testing

/// `import-newsboat` and `export --read-state` against what newsboat 2.21 itself writes: newsboat
/// fetches two loopback feeds into its own cache.db, articles are then marked read and flagged in its
/// database the way newsboat stores them (`rss_item.unread`, `rss_item.flags`), and splitfeed imports.
@Suite("import-newsboat", .serialized)
struct NewsboatImportTests {
  /// A newsboat folder (urls, config, cache.db made by `newsboat -x reload`) and the server of its feeds.
  final class Scene {
    let folder: URL
    let served: URL
    let server: TestHTTPServer
    let splitfeed: RunFolder

    var cacheFile: String { folder.appendingPathComponent("cache.db").path }
    var newsboatArguments: [String] {
      ["-u", folder.appendingPathComponent("urls").path, "-c", cacheFile, "-C", folder.appendingPathComponent("config").path]
    }

    init() throws {
      splitfeed = try RunFolder("newsboat-import")
      folder = splitfeed.root.appendingPathComponent("newsboat")
      served = splitfeed.root.appendingPathComponent("served")
      for dir in [folder, served] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }
      try Self.feed("Alpha", items: ["a1", "a2", "a3"]).write(to: served.appendingPathComponent("alpha.xml"), atomically: true, encoding: .utf8)
      try Self.feed("Beta", items: ["b1", nil]).write(to: served.appendingPathComponent("beta.xml"), atomically: true, encoding: .utf8)
      server = try TestHTTPServer(serving: served)
      try """
        \(server.url("alpha.xml")) tech "~Alpha renamed"
        \(server.url("beta.xml")) "!" news
        "query:Flagged:flags # \\"s\\"" tech

        """.write(to: folder.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
      try """
        bind-key ^R reload-all
        bind-key j down feedlist
        color listfocus black cyan bold
        browser "lynx %u"
        reload-threads 3
        max-items 50
        keep-articles-days 36500
        show-read-feeds no

        """.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
      try newsboat(["-x", "reload"])
    }

    /// RSS with one item per id (nil: an item without a guid, which newsboat keys by its link).
    static func feed(_ title: String, items: [String?]) -> String {
      let entries = items.enumerated().map { index, id in
        let name = id ?? "\(title.lowercased())-noguid"
        return """
          <item><title>\(title) \(name)</title><link>https://example.org/\(name)</link>\(id.map { "<guid>\($0)</guid>" } ?? "")
          <description>&lt;p&gt;Body of \(name)&lt;/p&gt;</description><pubDate>Mon, 0\(index + 1) Mar 2026 09:00:00 GMT</pubDate></item>
          """
      }
      return """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title><link>https://example.org/</link>
        \(entries.joined(separator: "\n"))
        </channel></rss>
        """
    }

    @discardableResult
    func newsboat(_ arguments: [String]) throws -> Command.Result {
      let result = try Command.run("newsboat", newsboatArguments + arguments, environment: ["HOME": splitfeed.root.path])
      #expect(result.status == 0, "newsboat \(arguments): \(result.stderr)")
      return result
    }

    func sqlite(_ sql: String, file: String? = nil) throws -> String {
      let result = try Command.run("sqlite3", [file ?? cacheFile, sql])
      #expect(result.status == 0, "\(sql): \(result.stderr)")
      return result.stdout
    }

    func splitfeedRun(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try DumpCommandTests.run(arguments + ["--config-dir", splitfeed.configDir, "--cache", splitfeed.cacheFile])
    }

    /// Every file of newsboat's folder with its bytes and modification time.
    func newsboatFiles() throws -> [String: String] {
      var files: [String: String] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        let path = folder.appendingPathComponent(name).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        files[name] = "\(data.hashValue) \(String(describing: attributes[.modificationDate]))"
      }
      return files
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(at: splitfeed.root)
    }
  }

  /// The item without a guid, and the guid newsboat 2.21 gives it: its link followed by its pubDate text.
  static let noGuid = "https://example.org/beta-noguid"
  static let noGuidInNewsboat = noGuid + "Mon, 02 Mar 2026 09:00:00 GMT"

  /// The article rows of splitfeed's cache: guid or link → (read, starred, flags).
  static func articles(_ scene: Scene) throws -> [String: (read: Bool, starred: Bool, flags: String)] {
    let cache = try Cache(path: scene.splitfeed.cacheFile, readOnly: true)
    var out: [String: (read: Bool, starred: Bool, flags: String)] = [:]
    for feed in try cache.feeds() {
      for summary in try cache.items(feedID: feed.id) {
        let article = try #require(try cache.article(id: summary.id))
        let name = article.item.id ?? article.item.link ?? "?"
        #expect(out[name] == nil, "\(name) is in the cache twice")
        out[name] = (article.isRead, article.isStarred, article.flags)
      }
    }
    return out
  }

  @Test func takesNewsboatsOwnCacheAndIsSafeToRunTwice() throws {
    let scene = try Scene()
    let noGuid = Self.noGuid
    #expect(try scene.sqlite("SELECT count(*) FROM rss_item") == "5\n")
    _ = try scene.sqlite("UPDATE rss_item SET unread = 0 WHERE guid IN ('a1', '\(Self.noGuidInNewsboat)')")
    _ = try scene.sqlite("UPDATE rss_item SET flags = 's' WHERE guid = 'a2'")
    _ = try scene.sqlite("UPDATE rss_item SET unread = 0, flags = 'bA' WHERE guid = 'a3'")
    // The feed drops a3: newsboat keeps it, and so must the import (with its content).
    try Scene.feed("Alpha", items: ["a1", "a2"]).write(
      to: scene.served.appendingPathComponent("alpha.xml"), atomically: true, encoding: .utf8)
    let before = try scene.newsboatFiles()

    let first = try scene.splitfeedRun(["import-newsboat", scene.folder.path])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains("2 feeds added"), "\(first.stdout)")
    #expect(first.stdout.contains("took bind-key, color, browser, reload-threads"), "\(first.stdout)")
    #expect(first.stdout.contains("took bind-key, color, browser, reload-threads, max-items, keep-articles-days"), "\(first.stdout)")
    #expect(first.stdout.contains("bind-key j down feedlist"), "\(first.stdout)")
    #expect(first.stdout.contains("1 added from newsboat's"), "\(first.stdout)")
    // "~Alpha renamed" and "!" are acted on (everyImportedLineActsInTheReader): no line says otherwise.
    #expect(first.stdout.contains("1 with a \"~title\", 1 hidden \"!\""), "\(first.stdout)")
    let notTaken = first.stdout.split(separator: "\n").filter { $0.contains("not taken") }
    #expect(!notTaken.contains { $0.contains("~title") || $0.contains("\"!\"") || $0.contains("act on") }, "\(first.stdout)")

    let articles = try Self.articles(scene)
    #expect(Set(articles.keys) == ["a1", "a2", "a3", "b1", noGuid])
    #expect(articles["a1"].map { [$0.read, $0.starred] } == [true, false])
    #expect(articles["a2"].map { [$0.read, $0.starred] } == [false, true])
    #expect(articles["a2"]?.flags == "s")
    #expect(articles["a3"].map { [$0.read, $0.starred] } == [true, true])
    #expect(articles["a3"]?.flags == "Ab")
    #expect(articles[noGuid]?.read == true)
    #expect(articles["b1"]?.read == false)
    let cache = try Cache(path: scene.splitfeed.cacheFile, readOnly: true)
    let alpha = try #require(try cache.feeds().first { $0.url.hasSuffix("alpha.xml") })
    let kept = try #require(try cache.items(feedID: alpha.id).first { $0.title == "Alpha a3" })
    #expect(try cache.article(id: kept.id)?.item.body?.contains("Body of a3") == true)

    let urls = try String(contentsOfFile: scene.splitfeed.configDir + "/urls", encoding: .utf8)
    let entries = UrlsFile.parse(urls).entries
    #expect(entries.map(\.tags) == [["tech"], ["news"]])
    #expect(entries.map(\.title) == ["Alpha renamed", nil])
    #expect(entries.map(\.isHidden) == [false, true])
    #expect(urls.contains(#""query:Flagged:flags # \"s\"" tech"#))
    let config = try String(contentsOfFile: scene.splitfeed.configDir + "/config", encoding: .utf8)
    #expect(config.contains("bind-key ^R reload-all\ncolor selection black cyan bold\nbrowser \"lynx %u\"\nreload-threads 3\n"))
    // newsboat's limits carry over (a long one here: newsboat applies it to the fixture's old articles too).
    #expect(config.contains("\nmax-articles-per-feed 50\nkeep-articles-days 36500\n"), "\(config)")

    let second = try scene.splitfeedRun(["import-newsboat", scene.folder.path])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("0 feeds added"), "\(second.stdout)")
    #expect(second.stdout.contains("5 matched in splitfeed's cache, 0 added"), "\(second.stdout)")
    #expect(try Self.articles(scene).count == 5)
    #expect(try String(contentsOfFile: scene.splitfeed.configDir + "/urls", encoding: .utf8) == urls)
    #expect(try String(contentsOfFile: scene.splitfeed.configDir + "/config", encoding: .utf8) == config)
    #expect(try scene.newsboatFiles() == before, "newsboat's files were written")
  }

  @Test func refusesACacheNewsboatHoldsOpen() throws {
    let scene = try Scene()
    let tmux = try TmuxHarness(environment: ["HOME": scene.splitfeed.root.path], interactiveShell: true)
    defer { tmux.close() }
    try tmux.waitFor(text: "PROMPT$")
    try tmux.type((["newsboat"] + scene.newsboatArguments).map(TmuxHarness.shellQuote).joined(separator: " "))
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Alpha")
    #expect(FileManager.default.fileExists(atPath: scene.cacheFile + ".lock"))

    let refused = try scene.splitfeedRun(["import-newsboat", scene.folder.path])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("newsboat (pid "), "\(refused.stderr)")
    #expect(refused.stderr.contains("Nothing was imported"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: scene.splitfeed.configDir + "/urls"))

    try tmux.send(keys: "q")
    try tmux.waitFor(text: "PROMPT$")
    let after = try scene.splitfeedRun(["import-newsboat", scene.folder.path])
    #expect(after.status == 0, "\(after.stderr)")
  }

  @Test func readStateGoesBackToNewsboat() throws {
    let scene = try Scene()
    _ = try scene.sqlite("UPDATE rss_item SET unread = 0 WHERE guid = 'a2'")
    #expect(try scene.splitfeedRun(["import-newsboat", scene.folder.path]).status == 0)
    let cache = try Cache(path: scene.splitfeed.cacheFile)
    let beta = try #require(try cache.feeds().first { $0.url.hasSuffix("beta.xml") })
    try cache.markFeedRead(beta.id)

    let file = scene.splitfeed.root.appendingPathComponent("read-state.txt").path
    let export = try scene.splitfeedRun(["export", "--read-state", file])
    #expect(export.status == 0, "\(export.stderr)")
    let guids = try String(contentsOfFile: file, encoding: .utf8)
    #expect(Set(guids.split(separator: "\n")) == ["a2", "b1", Substring(Self.noGuidInNewsboat)])

    // newsboat -I marks them read in a cache where every article is unread.
    _ = try scene.sqlite("UPDATE rss_item SET unread = 1")
    try scene.newsboat(["-I", file])
    #expect(try scene.sqlite("SELECT guid FROM rss_item WHERE unread = 0 ORDER BY guid")
      == "a2\nb1\n\(Self.noGuidInNewsboat)\n")
  }

  /// Every line `import-newsboat` writes, replayed in the reader (issue 23, point 2): none is reported as
  /// a problem, and each does what it did in newsboat: Space goes to the next unread article, ^R reloads
  /// every feed, the focused row has newsboat's colours, `o` runs the browser with the link,
  /// `show-read-articles no` starts with read articles hidden, `confirm-exit` asks before quitting.
  @Test func everyImportedLineActsInTheReader() throws {
    let scene = try Scene()
    let log = scene.splitfeed.root.appendingPathComponent("browser.log").path
    let browser = scene.splitfeed.root.appendingPathComponent("browser.sh").path
    try TemporaryDirectory.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log)'\n", atPath: browser)
    try """
      bind-key SPACE next-unread
      bind-key ^R reload-all
      color listfocus black cyan bold
      browser "\(browser) %u"
      show-read-articles no
      confirm-exit yes
      bind-key u show-urls

      """.write(to: scene.folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let imported = try scene.splitfeedRun(["import-newsboat", scene.folder.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    // newsboat's u is its links view; here u stays undo, and the summary says so instead of listing it.
    #expect(imported.stdout.contains("  note: bind-key u show-urls: left out, u stays undo here"), "\(imported.stdout)")
    #expect(imported.stdout.contains("  note: newsboat's u (show-urls) is L here: u stays undo"), "\(imported.stdout)")
    #expect(!imported.stdout.contains("not taken: bind-key u"), "\(imported.stdout)")
    let config = try String(contentsOfFile: scene.splitfeed.configDir + "/config", encoding: .utf8)
    let written = config.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(written == [
      "bind-key SPACE next-unread", "bind-key ^R reload-all", "color selection black cyan bold",
      "browser \"\(browser) %u\"", "show-read-articles no", "confirm-exit yes",
    ], "\(config)")

    let tmux = try TmuxHarness(
      arguments: ["--config-dir", scene.splitfeed.configDir, "--cache", scene.splitfeed.cacheFile], cols: 120, rows: 40,
      environment: ["NO_COLOR": ""])  // colours on, whatever the test runner's environment says
    defer { tmux.close() }
    // The import fetched the feeds: the reader starts without a reload, and with nothing to report.
    try tmux.waitFor(text: "Unread")
    let start = try tmux.settledScreen()
    #expect((start.last ?? "").trimmingCharacters(in: .whitespaces).hasPrefix("1 Feeds"), "a written line is reported: \(start.last ?? "")")
    // show-read-articles no: the lists start with read articles hidden.
    #expect(start.contains { $0.contains("unread only") }, "\(start.joined(separator: "\n"))")
    // color listfocus black cyan bold: the focused row.
    let styled = try tmux.settledScreen(styled: true)
    #expect(styled.contains { $0.contains("{attr1=1,bg=46,fg=30}") }, "\(styled.joined(separator: "\n"))")
    // Space (next-unread) opens an unread article.
    try tmux.send(keys: "Space")
    let article = try tmux.waitFor(text: "Body of ")
    #expect(article.contains { $0.contains("Hide list") }, "the article's toolbar: \(article.joined(separator: "\n"))")
    // u is still undo (the import left `bind-key u show-urls` out).
    try tmux.send(keys: "u")
    try tmux.waitFor(text: "Nothing to undo.")
    // o: the browser line runs with the article's link as its argument.
    try tmux.send(keys: "o")
    try tmux.waitUntil("the browser ran") { _ in FileManager.default.fileExists(atPath: log) }
    #expect(try String(contentsOfFile: log, encoding: .utf8).hasPrefix("https://example.org/"))
    // ^R (reload-all): every feed again.
    try tmux.send(keys: "C-r")
    try tmux.waitUntil("a second reload of both feeds") { ($0.last ?? "").contains("Reloaded 2 feeds") }
    // confirm-exit yes: q at the root asks; n stays.
    for _ in 0..<3 { try tmux.send(keys: "Escape") }
    try tmux.send(keys: "q")
    try tmux.waitFor(text: "Quit splitfeed? (y/n)")
    try tmux.send(keys: "n")
    try tmux.waitUntil("the question gone") { !$0.joined().contains("Quit splitfeed?") }
    #expect(!(try tmux.screen().joined().contains("SPLITFEED-EXIT")))
  }
}
