import Foundation
import Testing

@testable import Reader
import TestSupport

/// Network faults, at the fetcher: one misbehaving loopback server answers every fault by
/// path, and each fault must come back as its `FetchError` case whose description is one line naming
/// the address. (Silent server, trickle, redirect loop, 404/500/503 and the closed port have their own
/// tests in FetcherTests; here they are checked again for their exact one-line wording.)
@Suite(.timeLimit(.minutes(1)))
struct FetcherFaultTests {
  static let rss = """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Faults</title>\
    <item><title>One</title><guid>1</guid></item><item><title>Two</title><guid>2</guid></item></channel></rss>
    """

  /// Answers `/<fault>` with that fault (`NetworkFault`); anything else is the feed.
  static func faultyServer() throws -> TestHTTPServer {
    try TestHTTPServer { request in
      let feed = Data(rss.utf8)
      if request.method == "TLS" { return NetworkFault.tls.response(to: request, feed: feed) }
      guard let fault = NetworkFault(rawValue: String(request.path.dropFirst())) else {
        return TestHTTPServer.Response(headers: [("Content-Type", "application/rss+xml")], body: feed)
      }
      return fault.response(to: request, feed: feed)
    }
  }

  static func url(_ fault: NetworkFault, _ server: TestHTTPServer) -> String {
    fault.url(on: server, path: "/" + fault.rawValue)
  }

  /// The exact sentence of each fault's error (the wording the user reads, spelled out here on purpose).
  static func sentence(_ fault: NetworkFault, url: String, base: String) -> String {
    switch fault {
    case .silent: "\(url) did not answer within 0.5 seconds."
    case .reset: "\(url) did not arrive whole: the connection was closed or reset midway."
    case .truncatedGzip: "\(url) did not arrive whole: its compressed body stops before the end of the feed."
    case .gzipBomb: "\(url) is larger than the 8 MiB download limit."
    case .redirectLoop: "\(url) redirected more than 5 times (a redirect loop?)."
    case .notFound: "The server answered 404 (Not Found) for \(url)."
    case .gone: "The server answered 410 (Gone) for \(url)."
    case .serverError: "The server answered 500 (Internal Server Error) for \(url)."
    case .unavailable: "The server answered 503 (Service Unavailable) for \(url); retry after 120 seconds."
    case .pngAsXML: "\(url) is a PNG image (served as text/xml), not a feed."
    case .htmlPage:
      "\(url) is a web page, not a feed; it advertises: \(base)/blog/feed.rss, https://other.example/atom.xml, \(base)/blog/feed.json."
    case .tls: "Could not establish a secure connection to 127.0.0.1 (TLS or certificate error)."
    }
  }

  @Test(arguments: NetworkFault.allCases)
  func eachFaultIsItsErrorInOneLine(fault: NetworkFault) async throws {
    let server = try Self.faultyServer()
    defer { server.stop() }
    let url = Self.url(fault, server)
    let timeout = fault == .silent ? 0.5 : 5
    let error = try await fetchError(testFetcher(connect: timeout, maxBytes: 8 << 20), url)
    #expect(error == fault.expectedError(url: url, base: server.baseURL, timeout: timeout, maxBytes: 8 << 20))
    let text = try #require(error).description
    #expect(text == Self.sentence(fault, url: url, base: server.baseURL))
    #expect(!text.contains("\n"))
    #expect(text.contains(fault == .tls ? "127.0.0.1" : url), "the sentence names the address")
  }

  /// The TLS fault is what it claims: the client's handshake reached the plain-HTTP listener.
  @Test func theTLSClientHelloReachedThePlainServer() async throws {
    let server = try Self.faultyServer()
    defer { server.stop() }
    _ = try await fetchError(testFetcher(), Self.url(.tls, server))
    #expect(server.requests.map(\.method) == ["TLS"])
  }

  @Test func theResetReallyCutTheBody() async throws {
    // The same response without the reset arrives whole: the failure above is the reset's doing.
    let body = Data(Self.rss.utf8)
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(body: body, pieces: 2) }
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/whole"))
    guard case .fetched(let feed) = result else {
      Issue.record("expected a body, got \(result)")
      return
    }
    #expect(feed.data == body)
  }

  /// A wrong Content-Type does not matter when the bytes are a feed: it is fetched and parses.
  @Test(arguments: ["application/octet-stream", "image/png", "text/plain; charset=utf-8"])
  func aFeedUnderAWrongContentTypeStillParses(contentType: String) async throws {
    let server = try TestHTTPServer { _ in TestHTTPServer.Response(headers: [("Content-Type", contentType)], Self.rss) }
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/feed"))
    guard case .fetched(let feed) = result else {
      Issue.record("expected a body, got \(result)")
      return
    }
    let parsed = try FeedParser.parse(data: feed.data, url: feed.finalURL, httpCharset: feed.charset)
    #expect(parsed.feed.title == "Faults")
    #expect(parsed.feed.items.map(\.title) == ["One", "Two"])
  }

  /// A whole gzip body passes the truncation check (the check is not simply "gzip fails").
  @Test func aCompleteGzipFeedIsNotTruncated() async throws {
    let gzip = try fixture("fetch", "feed.xml.gz")
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(headers: [("Content-Encoding", "gzip")], body: gzip)
    }
    defer { server.stop() }
    let result = try await testFetcher().fetch(try source(server.baseURL + "/feed"))
    guard case .fetched(let feed) = result else {
      Issue.record("expected a body, got \(result)")
      return
    }
    #expect(feed.data == (try fixture("fetch", "feed.xml")))
  }

  /// 256 MiB of zeros in 254 KiB of gzip: the cap counts decoded bytes and the transfer stops there.
  /// What that does to memory is measured on the binary, in a process of its own
  /// (`NetworkFaultReloadTests`): this process's resident size also counts the tests running beside it.
  @Test func gzipBombStopsAtTheCap() async throws {
    let server = try Self.faultyServer()
    defer { server.stop() }
    let url = Self.url(.gzipBomb, server)
    let error = try await fetchError(testFetcher(maxBytes: 8 << 20), url)
    #expect(error == .tooLarge(url: url, limit: 8 << 20))
  }
}

/// The sniffing behind `truncated`, `binaryBody` and `notAFeed`, on bytes.
@Suite struct BodySnifferTests {
  @Test(arguments: [
    ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel></channel></rss>", false),
    ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel></channel></rss>\n<b>Warning</b>: junk", false),
    ("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><item><title>cut", true),
    ("<rdf:RDF xmlns:rdf=\"x\"><channel/></rdf:RDF>", false),
    ("<rdf:RDF xmlns:rdf=\"x\"><channel/>", true),
    ("<!-- c --><!DOCTYPE rss [<!ENTITY a \"<b>\">]><rss></rss>", false),
    ("<!DOCTYPE rss [<!ENTITY a \"<b>\">]><rss><channel>", true),
    ("<feed/>", false),
    ("<fe", true),
    ("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}\n", false),
    ("{\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": [", true),
    ("not markup at all", false),
  ])
  func truncation(text: String, truncated: Bool) {
    #expect(BodySniffer.looksTruncated(Data(text.utf8)) == truncated)
  }

  @Test func utf16IsNotJudged() {
    var data = Data([0xFF, 0xFE])
    data.append("<rss><channel>".data(using: .utf16LittleEndian)!)
    #expect(!BodySniffer.looksTruncated(data))
    #expect(BodySniffer.binaryKind(data) == nil)
  }

  @Test(arguments: [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "a PNG image"),
    (Array("GIF89a....".utf8), "a GIF image"), ([0xFF, 0xD8, 0xFF, 0xE0], "a JPEG image"),
    (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "a WebP image"), (Array("%PDF-1.7".utf8), "a PDF document"),
    ([0x50, 0x4B, 0x03, 0x04, 0], "a ZIP archive"), ([0x1F, 0x8B, 0x08, 0], "a gzip file (compressed without Content-Encoding)"),
    (Array("<?xml version=\"1.0\"?><rss/>".utf8), nil), (Array("{\"items\": []}".utf8), nil), ([0x89, 0x50], nil),
  ] as [([UInt8], String?)])
  func binarySignatures(bytes: [UInt8], kind: String?) {
    #expect(BodySniffer.binaryKind(Data(bytes)) == kind)
  }

  @Test func startSkipsThePrologue() {
    let text = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- a -->\n<!DOCTYPE feed [<!ENTITY x \"<y>\">]>\n<feed xmlns=\"a\">"
    guard case .element(let name, _) = BodySniffer.start(of: Data(text.utf8)) else {
      Issue.record("no element found")
      return
    }
    #expect(name == "feed")
  }
}
