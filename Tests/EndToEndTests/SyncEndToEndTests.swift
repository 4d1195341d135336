import Foundation
import Reader
import TestSupport
import Testing

/// Sync against a real FreshRSS (`../shared/freshrss`), with the binary as the user runs it: `reload` and
/// `sync-login` as commands, the reader in tmux. "Another device" is the test calling the Google Reader
/// API itself (`GReaderDevice`). Feeds are served from 127.0.0.1 and subscribed on the server.
@Suite("Sync with FreshRSS", .serialized, .enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason))
struct SyncEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var passwordFile: String { root.appendingPathComponent("password").path }

  init() throws {
    folder = try RunFolder("splitfeed-sync")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
  }

  /// Three feeds of three articles each, served locally, subscribed on a fresh FreshRSS; splitfeed's
  /// config points at it.
  func setUp() throws -> (web: TestHTTPServer, server: FreshRSSServer, device: GReaderDevice) {
    for name in ["Alpha", "Beta", "Gamma"] {
      try folder.writeFeed("\(name).xml", title: name, items: (1...3).map { "\(name) story \($0)" })
    }
    let web = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let server = try FreshRSSServer()
    let device = try GReaderDevice(server)
    for name in ["Alpha", "Beta", "Gamma"] { try device.subscribe(web.url("\(name).xml")) }
    try Data((server.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    try writeConfig(server.configLines(passwordFile: passwordFile))
    return (web, server, device)
  }

  func writeConfig(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
  }

  var libraryArguments: [String] { ["--config-dir", folder.configDir, "--cache", folder.cacheFile] }

  /// Runs `splitfeed arguments… --config-dir … --cache …` to its end.
  func splitfeed(_ arguments: String...) throws -> Command.Result {
    try Command.run(TmuxHarness.binary, arguments + libraryArguments, environment: ["HOME": root.path])
  }

  func launch(_ cols: Int = 120, _ rows: Int = 40) throws -> TmuxHarness {
    try TmuxHarness(arguments: libraryArguments, cols: cols, rows: rows)
  }

  /// The cache's articles by title: read and starred.
  func cacheStates() throws -> [String: (read: Bool, starred: Bool)] {
    let cache = try Cache(path: folder.cacheFile, readOnly: true)
    var states: [String: (read: Bool, starred: Bool)] = [:]
    for feed in try cache.feeds() {
      for item in try cache.items(feedID: feed.id) { states[item.title] = (item.isRead, item.isStarred) }
    }
    return states
  }

  /// Both sides hold the same articles with the same read and starred states, item by item.
  func expectAgreement(_ device: GReaderDevice, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let remote = try device.items()
    let local = try cacheStates()
    #expect(remote.count == 9, sourceLocation: sourceLocation)
    #expect(Set(remote.map(\.title)) == Set(local.keys), sourceLocation: sourceLocation)
    for item in remote {
      let mine = local[item.title]
      #expect(mine?.read == item.isRead, "read of \(item.title)", sourceLocation: sourceLocation)
      #expect(mine?.starred == item.isStarred, "star of \(item.title)", sourceLocation: sourceLocation)
    }
  }

  /// Polls the server until `condition` holds (marks are sent in the background).
  func waitForServer(_ device: GReaderDevice, _ what: String, _ condition: ([GReaderDevice.Item]) -> Bool) throws {
    let deadline = Date().addingTimeInterval(15)
    var last: [GReaderDevice.Item] = []
    while Date() < deadline {
      last = try device.items()
      if condition(last) { return }
      Thread.sleep(forTimeInterval: 0.2)
    }
    throw TmuxHarness.Failure(description: "the server never showed \(what): \(last)")
  }

  @Test func readAndStarHereThenThereBothSidesAgree() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, device) = try setUp()
    defer { web.stop(); server.stop() }

    let login = try splitfeed("sync-login")
    #expect(login.status == 0, "\(login.stderr)")
    #expect(login.stdout == "Logged in to \(server.apiURL) as \(server.user): the API answers.\n")
    let first = try splitfeed("reload")
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.hasPrefix("Synced 3 feeds: 9 new articles"), "\(first.stdout)")
    try expectAgreement(device)

    // In the reader: open two articles of the first feed, star the second, quit.
    let tmux = try launch()
    defer { tmux.close() }
    try tmux.waitUntil("Gamma listed, Alpha counted 3/3") { screen in
      screen.contains { $0.contains("Gamma") } && screen.contains { $0.contains("Alpha") && $0.contains("3/3") }
    }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "story 2")
    try tmux.send(keys: "Enter")
    let opened = try tmux.waitFor(text: "Body of ")
    let firstTitle = try #require(bodyTitle(opened))
    try tmux.send(keys: "J")
    let next = try tmux.waitUntil("the next article") { bodyTitle($0).map { $0 != firstTitle } == true }
    let secondTitle = try #require(bodyTitle(next))
    try tmux.send(keys: "s")
    try tmux.waitFor(text: "★")
    // Sent after each action, without a reload.
    try waitForServer(device, "two read and one starred") { items in
      items.filter(\.isRead).map(\.title).sorted() == [firstTitle, secondTitle].sorted()
        && items.filter(\.isStarred).map(\.title) == [secondTitle]
    }
    try tmux.send(keys: "q", "q", "q")
    #expect(try tmux.waitForExit().status == 0)
    try expectAgreement(device)

    // The other device: the first article unread again, a third one starred.
    let unread = try device.item(titled: firstTitle)
    let other = try #require(try device.items().first { !$0.isStarred && $0.title != firstTitle && $0.title != secondTitle })
    try device.editTag([unread.id], remove: GReaderDevice.readTag)
    try device.editTag([other.id], add: GReaderDevice.starredTag)
    let second = try splitfeed("reload")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("2 changes from the server"), "\(second.stdout)")
    try expectAgreement(device)
    let states = try cacheStates()
    #expect(states[firstTitle]?.read == false)
    #expect(states[secondTitle]?.read == true && states[secondTitle]?.starred == true)
    #expect(states[other.title]?.starred == true)
    // The password is nowhere in the cache (its token is).
    for suffix in ["", "-wal"] {
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: folder.cacheFile + suffix))) ?? Data()
      #expect(bytes.range(of: Data(server.password.utf8)) == nil, "cache.db\(suffix) holds the password")
    }
  }

  /// The title of the open article, from its body line (`Body of <title>.`).
  func bodyTitle(_ screen: [String]) -> String? {
    for line in screen {
      guard let range = line.range(of: "Body of ") else { continue }
      let rest = line[range.upperBound...]
      guard let end = rest.firstIndex(of: ".") else { continue }
      return String(rest[..<end])
    }
    return nil
  }

  @Test func killedWithMarksQueuedNothingIsLost() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, device) = try setUp()
    defer { web.stop(); server.stop() }
    #expect(try splitfeed("reload").status == 0)

    // The server goes away; the reader marks regardless and says what it kept.
    let tmux = try launch()
    defer { tmux.close() }
    try tmux.waitFor(text: "Gamma")
    try server.pause()
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "story 2")
    try tmux.send(keys: "A")
    try tmux.waitFor(text: "kept for the next sync")
    try tmux.send(keys: "s")
    try tmux.waitUntil("the star queued") { _ in ((try? Cache(path: folder.cacheFile, readOnly: true).pendingSyncChanges()) ?? 0) >= 4 }
    let pid = try #require(try tmux.programPID())
    kill(pid, SIGKILL)

    // Relaunched while still offline: the reader works from the cache, the queue still waits.
    let offline = try launch()
    defer { offline.close() }
    try offline.waitUntil("Alpha read") { $0.contains { $0.contains("Alpha") && $0.contains("0/3") } }
    // The start's sync and its login check both fail; whichever ends last holds the status line.
    try offline.waitUntil("the server said to be unreachable") { screen in
      screen.contains { $0.contains("kept for the next sync") || $0.contains("Login check at start-up") }
    }
    try offline.send(keys: "j", "Enter")
    try offline.waitFor(text: "story 2")
    try offline.send(keys: "Enter")
    try offline.waitFor(text: "Body of ")
    try offline.send(keys: "q", "q", "q")
    #expect(try offline.waitForExit().status == 0)
    #expect(try Cache(path: folder.cacheFile, readOnly: true).pendingSyncChanges() == 5)

    // Back online: the next sync sends what was queued first.
    try server.resume()
    let sync = try splitfeed("reload")
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout.contains("5 marks sent"), "\(sync.stdout)")
    let items = try device.items()
    #expect(items.filter(\.isRead).count == 4, "\(items)")
    #expect(items.filter(\.isStarred).count == 1, "\(items)")
    #expect(try Cache(path: folder.cacheFile, readOnly: true).pendingSyncChanges() == 0)
    try expectAgreement(device)
  }

  @Test func aWrongPasswordIsOneLine() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, _) = try setUp()
    defer { web.stop(); server.stop() }
    try Data("not-the-password\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
    for command in ["sync-login", "reload"] {
      let result = try splitfeed(command)
      #expect(result.status == 1)
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(result.stderr)")
      #expect(lines.first?.contains("refused the password of user \(server.user)") == true, "\(result.stderr)")
      #expect(!result.stderr.contains("not-the-password"))
    }
    // The reader opens on the cache and says it on its status line.
    let tmux = try launch()
    defer { tmux.close() }
    try tmux.waitFor(text: "refused the password")
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func subscribeOnTheServerAndKeepLocalFeeds() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, device) = try setUp()
    defer { web.stop(); server.stop() }
    try folder.writeFeed("Delta.xml", title: "Delta", items: ["Delta story 1"])
    try folder.writeFeed("Epsilon.xml", title: "Epsilon", items: ["Epsilon story 1", "Epsilon story 2"])
    try Data((web.url("Delta.xml") + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    // The password from a command this time, run without a shell (the quotes are the config's).
    let lines = server.configLines(passwordFile: passwordFile).replacingOccurrences(
      of: "sync-password-file \(passwordFile)", with: "sync-password-command cat \"\(passwordFile)\"")
    try writeConfig(lines + "sync-keep-local yes\n")

    let subscribed = try splitfeed("subscribe", web.url("Epsilon.xml"), "--tag", "news")
    #expect(subscribed.status == 0, "\(subscribed.stderr)")
    #expect(subscribed.stdout.hasPrefix("Subscribed to Epsilon on the server (feed/"), "\(subscribed.stdout)")
    #expect(try device.subscriptions().contains { $0.url == web.url("Epsilon.xml") })
    let reload = try splitfeed("reload")
    #expect(reload.status == 0, "\(reload.stderr)")
    #expect(reload.stdout.hasPrefix("Synced 4 feeds: 9 new articles"), "\(reload.stdout)")
    #expect(reload.stdout.contains("Local feeds: Reloaded 1 feed: 1 updated (1 new article)"), "\(reload.stdout)")

    // The local feed is listed with its marker, beside the server's.
    let tmux = try launch()
    defer { tmux.close() }
    let list = try tmux.waitFor(text: "[local] Delta")
    for name in ["Alpha", "Beta", "Gamma", "Epsilon"] {
      #expect(list.contains { $0.contains(name) && !$0.contains("[local]") }, "\(name)\n\(list.joined(separator: "\n"))")
    }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)

    let gone = try splitfeed("unsubscribe", web.url("Epsilon.xml"))
    #expect(gone.status == 0, "\(gone.stderr)")
    #expect(gone.stdout == "Unsubscribed from Epsilon on the server.\n")
    #expect(try !device.subscriptions().contains { $0.url == web.url("Epsilon.xml") })
    let local = try splitfeed("unsubscribe", web.url("Delta.xml"))
    #expect(local.status == 0, "\(local.stderr)")
    #expect(try String(contentsOfFile: folder.configDir + "/urls", encoding: .utf8) == "")
    let nowhere = try splitfeed("unsubscribe", web.url("Delta.xml"))
    #expect(nowhere.status == 1)
    #expect(nowhere.stderr.contains("is not a feed on the sync server nor in"), "\(nowhere.stderr)")
  }
}
