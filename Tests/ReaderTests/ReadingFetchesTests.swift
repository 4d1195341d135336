import Foundation
import TestSupport
import Testing

@testable import Reader

/// The fetches the reader makes while reading — article pages and pictures — share bounded lanes polite
/// to one host (`FetchLanes`), and a link from a feed on the internet does not reach the user's own
/// network (`LocalNetwork`, the transport's check on the address connected to).
@Suite("Reading's own fetches")
struct ReadingFetchesTests {
  static let page = Data(NewsPage.article().utf8)

  /// A loopback server answering every request after `delay` seconds: HTML, or a picture for `.png`;
  /// it lives long enough for a test that waits for a starved thread pool.
  static func slowServer(delay: Double) throws -> TestHTTPServer {
    try TestHTTPServer { request in
      request.path.hasSuffix(".png")
        ? TestHTTPServer.Response(headers: [("Content-Type", "image/png")], body: TestPNG.solid(width: 2, height: 2, 9, 9, 9), delay: delay)
        : TestHTTPServer.Response(headers: [("Content-Type", "text/html")], body: page, delay: delay)
    }
  }

  /// Runs `body` until it holds, for up to 300 seconds (a loaded machine is slow, never wrong: a run of
  /// the whole target on a machine at load 18 kept these tasks from running for minutes).
  static func eventually(_ what: String, _ body: () async -> Bool) async throws {
    let deadline = Date().addingTimeInterval(300)
    while !(await body()) {
      guard Date() < deadline else { throw TimedOut(description: "timed out waiting for \(what)") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  struct TimedOut: Error, CustomStringConvertible {
    var description: String
  }

  @Test func pagesAndPicturesShareLanesPoliteToOneHost() async throws {
    let server = try Self.slowServer(delay: 0.3)
    defer { server.stop() }
    let (fetcher, lanes) = (Fetcher(), FetchLanes(perHost: 2, overall: 6))
    await withTaskGroup(of: Void.self) { group in
      for n in 0..<10 {
        let url = URL(string: server.url("page\(n).html"))!
        group.addTask { _ = await lanes.run(url) { try? await fetcher.fetchPage(url) } }
      }
      for n in 0..<6 {
        group.addTask { _ = await ImageLoader.load(server.url("pic\(n).png"), fetcher: fetcher, disk: nil, lanes: lanes) }
      }
    }
    #expect(server.requests.count == 16, "every fetch was made")
    #expect(server.maxInFlight == 2, "at most two at once to one host")
  }

  @Test func theFetchWaitedForGoesFirstAndACancelledOneIsNeverSent() async throws {
    // The first request is answered only when the test opens the gate, so the others wait meanwhile.
    let gate = DispatchSemaphore(value: 0)
    let server = try TestHTTPServer { request in
      if request.path == "/first" { gate.wait() }
      return TestHTTPServer.Response(headers: [("Content-Type", "text/html")], body: Self.page)
    }
    defer { server.stop() }
    defer { gate.signal() }
    var patient = Fetcher.Configuration()  // the held request stays silent as long as the test needs
    patient.connectTimeout = 300
    patient.transferTimeout = 300
    let (fetcher, lanes) = (Fetcher(configuration: patient), FetchLanes(perHost: 1, overall: 6))
    let fetch = { @Sendable (name: String, urgent: Bool) in
      let url = URL(string: server.url(name))!
      return Task { await lanes.run(url, urgent: urgent) { (try? await fetcher.fetchPage(url)) != nil } }
    }
    let first = fetch("first", false)
    try await Self.eventually("the first fetch sent") { server.requests.count == 1 }
    let ahead = fetch("ahead", false)
    try await Self.eventually("one waiting") { await lanes.waiting == 1 }
    let dropped = fetch("dropped", false)
    try await Self.eventually("two waiting") { await lanes.waiting == 2 }
    let waitedFor = fetch("waited-for", true)
    try await Self.eventually("three waiting") { await lanes.waiting == 3 }
    dropped.cancel()
    #expect(await dropped.value == nil, "cancelled while waiting: not run")
    gate.signal()
    #expect(await first.value == true)
    #expect(await waitedFor.value == true)
    #expect(await ahead.value == true)
    #expect(server.requests.map(\.path) == ["/first", "/waited-for", "/ahead"])
  }

  @Test func aLinkFromTheInternetIsNotFetchedFromTheUsersNetwork() async throws {
    let server = try Self.slowServer(delay: 0)
    defer { server.stop() }
    let fetcher = Fetcher()
    // A local address, and a name that resolves to one.
    for address in [server.url("a.html"), "http://localhost:\(server.port)/b.html"] {
      do {
        _ = try await fetcher.fetchPage(URL(string: address)!, refusingLocal: true)
        Issue.record("\(address) was fetched")
      } catch {
        guard case .localAddress(let url, let connected) = error else { throw error }
        #expect(url == address)
        #expect(LocalNetwork.isLocal(address: connected) == true, "\(connected)")
      }
    }
    let picture = await ImageLoader.load(server.url("c.png"), fetcher: fetcher, disk: nil, refusingLocal: true)
    #expect(picture == .failure(.localAddress("127.0.0.1")))
    #expect(server.requests.isEmpty, "nothing was sent")

    // A connection kept open by a fetch that may go there is not reused by one that may not.
    _ = try await fetcher.fetchPage(URL(string: server.url("d.html"))!)
    await #expect(throws: FetchError.localAddress(url: server.url("e.html"), address: "127.0.0.1")) {
      try await fetcher.fetchPage(URL(string: server.url("e.html"))!, refusingLocal: true)
    }
    #expect(server.requests.map(\.path) == ["/d.html"])
  }

  @Test(arguments: [
    ("127.0.0.1", true), ("127.8.9.10", true), ("10.1.2.3", true), ("172.16.0.1", true), ("172.31.255.255", true),
    ("172.32.0.1", false), ("192.168.1.1", true), ("169.254.169.254", true), ("100.64.0.1", true), ("100.128.0.1", false),
    ("0.0.0.0", true), ("8.8.8.8", false), ("::1", true), ("[::1]", true), ("::", true), ("fe80::1", true),
    ("fd12:3456::1", true), ("::ffff:192.168.0.1", true), ("::ffff:8.8.8.8", false), ("64:ff9b::7f00:1", true),
    ("2606:4700::1111", false),
  ])
  func addressesOfTheUsersNetwork(address: String, local: Bool) {
    #expect(LocalNetwork.isLocal(address: address) == local)
  }

  @Test func feedsOnTheUsersNetworkAndTheSyncServer() {
    #expect(LocalNetwork.isLocal(address: "example.com") == nil)
    for host in ["localhost", "app.localhost", "printer.local", "nas", "nas.lan", "router.home.arpa", "db.internal", "192.168.0.2"] {
      #expect(LocalNetwork.isLocal(host: host), "\(host)")
    }
    for host in ["news.example.test", "example.com", "8.8.8.8", "local.example.com"] {
      #expect(!LocalNetwork.isLocal(host: host), "\(host)")
    }
    #expect(LocalNetwork.isLocal(feed: "file:///home/u/feed.xml"))
    #expect(LocalNetwork.isLocal(feed: "http://127.0.0.1:8080/feed.xml"))
    #expect(LocalNetwork.isLocal(feed: "http://[::1]/feed"))
    #expect(!LocalNetwork.isLocal(feed: "https://news.example.com/feed.xml"))
    #expect(!LocalNetwork.isLocal(feed: "not an address"))
    let server = URL(string: "http://192.168.1.10:8080/api/greader.php")
    #expect(LocalNetwork.isOnServer(URL(string: "http://192.168.1.10:8080/proxy/abc"), server))
    #expect(!LocalNetwork.isOnServer(URL(string: "http://192.168.1.10/proxy/abc"), server), "another port")
    #expect(!LocalNetwork.isOnServer(URL(string: "http://192.168.1.11:8080/x"), server))
    #expect(LocalNetwork.isOnServer(URL(string: "https://Rss.Example.com/i.png"), URL(string: "https://rss.example.com:443/")))
    #expect(!LocalNetwork.isOnServer(URL(string: "http://192.168.1.10:8080/x"), nil), "no sync server")
  }
}
