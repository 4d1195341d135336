import Foundation
import TestSupport
import Testing

/// The reader on the real binary in tmux: feeds from a urls file served by a local
/// HTTP server, fetched on start with a dead one showing its error while the others load; read state
/// and the Recent tab survive quit and relaunch; `o` hands a fake `$BROWSER` exactly the URL. Every run
/// is isolated with `--config-dir` and `--cache` (and XDG folders) in a temporary directory.
@Suite("Reader in tmux", .serialized)
struct ReaderEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var configDir: String { folder.configDir }
  var cacheFile: String { folder.cacheFile }

  init() throws {
    folder = try RunFolder("splitfeed-e2e")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
  }

  func writeFeed(_ name: String, title: String, items: [String]) throws {
    try folder.writeFeed(name, title: title, items: items)
  }

  func writeURLs(_ urls: [String]) throws {
    try Data((urls.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: configDir + "/urls"))
  }

  func launch(_ environment: [String: String] = [:]) throws -> TmuxHarness {
    try TmuxHarness(arguments: ["--config-dir", configDir, "--cache", cacheFile], cols: 120, rows: 30, environment: environment)
  }

  /// A port nothing listens on (bound, then closed).
  static func closedPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  @Test func reloadAllShowsItsProgressOnTheStatusLineThenASummary() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    // Three feeds from a server that takes 0.8 s per answer, fetched one at a time (reload-threads 1),
    // so each step of the progress line stays on screen long enough to be read.
    let server = try TestHTTPServer { request in
      let name = request.path.split(separator: "/").last.map(String.init) ?? "?"
      return TestHTTPServer.Response(
        delay: 0.8,
        "<rss version=\"2.0\"><channel><title>Slow \(name)</title><item><title>Story of \(name)</title><guid>\(name)</guid></item></channel></rss>")
    }
    defer { server.stop() }
    try writeURLs(["one", "two", "three"].map { server.baseURL + "/" + $0 })
    try Data("reload-threads 1\n".utf8).write(to: URL(fileURLWithPath: configDir + "/config"))

    let tmux = try launch()
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 3 feeds", timeout: 20)  // the start-up fetch of never-fetched feeds
    try tmux.send(keys: "R")
    for step in ["Reloading 0/3…", "Reloading 1/3…", "Reloading 2/3…"] {
      let screen = try tmux.waitFor(text: step, timeout: 10)
      #expect(screen.last?.contains(step) == true, "on the status line: \(screen.last ?? "")")
    }
    try tmux.waitFor(text: "Reloaded 3 feeds: 3 updated (0 new articles)", timeout: 10)
    let done = try tmux.settledScreen()
    #expect(!done.joined().contains("Reloading"))
    #expect(done.joined().contains("Slow three"))
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func feedsLoadOnStartADeadOneShowsItsErrorAndReadStateSurvivesARelaunch() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try writeFeed("a.xml", title: "Alpha News", items: ["Alpha first story", "Alpha second story"])
    try writeFeed("b.xml", title: "Beta Weekly", items: ["Beta only story"])
    let server = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    defer { server.stop() }
    let dead = "http://127.0.0.1:\(Self.closedPort())/gone.xml"
    try writeURLs([server.url("a.xml"), dead, server.url("b.xml")])

    let first = try launch()
    defer { first.close() }
    // The status line and both counts: a capture that shows one need not show the others yet.
    let loaded = try first.waitUntil("the reload's status and both feeds counted") { screen in
      screen.last?.contains("Reloaded 3 feeds") == true && screen.contains { $0.contains("Alpha News") && $0.contains("2/2") }
        && screen.contains { $0.contains("Beta Weekly") && $0.contains("1/1") }
    }
    #expect(loaded.last?.contains("3 new articles. Failed: Could not connect to 127.0.0.1") == true)
    #expect(loaded.last?.contains("(E lists it) Reloaded 3 feeds") == true, "\(loaded.last ?? "")")
    // The dead feed has no title yet: its address, after the error marker (wrapped in the narrow list).
    let marker = try #require(loaded.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("! ") })
    #expect(loaded[marker...].prefix(2).joined().contains("http://127.0.0.1:"), "\(loaded.joined(separator: "\n"))")
    try first.send(keys: "Enter")  // Alpha's articles
    try first.waitFor(text: "Alpha second story")
    try first.send(keys: "Enter")  // open the first article
    try first.waitFor(text: "Body of Alpha first story.")
    try first.send(keys: "q", "q", "q")
    #expect(try first.waitForExit().status == 0)

    let second = try launch()
    defer { second.close() }
    try second.waitUntil("Alpha with one unread") { $0.contains { $0.contains("Alpha News") && $0.contains("1/2") } }
    try second.send(keys: "2")
    let recent = try second.waitFor(text: "Alpha first story")
    #expect(!recent.contains { $0.contains("Alpha second story") }, "only the opened article is in Recent")
    try second.send(keys: "q")
    #expect(try second.waitForExit().status == 0)
  }

  @Test func oGivesTheBrowserExactlyTheURL() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try writeFeed("a.xml", title: "Alpha News", items: ["Alpha first story"])
    let server = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    defer { server.stop() }
    try writeURLs([server.url("a.xml")])
    let received = root.appendingPathComponent("received").path
    let script = root.appendingPathComponent("browser.sh").path
    try Data("printf '%s\\n' \"$#\" \"$@\" > \(TmuxHarness.shellQuote(received))\n".utf8).write(to: URL(fileURLWithPath: script))

    let tmux = try launch(["BROWSER": "/bin/sh \(script)"])
    defer { tmux.close() }
    try tmux.waitFor(text: "Alpha first story")  // one feed: its articles straight away
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Body of Alpha first story.")
    try tmux.send(keys: "o")
    let deadline = Date().addingTimeInterval(10)
    var text = ""
    while Date() < deadline {
      text = (try? String(contentsOfFile: received, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n"), text.split(separator: "\n").count == 2 { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(text == "1\nhttps://example.com/a.xml/0?a=1&b=2\n")
    try tmux.waitFor(text: "Body of Alpha first story.")  // the screen comes back
    try tmux.send(keys: "q", "q", "q")
    #expect(try tmux.waitForExit() == .init(status: 0, terminalModesRestored: true))
  }

  /// a urls-file line that holds a blog's page instead of its feed. The page's row shows its
  /// error; Enter offers the feed the page advertises; choosing it rewrites that line (tags and comment
  /// kept), fetches the feed and shows its articles; a relaunch reads the new line.
  @Test func aWebPageOffersItsFeedAndChoosingItSubscribesInItsPlace() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www/blog"), withIntermediateDirectories: true)
    let page = """
      <!DOCTYPE html><html><head><title>A blog</title>
      <link rel="alternate" type="application/rss+xml" title="RSS" href="feed.xml">
      </head><body><p>Hello</p></body></html>
      """
    try Data(page.utf8).write(to: root.appendingPathComponent("www/blog/index.html"))
    try writeFeed("blog/feed.xml", title: "Blog Feed", items: ["Blog first post", "Blog second post"])
    try writeFeed("a.xml", title: "Alpha News", items: ["Alpha first story"])
    let server = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    defer { server.stop() }
    try writeURLs(["# my feeds", server.url("blog/") + " blogs \"must read\" # the page, not the feed", server.url("a.xml")])

    let tmux = try launch()
    defer { tmux.close() }
    // The reason comes first on the status line (the counts after it are cut at this width).
    try tmux.waitFor(text: "is a web page, not a feed")
    // The page is under its first tag (the row selected at the start): its row shows its address after the
    // error marker, wrapped in the narrow list.
    try tmux.send(keys: "Enter")
    let loaded = try tmux.waitFor(text: "‹ Back  blogs")
    let marker = try #require(loaded.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("! ") })
    #expect(loaded[marker...].prefix(3).joined().contains("127.0.0.1"), "\(loaded.joined(separator: "\n"))")
    try tmux.send(keys: "Enter")
    let offered = try tmux.waitFor(text: "Feeds it advertises")
    #expect(offered.contains { $0.contains(server.url("blog/feed.xml")) }, "\(offered.joined(separator: "\n"))")
    let shown = offered.map { $0.replacingOccurrences(of: "│", with: "").trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(shown.contains(server.url("blog/") + " is a web page, not a feed"), "the error\n\(offered.joined(separator: "\n"))")
    try tmux.send(keys: "Enter")
    let articles = try tmux.waitFor(text: "Blog second post")
    #expect(articles.contains { $0.contains("Blog first post") })
    #expect(articles.contains { $0.contains("Blog Feed") }, "the list is the feed's")
    let urls = try String(contentsOfFile: configDir + "/urls", encoding: .utf8)
    #expect(
      urls == "# my feeds\n\(server.url("blog/feed.xml")) blogs \"must read\" # the page, not the feed\n\(server.url("a.xml"))\n")
    try tmux.send(keys: "q", "q", "q")
    #expect(try tmux.waitForExit().status == 0)

    let again = try launch()
    defer { again.close() }
    try again.waitFor(text: "blogs/")
    try again.send(keys: "Enter")
    let list = try again.waitFor(text: "Blog Feed")
    #expect(!list.contains { $0.contains("! ") }, "no failed feed left")
    try again.send(keys: "q", "q")
    #expect(try again.waitForExit().status == 0)
  }
}
