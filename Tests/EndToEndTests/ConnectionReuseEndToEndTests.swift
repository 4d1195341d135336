import Foundation
import TestSupport
import Testing

/// `splitfeed reload` of many feeds on one keep-alive host reuses its connections: no more TCP
/// connections than `reload-threads`, however many feeds.
@Suite("Connections reused by splitfeed reload", .serialized, .timeLimit(.minutes(2)))
struct ConnectionReuseEndToEndTests {
  @Test(arguments: [1, 8])
  func twoHundredFeedsOpenNoMoreConnectionsThanReloadThreads(threads: Int) throws {
    let folder = try RunFolder("splitfeed-connections")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let server = try TestHTTPServer { request in
      TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml")], delay: 0.01,
        "<rss version=\"2.0\"><channel><title>\(request.path)</title><item><title>a</title><guid>a</guid></item></channel></rss>")
    }
    defer { server.stop() }
    let urls = (0..<200).map { server.url("f\($0).xml") }
    try (urls.joined(separator: "\n") + "\n").write(toFile: folder.configDir + "/urls", atomically: true, encoding: .utf8)
    try "reload-threads \(threads)\n".write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)

    let result = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Reloaded 200 feeds: 200 updated"), "\(result.stdout)")
    #expect(server.requests.count == 200)
    #expect(server.maxInFlight >= min(threads, 2), "the fetches overlapped")
    print("200 feeds, reload-threads \(threads): \(server.connectionsAccepted) connections")
    #expect(server.connectionsAccepted <= threads, "\(server.connectionsAccepted) connections for reload-threads \(threads)")
  }
}
