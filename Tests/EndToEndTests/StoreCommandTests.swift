import Foundation
import Reader
import TestSupport
import Testing

/// `reload`, `import` and `export` through the built binary, each run isolated: XDG folders and HOME
/// point into a temporary directory, so the real home is never touched.
@Suite("reload, import, export (built binary)", .serialized)
struct StoreCommandTests {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("splitfeed-store-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("feeds"), withIntermediateDirectories: true)
  }

  var environment: [String: String] {
    [
      "HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path, "LANG": "C.UTF-8",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
  }

  var cachePath: String { root.appendingPathComponent("data/splitfeed/cache.db").path }
  var urlsPath: String { root.appendingPathComponent("config/splitfeed/urls").path }

  /// Starts the binary in the background (for the kill test).
  func start(_ arguments: [String]) throws -> Process {
    let binary: URL = try #require(DumpCommandTests.binary, "splitfeed was not built beside the test bundle")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    try DumpCommandTests.run(arguments, environment: environment)
  }

  /// Writes `feeds/name` as RSS 2.0 with `items` items (guids `name-0`…).
  func writeFeed(_ name: String, items: Range<Int>, bodyBytes: Int = 200) throws {
    let body = String(repeating: "x", count: bodyBytes)
    let entries = items.map { n in
      FeedXML.Item(
        title: "\(name) item \(n)", link: "https://example.com/\(name)/\(n)", guid: "\(name)-\(n)",
        pubDate: "Thu, 04 Sep 2014 17:09:00 GMT", description: body)
    }
    let xml = FeedXML.rss(title: "Feed \(name)", link: "https://example.com/\(name)", items: entries)
    try Data(xml.utf8).write(to: root.appendingPathComponent("feeds/\(name)"))
  }

  func writeURLs(_ lines: [String]) throws {
    try FileManager.default.createDirectory(atPath: (urlsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: urlsPath))
  }

  @Test func reloadCachesTheLiveFeedsAndReportsTheDeadOne() throws {
    try writeFeed("a.xml", items: 0..<3)
    try writeFeed("b.xml", items: 0..<5)
    let server = try TestHTTPServer(serving: root.appendingPathComponent("feeds"))
    defer { server.stop() }
    try writeURLs(["# test feeds", server.url("a.xml") + " tag", server.url("missing.xml"), server.url("b.xml")])
    try Data("bogus-setting 1\n".utf8).write(to: URL(fileURLWithPath: root.appendingPathComponent("config/splitfeed/config").path))

    let result = try run(["reload"])
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains("splitfeed: config line 1: unknown setting \"bogus-setting\""))
    #expect(lines.contains { $0.hasPrefix(server.url("missing.xml") + ": The server answered 404") })
    #expect(lines.count == 2)
    #expect(result.stdout == "Reloaded 3 feeds: 2 updated (8 new articles), 0 unchanged, 1 failed.\n")

    let cache = try Cache(path: cachePath)
    let feeds = try cache.feeds()
    #expect(feeds.map(\.url) == [server.url("a.xml"), server.url("missing.xml"), server.url("b.xml")])
    #expect(feeds.map(\.totalCount) == [3, 0, 5])
    #expect(feeds.map(\.title) == ["Feed a.xml", nil, "Feed b.xml"])
    #expect(feeds[1].lastError?.contains("404") == true)

    // Again: http.server sends Last-Modified, so unchanged feeds answer 304.
    let again = try run(["reload"])
    #expect(again.stdout == "Reloaded 3 feeds: 0 updated (0 new articles), 2 unchanged, 1 failed.\n")
  }

  @Test func configDirAndCacheOptionsIsolateARun() throws {
    try writeFeed("a.xml", items: 0..<2)
    let elsewhere = root.appendingPathComponent("elsewhere")
    let configDir = elsewhere.appendingPathComponent("cfg")
    try FileManager.default.createDirectory(at: configDir, withIntermediateDirectories: true)
    try Data((root.appendingPathComponent("feeds/a.xml").path + "\n").utf8).write(to: configDir.appendingPathComponent("urls"))
    let cacheFile = elsewhere.appendingPathComponent("c/my.db").path
    let result = try run(["reload", "--config-dir", configDir.path, "--cache", cacheFile])
    #expect(result.status == 0)
    #expect(result.stdout == "Reloaded 1 feed: 1 updated (2 new articles), 0 unchanged, 0 failed.\n")
    #expect(try Cache(path: cacheFile).feeds().first?.totalCount == 2)
    #expect(!FileManager.default.fileExists(atPath: cachePath))
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("config").path))
  }

  @Test func importExportRoundTrip() throws {
    let opml = """
      <?xml version="1.0"?>
      <opml version="2.0"><head><title>t</title></head><body>
        <outline text="Tech &amp; Co">
          <outline type="rss" text="A &lt;feed&gt;" xmlUrl="https://a.example/feed?x=1&amp;y=2"/>
          <outline text="Sub"><outline type="rss" text="B" xmlUrl="https://b.example/rss"/></outline>
        </outline>
        <outline type="rss" text="C" xmlUrl="feed://c.example/atom"/>
        <outline type="rss" text="C again" xmlUrl="https://c.example/atom"/>
      </body></opml>
      """
    let file = root.appendingPathComponent("in.opml")
    try Data(opml.utf8).write(to: file)
    try writeURLs(["https://b.example/rss"])
    let imported = try run(["import", file.path])
    #expect(imported.status == 0)
    #expect(imported.stdout == "Imported 2 feeds into \(urlsPath); skipped 2 already listed.\n")
    let urls = try String(contentsOfFile: urlsPath, encoding: .utf8)
    #expect(urls == "https://b.example/rss\nhttps://a.example/feed?x=1&y=2 \"Tech & Co\"\nhttps://c.example/atom\n")

    let exported = try run(["export"])
    #expect(exported.status == 0)
    #expect(exported.stdout.contains("<outline type=\"rss\" text=\"A &lt;feed&gt;\" title=\"A &lt;feed&gt;\" xmlUrl=\"https://a.example/feed?x=1&amp;y=2\"/>"))
    // Exported then imported into a fresh config: the same three feeds.
    let back = root.appendingPathComponent("out.opml")
    try Data(exported.stdout.utf8).write(to: back)
    let fresh = root.appendingPathComponent("fresh")
    let reimport = try run(["import", "--config-dir", fresh.path, "--cache", fresh.appendingPathComponent("c.db").path, back.path])
    #expect(reimport.stdout.hasPrefix("Imported 3 feeds"))
    let freshURLs = UrlsFile.parse(try String(contentsOfFile: fresh.appendingPathComponent("urls").path, encoding: .utf8))
    #expect(freshURLs.entries.map(\.url) == ["https://b.example/rss", "https://a.example/feed?x=1&y=2", "https://c.example/atom"])
  }

  @Test func badOPMLFailsWithOneLineAndLosesNothing() throws {
    try writeURLs(["https://keep.example/feed"])
    let file = root.appendingPathComponent("bad.opml")
    try Data("<html><body>nope</body></html>".utf8).write(to: file)
    let result = try run(["import", file.path])
    #expect(result.status == 1)
    #expect(result.stderr == "splitfeed: \(file.path): The file is not OPML: its root element is <html>, not <opml>.\n")
    #expect(try String(contentsOfFile: urlsPath, encoding: .utf8) == "https://keep.example/feed\n")
  }

  /// Storage: kill -9 during a reload of 50 feeds, then reopen: read flags set before the kill
  /// are still set and no article is duplicated.
  @Test func killDuringReloadLosesNoReadFlagAndDuplicatesNothing() throws {
    let names = (0..<50).map { "f\($0).xml" }
    for name in names { try writeFeed(name, items: 0..<20) }
    let server = try TestHTTPServer(serving: root.appendingPathComponent("feeds"))
    defer { server.stop() }
    try writeURLs(names.map { server.url($0) })
    #expect(try run(["reload"]).status == 0)

    // Mark every other article read, then grow each feed (same 20 first items, 1,980 more) and reload.
    var cache = try Cache(path: cachePath)
    var readIDs: Set<Int64> = []
    for feed in try cache.feeds() {
      let ids = try cache.items(feedID: feed.id).map(\.id).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
      try cache.setRead(true, itemIDs: ids)
      readIDs.formUnion(ids)
    }
    for name in names {
      try writeFeed(name, items: 0..<2000, bodyBytes: 400)
      // http.server's Last-Modified has 1 s granularity: move it on so the reload is not a 304.
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: root.appendingPathComponent("feeds/\(name)").path)
    }
    let process = try start(["reload"])
    // Kill once some feeds are written (or after 20 s at most).
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning, Date() < deadline {
      let done = try cache.feeds().filter { $0.totalCount == 2000 }.count
      if done >= 3 { break }
      usleep(20_000)
    }
    let killedMidway = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    print("kill -9 during reload: \(killedMidway ? "killed mid-reload" : "the reload had already finished")")

    cache = try Cache(path: cachePath)
    let feeds = try cache.feeds()
    #expect(feeds.count == 50)
    var stillRead = 0
    var updated = 0
    for feed in feeds {
      let items = try cache.items(feedID: feed.id)
      #expect(items.count == 20 || items.count == 2000, "feed \(feed.url): \(items.count) items")
      #expect(Set(items.map(\.title)).count == items.count, "duplicates in \(feed.url)")
      if items.count == 2000 { updated += 1 }
      stillRead += items.filter { readIDs.contains($0.id) && $0.isRead }.count
    }
    #expect(stillRead == readIDs.count)
    print("after kill: \(updated) of 50 feeds had their new items, all \(stillRead) read flags kept")
  }
}
