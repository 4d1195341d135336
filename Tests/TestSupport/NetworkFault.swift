import Foundation
import Reader

/// The network faults, each as the misbehaving server's answer and as the `FetchError` the
/// fetcher owes the user for it. Shared by the fetcher tests and the end-to-end `splitfeed reload` test,
/// so both exercise the same faults and hold them to the same one-line wording.
public enum NetworkFault: String, CaseIterable, Sendable {
  /// Accepts, reads the request, answers nothing for `silence` seconds.
  case silent
  /// Sends the head and half the body, then resets the connection.
  case reset
  /// `Content-Encoding: gzip` with the compressed body cut in half (a complete HTTP message).
  case truncatedGzip
  /// 254 KiB of gzip that inflates to 256 MiB.
  case gzipBomb
  /// Redirects to itself.
  case redirectLoop
  case notFound, gone, serverError
  /// 503 with `Retry-After: 120`.
  case unavailable
  /// A PNG image labelled `text/xml`.
  case pngAsXML
  /// An HTML page advertising three feeds (the fetcher fixture `page.html`).
  case htmlPage
  /// An `https://` address on the plain-HTTP listener: the TLS handshake gets plain text back.
  case tls

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ReaderTests/Fixtures/fetch")

  static func fixture(_ name: String) -> Data {
    (try? Data(contentsOf: fixtures.appendingPathComponent(name))) ?? Data()
  }

  static let gzipFeed = fixture("feed.xml.gz")
  static let bomb = fixture("zeros-256MiB.gz")
  static let page = fixture("page.html")
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 200))

  /// The feed addresses `page.html` advertises, served from `base` (it has `<base href="/blog/">`).
  public static func advertisedFeeds(base: String) -> [String] {
    [base + "/blog/feed.rss", "https://other.example/atom.xml", base + "/blog/feed.json"]
  }

  /// The faulty answer to `request`; `feed` is the document a healthy server would send.
  public func response(to request: TestHTTPServer.Request, feed: Data, silence: Double = 3) -> TestHTTPServer.Response {
    switch self {
    case .silent: return TestHTTPServer.Response(body: feed, delay: silence)
    case .reset: return TestHTTPServer.Response(body: feed, resetAfter: feed.count / 2)
    case .truncatedGzip:
      return TestHTTPServer.Response(
        headers: [("Content-Encoding", "gzip")], body: Self.gzipFeed.prefix(Self.gzipFeed.count / 2))
    case .gzipBomb:
      return TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml"), ("Content-Encoding", "gzip")], body: Self.bomb)
    case .redirectLoop: return .redirect(to: request.path)
    case .notFound: return TestHTTPServer.Response(status: 404, "no")
    case .gone: return TestHTTPServer.Response(status: 410, "gone")
    case .serverError: return TestHTTPServer.Response(status: 500, "oops")
    case .unavailable: return TestHTTPServer.Response(status: 503, headers: [("Retry-After", "120")], "later")
    case .pngAsXML: return TestHTTPServer.Response(headers: [("Content-Type", "text/xml")], body: Self.png)
    case .htmlPage: return TestHTTPServer.Response(headers: [("Content-Type", "text/html")], body: Self.page)
    case .tls: return TestHTTPServer.Response(status: 400, "plain HTTP here")
    }
  }

  /// The address of this fault at `path` on `server` (https on the plain port for `.tls`).
  public func url(on server: TestHTTPServer, path: String) -> String {
    (self == .tls ? "https://127.0.0.1:\(server.port)" : server.baseURL) + path
  }

  /// What fetching `url` must fail with; `base` is the server's http address, `timeout` the fetcher's
  /// connect timeout and `maxBytes` its download cap.
  public func expectedError(url: String, base: String, timeout: Double, maxBytes: Int) -> FetchError {
    switch self {
    case .silent: .timedOut(url: url, seconds: timeout)
    case .reset: .connectionLost(url: url)
    case .truncatedGzip: .truncated(url: url)
    case .gzipBomb: .tooLarge(url: url, limit: maxBytes)
    case .redirectLoop: .tooManyRedirects(url: url, limit: 5)
    case .notFound: .httpStatus(code: 404, url: url, retryAfter: nil)
    case .gone: .httpStatus(code: 410, url: url, retryAfter: nil)
    case .serverError: .httpStatus(code: 500, url: url, retryAfter: nil)
    case .unavailable: .httpStatus(code: 503, url: url, retryAfter: "120")
    case .pngAsXML: .binaryBody(url: url, kind: "a PNG image", contentType: "text/xml")
    case .htmlPage: .notAFeed(url: url, feedLinks: Self.advertisedFeeds(base: base))
    case .tls: .tls(host: "127.0.0.1")
    }
  }
}
