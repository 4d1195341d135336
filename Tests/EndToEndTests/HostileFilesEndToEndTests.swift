import Foundation
import Reader
import TestSupport
import Testing

/// The commands against files and servers that lie: a newsboat cache with values of foreign types, a
/// guid holding a line break, titles holding terminal commands, a full disk, and a dozen `subscribe`s at
/// once. Each drives the real binary as a user's shell or cron would.
@Suite("Hostile files and commands")
struct HostileFilesEndToEndTests {
  /// A newsboat folder (urls, config, cache.db written by sqlite3, not by newsboat) and a splitfeed
  /// library beside it.
  struct NewsboatScene {
    let folder: RunFolder
    var newsboat: String { folder.root.appendingPathComponent("newsboat").path }

    init() throws {
      folder = try RunFolder("hostile-newsboat")
      try FileManager.default.createDirectory(atPath: newsboat, withIntermediateDirectories: true)
      try Data("https://a.example/feed\nexec:\u{1B}]52;c;aGk=\u{07}\n".utf8).write(to: URL(fileURLWithPath: newsboat + "/urls"))
      try Data("\u{1B}]0;pwned\u{07}\u{1B}[2J yes\n".utf8).write(to: URL(fileURLWithPath: newsboat + "/config"))
      let columns = "id INTEGER PRIMARY KEY, guid, title, author, url, feedurl, pubDate, content, unread, flags, deleted, enclosure_url, enclosure_type"
      let feed = "'https://a.example/feed'"
      let rows = [
        "(1, 'ok-1', 'Fine', 'me', 'https://a.example/1', \(feed), 1700000000, 'body', 0, '', 0, NULL, NULL)",
        // Text where newsboat writes numbers.
        "(2, 'text-date', 'Text date', NULL, 'https://a.example/2', \(feed), 'yesterday', 'x', 'no', NULL, 0, NULL, NULL)",
        // A real out of every integer's range, and one below it.
        "(3, 'huge-date', 'Huge date', NULL, 'https://a.example/3', \(feed), 1e300, NULL, 1, NULL, 0, NULL, NULL)",
        "(4, 'tiny-date', 'Tiny date', NULL, 'https://a.example/4', \(feed), -1e300, NULL, 1, NULL, 0, NULL, NULL)",
        // Blobs that are not UTF-8 as title and content.
        "(5, 'blob-title', X'FFFE41', '', 'https://a.example/5', \(feed), 1700000000, X'C3', 0, 's', 0, NULL, NULL)",
        // NULL in every column but the feed's.
        "(6, NULL, NULL, NULL, 'https://a.example/6', \(feed), NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
        // Unreadable keys: a guid, a feed address that are not UTF-8; no feed address at all.
        "(7, X'FF00', 'Bad guid', NULL, 'https://a.example/7', \(feed), 1, NULL, 0, NULL, 0, NULL, NULL)",
        "(8, 'bad-feed', 'Bad feed', NULL, 'https://a.example/8', X'FFFF', 1, NULL, 0, NULL, 0, NULL, NULL)",
        "(9, 'null-feed', 'Null feed', NULL, 'https://a.example/9', NULL, 1, NULL, 0, NULL, 0, NULL, NULL)",
        // A read article whose guid plants a second line in `export --read-state`.
        "(10, 'evil' || char(10) || 'https://b.example/victim', 'Evil', NULL, 'https://a.example/10', \(feed), 1700000000, NULL, 0, NULL, 0, NULL, NULL)",
      ]
      let sql = "CREATE TABLE rss_item (\(columns)); INSERT INTO rss_item VALUES \(rows.joined(separator: ", "));"
      let made = try Command.run("sqlite3", [newsboat + "/cache.db", sql])
      #expect(made.status == 0, "\(made.stderr)")
    }

    func splitfeed(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try DumpCommandTests.run(arguments + ["--config-dir", folder.configDir, "--cache", folder.cacheFile])
    }
  }

  /// No byte that drives a terminal: no ESC at all (a command prints no styling), nor BEL, C1 or bidi.
  static func expectInert(_ text: String, _ what: String) {
    #expect(!text.utf8.contains(0x1B), "\(what): \(text.debugDescription)")
    #expect(InjectionEndToEndTests.injections(in: Array(text.utf8)).isEmpty, "\(what): \(text.debugDescription)")
  }

  @Test("import-newsboat reads a cache of foreign column types without a crash, and says what it skipped")
  func importNewsboatSurvivesForeignTypes() throws {
    let scene = try NewsboatScene()
    defer { try? FileManager.default.removeItem(at: scene.folder.root) }
    let result = try scene.splitfeed(["import-newsboat", "--offline", scene.newsboat])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("articles: 7 (3 read, 1 flagged"), "\(result.stdout)")
    #expect(result.stdout.contains("not taken: 3 articles whose feed address or guid could not be read"), "\(result.stdout)")
    #expect(result.stdout.contains("note: 4 articles of cache.db had a date, read mark or text of a type"), "\(result.stdout)")
    // The report names newsboat's lines, which carry terminal commands here: shown inert.
    Self.expectInert(result.stdout + result.stderr, "import-newsboat")
  }

  @Test("export --read-state writes one guid a line: a guid with a line break is left out and counted")
  func readStateGuidsStayOnTheirLines() throws {
    let scene = try NewsboatScene()
    defer { try? FileManager.default.removeItem(at: scene.folder.root) }
    #expect(try scene.splitfeed(["import-newsboat", "--offline", scene.newsboat]).status == 0)
    let file = scene.folder.root.appendingPathComponent("read.txt").path
    let result = try scene.splitfeed(["export", "--read-state", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Wrote the guids of 2 read articles to \(file). Left out 1 guid holding a line break.\n")
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(Set(lines) == ["ok-1", "blob-title", ""], "\(lines)")
  }

  @Test("import-newsboat and export --read-state on a full disk: one line on stderr, exit 1")
  func reportsOnAFullDisk() throws {
    let scene = try NewsboatScene()
    defer { try? FileManager.default.removeItem(at: scene.folder.root) }
    let library = "--config-dir '\(scene.folder.configDir)' --cache '\(scene.folder.cacheFile)'"
    let file = scene.folder.root.appendingPathComponent("read.txt").path
    for command in ["import-newsboat --offline '\(scene.newsboat)'", "export --read-state '\(file)'"] {
      let result = try CommandLineEndToEndTests.sh("\"$SPLITFEED\" \(command) \(library) >/dev/full 2>\"$ERR\"")
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.hasSuffix("splitfeed: could not write to standard output: No space left on device\n"), "\(command): \(result.stderr)")
    }
  }

  @Test("subscribe and unsubscribe print a server's feed title and stream id inert")
  func subscribeOnAHostileServer() throws {
    let folder = try RunFolder("hostile-sync")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.answerSubscribe(
      streamID: "evil\u{1B}]52;c;aGk=\u{07}", title: "Evil \u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}end")
    let passwordFile = folder.root.appendingPathComponent("password").path
    try Data((server.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    try Data("sync greader\nsync-url \(server.apiURL)\nsync-user \(server.user)\nsync-password-file \(passwordFile)\n".utf8)
      .write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let library = ["--config-dir", folder.configDir, "--cache", folder.cacheFile]
    let subscribed = try DumpCommandTests.run(["subscribe", "https://evil.example/feed"] + library)
    #expect(subscribed.status == 0, "\(subscribed.stderr)")
    #expect(subscribed.stdout.hasPrefix("Subscribed to Evil \u{FFFD}]0;pwned"), "\(subscribed.stdout.debugDescription)")
    Self.expectInert(subscribed.stdout + subscribed.stderr, "subscribe")
    let gone = try DumpCommandTests.run(["unsubscribe", "https://evil.example/feed"] + library)
    #expect(gone.status == 0, "\(gone.stderr)")
    #expect(gone.stdout.hasPrefix("Unsubscribed from Evil"), "\(gone.stdout.debugDescription)")
    Self.expectInert(gone.stdout + gone.stderr, "unsubscribe")
  }

  @Test("reload of hostile feeds: its summary and warnings are inert")
  func reloadOfHostileFeeds() throws {
    let folder = try RunFolder("hostile-reload")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let result = try DumpCommandTests.run(
      ["reload"] + InjectionEndToEndTests.hostileSources + ["--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(result.status == 1, "the missing feed fails")
    #expect(result.stdout.hasPrefix("Reloaded 3 feeds"), "\(result.stdout)")
    Self.expectInert(result.stdout + result.stderr, "reload")
  }

  @Test("an ignore-article regex that backtracks forever: reload ends within its bound and says so once")
  func catastrophicRegex() throws {
    let folder = try RunFolder("hostile-regex")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    try FileManager.default.createDirectory(at: folder.root.appendingPathComponent("www"), withIntermediateDirectories: true)
    // (a+)+$ against 30 a's and a "!": some 20 s of backtracking per title without a budget.
    let hostile = String(repeating: "a", count: 30) + "!"
    try folder.writeFeed("evil.xml", title: "Evil", items: (0..<20).map { "\(hostile)\($0 % 10)" } + ["aaa"])
    // The rule as the user writes it; `reload` (a cron reload here) follows the config's lines.
    try FileManager.default.createDirectory(atPath: folder.configDir, withIntermediateDirectories: true)
    try Data(#"ignore-article * "title =~ \"(a+)+$\"""#.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let feed = folder.root.appendingPathComponent("www/evil.xml").path
    let start = Date()
    let result = try DumpCommandTests.run(["reload", feed, "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    let seconds = Date().timeIntervalSince(start)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(seconds < 15, "reload took \(seconds) s")
    let slow = result.stderr.split(separator: "\n").filter { $0.contains("took too long") }
    #expect(slow == ["splitfeed: the regular expression \"(a+)+$\" took too long on 20 articles (over 10 ms each); taken as not matching them"], "\(result.stderr)")
  }

  @Test("12 subscribe at once keep all 12 lines; 6 unsubscribe at once remove exactly theirs")
  func concurrentEditsOfTheUrlsFile() throws {
    let folder = try RunFolder("urls-race")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let urls = folder.configDir + "/urls"
    try Data("# my feeds\nhttps://kept.example/feed\n".utf8).write(to: URL(fileURLWithPath: urls))
    let library = ["--config-dir", folder.configDir, "--cache", folder.cacheFile]
    func all(_ command: String, _ numbers: some Sequence<Int>) throws -> [Int32] {
      let pids = try numbers.map { n in
        try ChildProcess.spawn(TmuxHarness.binary, [command, "https://feed-\(n).example/rss"] + library, stdoutPath: "/dev/null")
      }
      return pids.map { ChildProcess.wait($0) }
    }
    #expect(try all("subscribe", 1...12) == Array(repeating: 0, count: 12))
    var lines = try String(contentsOfFile: urls, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 14, "\(lines)")
    #expect(Set(lines) == Set(["# my feeds", "https://kept.example/feed"] + (1...12).map { "https://feed-\($0).example/rss" }))
    #expect(try all("unsubscribe", stride(from: 1, through: 11, by: 2)) == Array(repeating: 0, count: 6))
    lines = try String(contentsOfFile: urls, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 8, "\(lines)")
    #expect(Set(lines) == Set(["# my feeds", "https://kept.example/feed"] + stride(from: 2, through: 12, by: 2).map { "https://feed-\($0).example/rss" }))
  }
}
