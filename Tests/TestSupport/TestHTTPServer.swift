import Foundation
import Synchronization
import Reader

#if canImport(Glibc)
  import Glibc
#endif

/// The loopback HTTP/1.1 server of every test (127.0.0.1, an ephemeral port): the fetcher tests, and
/// the end-to-end tests that point the real binary at it. One thread accepts, one thread serves a
/// connection, and connections are kept alive between requests unless an answer's fault needs the close;
/// they are counted, so a test can see whether the client reuses them. Besides well-formed answers (and
/// the files of a folder, `init(serving:)`) it can stay silent, trickle, reset the connection mid-body,
/// and answer a TLS handshake in plain text (what a plain HTTP server does when given an `https://` URL),
/// so every network fault is reproducible without the internet. It stops on `stop()` or by itself after
/// `lifetime` seconds, so a failing test never leaves it running. That safety net is longer than any
/// test's own waits: under the whole parallel suite a main-actor test can be kept from running for over
/// 30 s, and a server gone by then failed its pictures as "not fetched" (docs/DECISIONS.md, "Flakes under
/// load: a test server gone before the main actor came back").
public final class TestHTTPServer: @unchecked Sendable {
  public struct Request: Sendable {
    /// `GET`…, or `TLS` when the client opened with a TLS handshake instead of an HTTP request (the
    /// handler's answer then goes back in plain text, which the client's TLS layer cannot read).
    public var method: String
    public var path: String
    /// Header names in lower case.
    public var headers: [String: String]
    /// The body a POST sent (its Content-Length bytes); empty for a GET.
    public var body = Data()
  }

  public struct Response: Sendable {
    public var status = 200
    public var headers: [(String, String)] = []
    public var body = Data()
    /// Seconds to wait before sending anything.
    public var delay: Double = 0
    /// Send a Content-Length header (otherwise the body ends when the connection closes).
    public var contentLength = true
    /// Send the body in this many pieces with `pieceDelay` seconds between them.
    public var pieces = 1
    public var pieceDelay: Double = 0
    /// Abort the connection with a TCP reset (SO_LINGER 0, then close) after this many body bytes;
    /// Content-Length still announces the whole body.
    public var resetAfter: Int?

    public init(
      status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: Double = 0,
      contentLength: Bool = true, pieces: Int = 1, pieceDelay: Double = 0, resetAfter: Int? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.delay = delay
      self.contentLength = contentLength
      self.pieces = pieces
      self.pieceDelay = pieceDelay
      self.resetAfter = resetAfter
    }

    public init(status: Int = 200, headers: [(String, String)] = [], delay: Double = 0, _ text: String) {
      self.init(status: status, headers: headers, body: Data(text.utf8), delay: delay)
    }

    public static func redirect(to location: String) -> Response {
      Response(status: 302, headers: [("Location", location)], body: Data())
    }
  }

  public let port: UInt16
  private let listener: Int32
  private let handler: @Sendable (Request) -> Response
  private let lock = NSLock()
  private var stopped = false
  private var inFlight = 0
  private var maxInFlightValue = 0
  private var requestLog: [Request] = []
  private var accepted = 0
  /// Connections still open, shut down by `stop()` so their threads (waiting for a next request) end.
  private var openConnections: Set<Int32> = []

  /// The largest number of requests being answered at the same moment.
  public var maxInFlight: Int { lock.withLock { maxInFlightValue } }
  /// Every request received, in arrival order.
  public var requests: [Request] { lock.withLock { requestLog } }
  /// How many TCP connections clients have opened so far.
  public var connectionsAccepted: Int { lock.withLock { accepted } }

  public var baseURL: String { "http://127.0.0.1:\(port)" }

  public init(lifetime: Double = 900, handler: @escaping @Sendable (Request) -> Response) throws {
    self.handler = handler
    let (fd, port) = try Self.bind(listening: true)
    listener = fd
    self.port = port
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
    DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { [weak self] in self?.stop() }
  }

  deinit { stop() }

  public func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))  // wakes the blocked accept()
    close(listener)
    lock.withLock { for connection in openConnections { shutdown(connection, Int32(SHUT_RDWR)) } }
  }

  /// A port on 127.0.0.1 where nothing listens: bound, never listened on, and held until the test process
  /// ends. A port closed again at once could be handed to the next server a parallel test starts on any
  /// free port, and the "refused" connection would reach it.
  public static func closedPort() throws -> UInt16 {
    let (fd, port) = try bind(listening: false)
    heldPorts.withLock { $0.append(fd) }
    return port
  }

  private static let heldPorts = Mutex<[Int32]>([])

  /// A socket bound to a free port of 127.0.0.1 and that port; listening ones may share the port with a
  /// socket in TIME_WAIT (SO_REUSEADDR), the held ones of `closedPort` share it with nothing.
  private static func bind(listening: Bool) throws -> (Int32, UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    if listening { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size)) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, !listening || Glibc.listen(fd, 64) == 0 else {
      close(fd)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: address.sin_port))
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if lock.withLock({ stopped }) { return }
        continue
      }
      lock.withLock {
        accepted += 1
        openConnections.insert(connection)
      }
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
  }

  /// Answers requests on one connection until the client closes it, a fault ends it or the server stops.
  private func serve(_ connection: Int32) {
    var buffered = Data()
    var ending = Ending.keepAlive
    while ending == .keepAlive, let request = Self.readRequest(connection, buffered: &buffered) {
      ending = answer(request, on: connection)
    }
    lock.withLock { _ = openConnections.remove(connection) }
    if ending == .reset {
      // A close with a zero linger time sends RST instead of FIN.
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    } else {
      shutdown(connection, Int32(SHUT_WR))
    }
    close(connection)
  }

  private enum Ending { case keepAlive, close, reset }

  private func answer(_ request: Request, on connection: Int32) -> Ending {
    lock.withLock {
      requestLog.append(request)
      inFlight += 1
      maxInFlightValue = max(maxInFlightValue, inFlight)
    }
    let response = handler(request)
    if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
    // No longer counted once the answer starts: the client may finish reading it before this thread
    // runs again, and must not see its next request overlap this one.
    lock.withLock { inFlight -= 1 }
    // A body without a length ends with the connection; a reset or a TLS client cannot go on either.
    let closes = !response.contentLength || response.resetAfter != nil || request.method == "TLS"
      || request.headers["connection"]?.lowercased() == "close"
    var head = "HTTP/1.1 \(response.status) \(HTTPStatus.reason(response.status))\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    if response.contentLength { head += "Content-Length: \(response.body.count)\r\n" }
    head += closes ? "Connection: close\r\n\r\n" : "\r\n"
    guard Self.send(Data(head.utf8), to: connection) else { return .close }
    let bodyEnd = min(response.body.count, response.resetAfter ?? response.body.count)
    let pieceSize = max(1, (bodyEnd + response.pieces - 1) / max(1, response.pieces))
    var offset = 0
    while offset < bodyEnd {
      let end = min(bodyEnd, offset + pieceSize)
      guard Self.send(response.body[offset..<end], to: connection) else { return .close }
      offset = end
      if offset < bodyEnd && response.pieceDelay > 0 {
        Thread.sleep(forTimeInterval: response.pieceDelay)
      }
    }
    if response.resetAfter != nil {
      Thread.sleep(forTimeInterval: 0.2)  // let the client read the head and the first part
      return .reset
    }
    return closes ? .close : .keepAlive
  }

  private static func send(_ data: Data, to connection: Int32) -> Bool {
    data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return true }
      var sent = 0
      while sent < buffer.count {
        let n = Glibc.send(connection, base + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
        if n <= 0 { return false }
        sent += n
      }
      return true
    }
  }

  /// The next request on `connection`; `buffered` holds what arrived past the previous one.
  private static func readRequest(_ connection: Int32, buffered: inout Data) -> Request? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var headEnd = buffered.range(of: Data("\r\n\r\n".utf8))
    while headEnd == nil {
      // A TLS record header (handshake, version 3.x): a ClientHello, which never ends in a blank line.
      if buffered.count >= 2 && buffered[buffered.startIndex] == 0x16 && buffered[buffered.startIndex + 1] == 0x03 {
        buffered = Data()
        return Request(method: "TLS", path: "", headers: [:])
      }
      guard buffered.count < 65536 else { return nil }
      let n = recv(connection, &buffer, buffer.count, 0)
      if n <= 0 { return nil }
      buffered.append(contentsOf: buffer[0..<n])
      headEnd = buffered.range(of: Data("\r\n\r\n".utf8))
    }
    guard let headEnd else { return nil }
    let lines = String(decoding: buffered[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
    buffered = Data(buffered[headEnd.upperBound...])
    let parts = lines.first?.split(separator: " ") ?? []
    guard parts.count >= 2 else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Data()
    if let length = headers["content-length"].flatMap({ Int($0) }), length > 0, length < 64 << 20 {
      while buffered.count < length {
        let n = recv(connection, &buffer, buffer.count, 0)
        if n <= 0 { return nil }
        buffered.append(contentsOf: buffer[0..<n])
      }
      body = Data(buffered.prefix(length))
      buffered = Data(buffered.dropFirst(length))
    }
    return Request(method: String(parts[0]), path: String(parts[1]), headers: headers, body: body)
  }
}
