import Foundation
import GRDB
import Reader
import TestSupport
import Testing

/// What a hostile feed or cache does to the built binary from a cold start: many feeds in many declared
/// encodings parsed at once by fresh processes (libxml2's initialisation), and a cache already holding a
/// date past Int's range in seconds, which the reader must draw without dying.
@Suite("Hostile inputs (built binary)", .serialized)
struct HostileInputEndToEndTests {
  let folder: RunFolder

  init() throws {
    folder = try RunFolder("splitfeed-hostile")
  }

  /// Runs the binary to its end: exit status (128 + signal when killed), stdout, stderr.
  func splitfeed(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let out = folder.root.appendingPathComponent("out-\(UUID().uuidString.prefix(6))").path
    let pid = try ChildProcess.spawn(TmuxHarness.binary, arguments, stdoutPath: out, stderrPath: out + ".err")
    let status = ChildProcess.wait(pid)
    let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    defer { try? FileManager.default.removeItem(atPath: out); try? FileManager.default.removeItem(atPath: out + ".err") }
    return (status, read(out), read(out + ".err"))
  }

  /// Single-byte and multi-byte encodings libxml2 converts itself (each a lookup in its handler table).
  static let encodings = [
    "ISO-8859-1", "windows-1252", "ISO-8859-2", "ISO-8859-15", "KOI8-R", "windows-1251", "ISO-8859-5", "Shift_JIS",
    "EUC-JP", "GB2312", "Big5", "ISO-8859-7", "windows-1250", "ISO-8859-9", "EUC-KR", "ISO-8859-4",
  ]

  @Test func coldReloadsOfFeedsInManyEncodingsNeverCrash() throws {
    defer { try? FileManager.default.removeItem(at: folder.root) }
    var bodies: [Data] = []
    for (n, encoding) in Self.encodings.enumerated() {
      var data = Data("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<rss version=\"2.0\"><channel><title>Feed \(n)</title>".utf8)
      for i in 0..<3 {
        data += Data("<item><title>Item \(i) ".utf8) + Data([0xA4, 0xA2]) + Data("</title><guid>g\(n)-\(i)</guid></item>".utf8)
      }
      data += Data("</channel></rss>\n".utf8)
      bodies.append(data)
    }
    // Over HTTP with the charset in the Content-Type too: the parser then looks the encoding up in
    // libxml2's handler table itself, before any parser context exists.
    let served = bodies
    let server = try TestHTTPServer { request in
      let n = Int(request.path.filter(\.isNumber)) ?? 0
      return .init(headers: [("Content-Type", "text/xml; charset=\(Self.encodings[n % Self.encodings.count])")], body: served[n % served.count])
    }
    defer { server.stop() }
    let urls = Self.encodings.indices.map { server.baseURL + "/feed\($0).xml" }
    try Data((urls.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    try Data("reload-threads 16\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    // Each run is a fresh process whose first parses start together: libxml2 is initialised before them.
    for run in 0..<20 {
      try? FileManager.default.removeItem(atPath: folder.cacheFile)
      let result = try splitfeed(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
      #expect(result.status == 0, "run \(run): status \(result.status)\n\(result.stderr)")
      #expect(result.stdout.hasPrefix("Reloaded \(Self.encodings.count) feeds: \(Self.encodings.count) updated"), "\(result.stdout)")
      if result.status != 0 { break }
    }
  }

  /// `reload` against a server whose continuations cycle: the summary on stdout, the warning on stderr,
  /// exit 0 (what was read is kept).
  @Test func aSyncWhosePagesCycleEndsWithAWarningOnStderr() throws {
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let server = try GReaderTestServer()
    defer { server.stop() }
    server.addFeed("feed/1", title: "One", label: "Tech")
    let item = { (n: Int) in
      #"{"id": "tag:google.com,2005:reader/item/\#(String(format: "%016x", n))", "title": "Cycled \#(n)", "origin": {"streamId": "feed/1"}}"#
    }
    server.queue((0..<40).map { n in .json(#"{"items": [\#(item(n + 1))], "continuation": "\#(n % 2 == 0 ? "A" : "B")"}"#) }, on: "stream/contents")
    let passwordFile = folder.configDir + "/password"
    try Data((server.password + "\n").utf8).write(to: URL(fileURLWithPath: passwordFile))
    let config = "sync greader\nsync-url \(server.apiURL.absoluteString)\nsync-user \(server.user)\nsync-password-file \(passwordFile)\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    let result = try splitfeed(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Synced 1 feed: 3 new articles,") && !result.stdout.contains("continuation"), "\(result.stdout)")
    #expect(result.stderr.contains("stream/contents pages came round to an earlier continuation after 3 pages"), "\(result.stderr)")
    #expect(server.paths.filter { $0.contains("stream/contents") }.count == 3)
  }

  @Test func aCacheHoldingDatesPastEveryRangeOpensAndDrawsItsList() throws {
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let feed = folder.root.appendingPathComponent("far.xml").path
    let items = ["Far future", "Far past", "Ordinary"].enumerated().map { n, title in
      "<item><title>\(title)</title><guid>g\(n)</guid><pubDate>Thu, 04 Sep 2014 17:09:00 GMT</pubDate></item>"
    }
    try Data("<rss version=\"2.0\"><channel><title>Far</title>\(items.joined())</channel></rss>\n".utf8)
      .write(to: URL(fileURLWithPath: feed))
    try Data((feed + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let reload = try splitfeed(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 0, "\(reload.stderr)")
    // Without a urls file the reader shows the cache's feeds as they are (no fetch rewrites the dates).
    try FileManager.default.removeItem(atPath: folder.configDir + "/urls")
    // What a build without the clamp stored (a server's 1e19, newsboat's 2^63−1): the cache as it was
    // before the migration that repairs it.
    try DatabaseQueue(path: folder.cacheFile).write { db in
      try db.execute(sql: "UPDATE items SET published = 1e19, sort_date = 1e19 WHERE title = 'Far future'")
      try db.execute(sql: "UPDATE items SET published = -9.2e18, sort_date = -9.2e18 WHERE title = 'Far past'")
      try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v13-dates-clamped'")
    }
    let tmux = try TmuxHarness(arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile], cols: 120, rows: 30)
    defer { tmux.close() }
    _ = try tmux.waitFor(text: "Far")
    try tmux.send(keys: "Enter")
    _ = try tmux.waitFor(text: "Far past")
    let screen = try tmux.settledScreen()
    #expect(screen.contains { $0.contains("Far future") } && screen.contains { $0.contains("Ordinary") }, "\(screen.joined(separator: "\n"))")
    // The date popover draws the far date too.
    try tmux.send(keys: "p")
    _ = try tmux.waitFor(text: "Publish Date:")
    try tmux.send(keys: "Escape")
    try tmux.send(keys: "q")  // back to the feeds, then quit
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
    let stored = try DatabaseQueue(path: folder.cacheFile).read { db in
      try Double.fetchAll(db, sql: "SELECT published FROM items WHERE title LIKE 'Far%' ORDER BY title")
    }
    #expect(stored == [StoredDate.latest, StoredDate.earliest])
  }
}
