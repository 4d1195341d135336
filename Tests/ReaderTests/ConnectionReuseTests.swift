import Foundation
import Testing

@testable import Reader
import TestSupport

/// The fetcher keeps connections alive across fetches (one libcurl multi handle with its connection
/// cache): feeds and article pages on one host share a few connections instead of one each.
@Suite(.timeLimit(.minutes(2)))
struct ConnectionReuseTests {
  /// A keep-alive server answering every path with a small feed after `delay` seconds (so fetches overlap).
  static func server(delay: Double = 0.01) throws -> TestHTTPServer {
    try TestHTTPServer { request in
      TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml")], delay: delay,
        "<rss version=\"2.0\"><channel><title>\(request.path)</title></channel></rss>")
    }
  }

  @Test(arguments: [1, 3, 8])
  func manyFeedsOnOneHostOpenNoMoreConnectionsThanFetchesAtOnce(concurrency: Int) async throws {
    let server = try Self.server()
    defer { server.stop() }
    let requests = try (0..<60).map { FetchRequest(source: try source(server.baseURL + "/f\($0).xml")) }
    let results = await testFetcher(concurrency: concurrency).fetchAll(requests)
    #expect(results.allSatisfy { if case .success(.fetched) = $0 { true } else { false } })
    #expect(server.requests.count == 60)
    #expect(server.maxInFlight >= min(concurrency, 2), "the fetches overlapped")
    #expect(server.connectionsAccepted <= concurrency, "\(server.connectionsAccepted) connections")
  }

  @Test func anArticlePageReusesTheFeedsConnection() async throws {
    let server = try Self.server(delay: 0)
    defer { server.stop() }
    let fetcher = testFetcher(concurrency: 1)
    _ = try await fetcher.fetch(try source(server.baseURL + "/feed.xml"))
    _ = try await fetcher.fetchPage(URL(string: server.baseURL + "/article.html")!)
    #expect(server.requests.map(\.path) == ["/feed.xml", "/article.html"])
    #expect(server.connectionsAccepted == 1)
  }

  /// A transfer stopped midway (here at the size cap) closes its connection: the next fetch gets a
  /// fresh one and a whole answer, never the rest of the stopped body.
  @Test func aStoppedTransferDoesNotPoisonTheNextFetch() async throws {
    let big = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
    let server = try TestHTTPServer { request in
      request.path == "/big" ? TestHTTPServer.Response(body: big) : TestHTTPServer.Response("<rss version=\"2.0\"/>")
    }
    defer { server.stop() }
    let fetcher = testFetcher(maxBytes: 1 << 10, concurrency: 1)
    #expect(try await fetchError(fetcher, server.baseURL + "/big") == .tooLarge(url: server.baseURL + "/big", limit: 1 << 10))
    guard case .fetched(let feed) = try await fetcher.fetch(try source(server.baseURL + "/small")) else {
      Issue.record("expected a body")
      return
    }
    #expect(feed.data == Data("<rss version=\"2.0\"/>".utf8))
  }
}
