import Foundation
import Testing

@testable import Reader
@testable import TestSupport

/// Feed data and server answers that leave through other doors: the OPML export, fetch error messages.
@Suite("Other doors")
struct OtherDoorsTests {
  @Test func exportDropsControlAndBidiCharacters() {
    let rendered = OPML.render([
      OPML.Subscription(url: "https://e.org/feed\u{9B}", title: "Evil\u{1B}[31m\u{7F}\u{85}\u{202E}gnp.exe\u{2066}", tags: ["T\u{200F}ag\u{9D}"])
    ])
    #expect(rendered.contains("title=\"Evil[31mgnp.exe\""))
    #expect(rendered.contains("xmlUrl=\"https://e.org/feed\""))
    #expect(rendered.contains("title=\"Tag\""))
    #expect(!rendered.unicodeScalars.contains { $0.value == 0x7F || (0x80...0x9F).contains($0.value) || $0.value == 0x1B })
  }

  @Test func aFIFOIsSaidToBeOne() async throws {
    let temporary = try TemporaryDirectory("fifo")
    let dir = temporary.url
    let fifo = dir.appendingPathComponent("feed.xml").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let error = await #expect(throws: FetchError.self) { try await Fetcher().fetch(try FeedSource(parsing: fifo)) }
    #expect(error == .fileUnreadable(path: fifo, reason: "it is a named pipe (FIFO), not a file"))
    #expect(Fetcher.specialFileKind("/dev/null") == "a character device")
  }

  @Test func oversizedResponseHeadersAreNotCalledADownloadLimit() async throws {
    let padding = String(repeating: "x", count: 8000)
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(headers: (0..<40).map { ("X-Pad-\($0)", padding) }, "<rss/>")
    }
    defer { server.stop() }
    let url = server.baseURL + "/feed"
    let error = await #expect(throws: FetchError.self) { try await Fetcher().fetch(try FeedSource(parsing: url)) }
    #expect(error == .headersTooLarge(url: url, limit: 256 * 1024))
    #expect(error?.description == "\(url) sent response headers over the 256 KiB limit; the fetch was stopped.")
  }

  @Test(arguments: [
    ("120", "; retry after 120 seconds"), ("99999999999999999999999", "; retry after 31622400 seconds"),
    ("Wed, 21 Oct 2026 07:28:00 GMT", "; retry after Wed, 21 Oct 2026 07:28:00 GMT"),
  ])
  func retryAfterIsClamped(header: String, phrase: String) {
    let error = FetchError.httpStatus(code: 503, url: "u", retryAfter: header)
    #expect(error.description == "The server answered 503 (Service Unavailable) for u\(phrase).")
  }
}
