import Foundation
import Testing

@testable import Reader
import TestSupport

/// Collects values from `@Sendable` callbacks.
final class Box<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Value] = []
  func append(_ value: Value) { lock.withLock { stored.append(value) } }
  var values: [Value] { lock.withLock { stored } }
}

/// A fetcher with short timeouts for tests.
func testFetcher(
  connect: Double = 5, transfer: Double = 10, maxBytes: Int = 32 << 20, concurrency: Int = 8
) -> Fetcher {
  var configuration = Fetcher.Configuration()
  configuration.connectTimeout = connect
  configuration.transferTimeout = transfer
  configuration.maxBytes = maxBytes
  configuration.maxConcurrent = concurrency
  return Fetcher(configuration: configuration)
}

func source(_ text: String) throws -> FeedSource { try FeedSource(parsing: text) }

/// The error a fetch throws, or nil when it succeeds.
func fetchError(_ fetcher: Fetcher, _ url: String) async throws -> FetchError? {
  let feedSource = try source(url)
  do throws(FetchError) {
    _ = try await fetcher.fetch(feedSource)
    return nil
  } catch {
    return error
  }
}

@Suite(.timeLimit(.minutes(1)))
struct FetcherTests {
  static let rss = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title></channel></rss>"

  @Test func okWithValidatorsThenNotModified() async throws {
    let server = try TestHTTPServer { request in
      if request.headers["if-none-match"] == "\"v1\"" {
        return TestHTTPServer.Response(status: 304, headers: [("ETag", "\"v1\"")])
      }
      return TestHTTPServer.Response(
        headers: [
          ("Content-Type", "application/rss+xml; charset=ISO-8859-1"), ("ETag", "\"v1\""),
          ("Last-Modified", "Thu, 04 Sep 2014 17:09:00 GMT"),
        ], Self.rss)
    }
    defer { server.stop() }
    let fetcher = testFetcher()
    let first = try await fetcher.fetch(try source(server.baseURL + "/feed"))
    guard case .fetched(let feed) = first else {
      Issue.record("expected a body, got \(first)")
      return
    }
    #expect(feed.data == Data(Self.rss.utf8))
    #expect(feed.status == 200)
    #expect(feed.charset == "ISO-8859-1")
    #expect(feed.finalURL.absoluteString == server.baseURL + "/feed")
    #expect(feed.validators == Validators(etag: "\"v1\"", lastModified: "Thu, 04 Sep 2014 17:09:00 GMT"))

    let second = try await fetcher.fetch(try source(server.baseURL + "/feed"), validators: feed.validators)
    guard case .notModified(let finalURL, let validators, let hints) = second else {
      Issue.record("expected 304, got \(second)")
      return
    }
    #expect(finalURL == feed.finalURL && validators == feed.validators && hints.status == 304)

    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests[0].headers["user-agent"]?.hasPrefix("splitfeed/\(splitfeedVersion)") == true)
    #expect(requests[0].headers["if-none-match"] == nil)
    #expect(requests[1].headers["if-none-match"] == "\"v1\"")
    #expect(requests[1].headers["if-modified-since"] == "Thu, 04 Sep 2014 17:09:00 GMT")
  }

  static func redirectingServer() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      let path = request.path
      if path == "/loop" { return .redirect(to: "/loop") }
      if path.hasPrefix("/hop/"), let n = Int(path.dropFirst(5)) {
        return n == 0 ? TestHTTPServer.Response(Self.rss) : .redirect(to: "/hop/\(n - 1)")
      }
      return TestHTTPServer.Response(status: 404, "no")
    }
  }

  @Test(arguments: [1, 3, 5])
  func redirectsUpToTheLimitAreFollowed(hops: Int) async throws {
    let server = try Self.redirectingServer()
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/hop/\(hops)"))
    guard case .fetched(let feed) = result else {
      Issue.record("expected a body, got \(result)")
      return
    }
    #expect(feed.finalURL.absoluteString == server.baseURL + "/hop/0")
    #expect(server.requests.allSatisfy { $0.headers["user-agent"]?.hasPrefix("splitfeed/") == true })
  }

  @Test(arguments: ["/hop/6", "/loop"])
  func tooManyRedirectsFail(path: String) async throws {
    let server = try Self.redirectingServer()
    defer { server.stop() }
    let error = try await fetchError(testFetcher(), server.baseURL + path)
    #expect(error == .tooManyRedirects(url: server.baseURL + path, limit: 5))
    #expect(server.requests.count == 6)
  }

  @Test(arguments: [(300, nil), (404, nil), (500, nil), (503, "120")] as [(Int, String?)])
  func httpErrorStatuses(code: Int, retryAfter: String?) async throws {
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(status: code, headers: retryAfter.map { [("Retry-After", $0)] } ?? [], "error")
    }
    defer { server.stop() }
    let error = try await fetchError(testFetcher(), server.baseURL + "/feed")
    #expect(error == .httpStatus(code: code, url: server.baseURL + "/feed", retryAfter: retryAfter))
    if code == 503 {
      #expect(error?.description.contains("retry after 120 seconds") == true)
    }
  }

  @Test func gzipBodiesAreDecoded() async throws {
    let compressed = try fixture("fetch", "feed.xml.gz")
    let plain = try fixture("fetch", "feed.xml")
    let server = try TestHTTPServer { request in
      TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml"), ("Content-Encoding", "gzip")], body: compressed)
    }
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/feed.xml"))
    #expect(
      result
        == .fetched(
          FetchedFeed(
            data: plain, finalURL: URL(string: server.baseURL + "/feed.xml")!, status: 200,
            hints: PollHints(status: 200))))
    #expect(server.requests.first?.headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test(arguments: [true, false])
  func bodiesOverTheCapFail(announced: Bool) async throws {
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(body: Data(repeating: 0x41, count: 200_000), contentLength: announced, pieces: 20)
    }
    defer { server.stop() }
    let error = try await fetchError(testFetcher(maxBytes: 50_000), server.baseURL + "/big")
    #expect(error == .tooLarge(url: server.baseURL + "/big", limit: 50_000))
  }

  @Test func silentServerTimesOut() async throws {
    // The server would answer after 30 s with a valid feed: an error at all means a timeout fired, and
    // "0.5 seconds" that it was the idle one, not the 60 s transfer deadline. The wall-clock bound is
    // loose: in the whole suite the awaiting task may wait seconds for a free thread to resume on.
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(delay: 30, Self.rss) }
    defer { server.stop() }
    let clock = ContinuousClock()
    let start = clock.now
    let error = try await fetchError(testFetcher(connect: 0.5, transfer: 60), server.baseURL + "/slow")
    #expect(error == .timedOut(url: server.baseURL + "/slow", seconds: 0.5))
    #expect(clock.now - start < .seconds(20))
  }

  @Test func tricklingServerHitsTheTransferDeadline() async throws {
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(body: Data(repeating: 0x20, count: 40), pieces: 40, pieceDelay: 0.1)
    }
    defer { server.stop() }
    let error = try await fetchError(testFetcher(connect: 5, transfer: 0.8), server.baseURL + "/trickle")
    #expect(error == .timedOut(url: server.baseURL + "/trickle", seconds: 0.8))
  }

  @Test func closedPortIsConnectionRefused() async throws {
    let port = try TestHTTPServer.closedPort()
    let error = try await fetchError(testFetcher(), "http://127.0.0.1:\(port)/feed")
    #expect(error == .connectionRefused(host: "127.0.0.1"))
  }

  @Test func htmlPageIsNotAFeedAndListsItsFeeds() async throws {
    let page = try fixture("fetch", "page.html")
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(headers: [("Content-Type", "text/html; charset=utf-8")], body: page)
    }
    defer { server.stop() }
    let error = try await fetchError(testFetcher(), server.baseURL + "/blog/index.html")
    let expected = [
      server.baseURL + "/blog/feed.rss", "https://other.example/atom.xml", server.baseURL + "/blog/feed.json",
    ]
    #expect(error == .notAFeed(url: server.baseURL + "/blog/index.html", feedLinks: expected))
    #expect(error?.description.contains(server.baseURL + "/blog/feed.rss") == true)
  }

  @Test func xmlServedAsHTMLIsStillAFeed() async throws {
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(headers: [("Content-Type", "text/html")], Self.rss)
    }
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/feed"))
    guard case .fetched = result else {
      Issue.record("expected a body, got \(result)")
      return
    }
  }

  @Test func filesByPathAndFileURL() async throws {
    let data = try fixture("fetch", "feed.xml")
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/fetch/feed.xml"
    for text in [path, "file://" + path] {
      let result = try await testFetcher(maxBytes: 10).fetch(try source(text))  // files are not capped
      #expect(result == .fetched(FetchedFeed(data: data, finalURL: URL(fileURLWithPath: path))))
    }
  }

  @Test func fileErrors() async throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/fetch"
    let fetcher = testFetcher()
    #expect(try await fetchError(fetcher, folder + "/missing.xml") == .fileNotFound(path: folder + "/missing.xml"))
    #expect(try await fetchError(fetcher, folder) == .fileUnreadable(path: folder, reason: "it is a directory"))
    let page = try await fetchError(fetcher, folder + "/page.html")
    guard case .notAFeed(_, let links) = page else {
      Issue.record("expected notAFeed, got \(String(describing: page))")
      return
    }
    #expect(links.first == "file:///blog/feed.rss")
  }

  @Test func poolBoundsConcurrencyKeepsOrderAndReportsProgress() async throws {
    let server = try TestHTTPServer { request in
      TestHTTPServer.Response(delay: 0.2, "<rss>\(request.path)</rss>")
    }
    defer { server.stop() }
    let requests = try (0..<10).map { FetchRequest(source: try source(server.baseURL + "/f\($0)")) }
    let progress = Box<[Int]>()
    let results = await testFetcher(concurrency: 3).fetchAll(requests) { done, total in
      progress.append([done, total])
    }
    let bodies = results.map { result -> String in
      guard case .success(.fetched(let feed)) = result else { return "failed: \(result)" }
      return String(decoding: feed.data, as: UTF8.self)
    }
    #expect(bodies == (0..<10).map { "<rss>/f\($0)</rss>" })
    #expect(server.maxInFlight <= 3)
    #expect(server.maxInFlight >= 2)
    #expect(progress.values == (1...10).map { [$0, 10] })
  }

  @Test func poolMixesFailuresAndSuccessesInOrder() async throws {
    let port = try TestHTTPServer.closedPort()
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Fixtures/fetch"
    let requests = try [folder + "/feed.xml", "http://127.0.0.1:\(port)/x", folder + "/nope.xml"].map {
      FetchRequest(source: try source($0))
    }
    let results = await testFetcher().fetchAll(requests)
    #expect(results.count == 3)
    let firstSucceeded: Bool
    if case .success(.fetched(_)) = results[0] { firstSucceeded = true } else { firstSucceeded = false }
    #expect(firstSucceeded, "\(results[0])")
    #expect(results[1] == .failure(.connectionRefused(host: "127.0.0.1")))
    #expect(results[2] == .failure(.fileNotFound(path: folder + "/nope.xml")))
  }

  @Test func boundedPoolNeverExceedsItsLimit() async {
    actor Gauge {
      var current = 0
      var peak = 0
      func enter() { current += 1; peak = max(peak, current) }
      func leave() { current -= 1 }
    }
    let gauge = Gauge()
    let outputs = await BoundedPool.map(Array(0..<40), limit: 4) { n in
      await gauge.enter()
      try? await Task.sleep(for: .milliseconds(5))
      await gauge.leave()
      return n * 2
    }
    #expect(outputs == (0..<40).map { $0 * 2 })
    #expect(await gauge.peak <= 4)
    #expect(await gauge.peak >= 2)
  }

  /// The server answers only after 40 s, so the cancel always comes first however loaded the machine
  /// (with 3 s, a starved test thread cancelled after the answer); it is sent once the request arrived.
  @Test func cancellationStopsAFetch() async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(delay: 40, Self.rss) }
    defer { server.stop() }
    let task = Task { try await fetchError(testFetcher(), server.baseURL + "/slow") }
    let deadline = ContinuousClock.now + .seconds(20)
    while server.requests.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    task.cancel()
    #expect(try await task.value == .cancelled)
  }
}

@Suite struct FetchErrorTests {
  static let url = URL(string: "https://example.com/feed")!

  @Test(arguments: [
    (6, FetchError.hostNotFound(host: "example.com")),
    (7, .connectionRefused(host: "example.com")),
    (35, .tls(host: "example.com")),
    (60, .tls(host: "example.com")),
    (28, .timedOut(url: "https://example.com/feed", seconds: 10)),
    (47, .tooManyRedirects(url: "https://example.com/feed", limit: 5)),
    (56, .connectionLost(url: "https://example.com/feed")),
    (18, .connectionLost(url: "https://example.com/feed")),
    (61, .network(url: "https://example.com/feed", reason: "Error while processing content unencoding")),
  ])
  func curlErrorsMapToCases(code: Int, expected: FetchError) {
    let message = "Error while processing content unencoding"
    #expect(FetchError.from(curlCode: code, message: message, url: Self.url, timeout: 10, redirectLimit: 5) == expected)
  }

  @Test(arguments: [
    FetchError.hostNotFound(host: "example.com"), .connectionRefused(host: "example.com"),
    .tls(host: "example.com"), .timedOut(url: "u", seconds: 0.5), .httpStatus(code: 404, url: "u", retryAfter: nil),
    .tooManyRedirects(url: "u", limit: 5), .tooLarge(url: "u", limit: 32 << 20), .notAFeed(url: "u", feedLinks: []),
    .notAFeed(url: "u", feedLinks: ["a", "b"]), .fileNotFound(path: "/p"), .fileUnreadable(path: "/p", reason: "r"),
    .network(url: "u", reason: "r"), .cancelled, .connectionLost(url: "u"), .truncated(url: "u"),
    .localAddress(url: "u", address: "127.0.0.1"),
    .binaryBody(url: "u", kind: "a PNG image", contentType: nil),
    .binaryBody(url: "u", kind: "a PNG image", contentType: "text/xml"),
  ])
  func descriptionsAreOneSentence(error: FetchError) {
    let text = error.description
    #expect(text.first?.isUppercase == true || text.first == "/" || text.first == "u")
    #expect(text.hasSuffix("."))
    #expect(!text.contains("\n"))
  }

  @Test func specificWording() {
    #expect(FetchError.tooLarge(url: "u", limit: 32 << 20).description == "u is larger than the 32 MiB download limit.")
    #expect(
      FetchError.httpStatus(code: 503, url: "u", retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT").description
        == "The server answered 503 (Service Unavailable) for u; retry after Wed, 21 Oct 2015 07:28:00 GMT.")
    #expect(FetchError.timedOut(url: "u", seconds: 0.5).description == "u did not answer within 0.5 seconds.")
  }

  @Test(arguments: [
    ("text/xml; charset=ISO-8859-1", "ISO-8859-1"), ("application/rss+xml;charset=\"utf-8\"", "utf-8"),
    ("text/xml", nil), ("text/html; Charset=windows-1252; q=1", "windows-1252"), ("text/xml; charset=", nil),
  ] as [(String, String?)])
  func charsetFromContentType(value: String, charset: String?) {
    #expect(Fetcher.charset(inContentType: value) == charset)
  }

  @Test(arguments: [
    ("<!DOCTYPE html><html><head>", nil, true), ("  <html lang=en>", nil, true),
    ("<?xml version=\"1.0\"?><rss version=\"2.0\">", "text/html", false),
    ("\u{FEFF}<?xml version=\"1.0\"?><!-- c --><feed xmlns=\"http://www.w3.org/2005/Atom\">", nil, false),
    ("{\"version\": \"https://jsonfeed.org/version/1.1\"}", "text/html", false),
    ("<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">", nil, true),
    ("<htmlfeed>", nil, false), ("garbage", "text/html", true), ("garbage", "text/plain", false),
  ] as [(String, String?, Bool)])
  func htmlPagesAreToldFromFeeds(body: String, contentType: String?, isHTML: Bool) {
    #expect(FeedDiscovery.isHTMLPage(Data(body.utf8), contentType: contentType) == isHTML)
  }
}
