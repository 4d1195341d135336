import Foundation

/// Why a feed could not be fetched, one case per thing the user can act on: the UI and
/// `splitfeed reload` show `description`, a single human sentence naming the address.
public enum FetchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host name did not resolve.
  case hostNotFound(host: String)
  /// Nothing listens at the address (TCP connection refused or unreachable).
  case connectionRefused(host: String)
  /// The TLS handshake or certificate check failed.
  case tls(host: String)
  /// No answer within the connect/idle timeout, or the whole transfer took too long.
  case timedOut(url: String, seconds: Double)
  /// The server answered with an error status; `retryAfter` is its Retry-After header as sent.
  case httpStatus(code: Int, url: String, retryAfter: String?)
  /// More redirects than allowed (or a loop).
  case tooManyRedirects(url: String, limit: Int)
  /// The body exceeded the download cap.
  case tooLarge(url: String, limit: Int)
  /// The response headers exceeded their cap.
  case headersTooLarge(url: String, limit: Int)
  /// The connection was reset or closed before the whole body arrived.
  case connectionLost(url: String)
  /// A compressed body decoded to a document that stops before its end (see `BodySniffer`).
  case truncated(url: String)
  /// The body is a well-known binary format (`kind`: "a PNG image"), whatever its Content-Type said.
  case binaryBody(url: String, kind: String, contentType: String?)
  /// The address holds an HTML page, not a feed; `feedLinks` are the absolute feed URLs it advertises.
  case notAFeed(url: String, feedLinks: [String])
  case fileNotFound(path: String)
  case fileUnreadable(path: String, reason: String)
  /// Any other transport failure, with the system's wording.
  case network(url: String, reason: String)
  /// A link from a feed on the internet led to an address of the user's own network (`address`: the
  /// loopback, private or link-local address connected to), and the request was not sent
  /// (`LocalNetwork`, the `fetch-local-links` setting).
  case localAddress(url: String, address: String)
  case cancelled
  /// A urls file's `exec:` or `filter:` program failed (`ChildProgram.OutputFailure`'s sentence).
  case program(String)

  public var description: String {
    switch self {
    case .hostNotFound(let host):
      return "Could not find the server \(host) (DNS lookup failed)."
    case .connectionRefused(let host):
      return "Could not connect to \(host): the connection was refused."
    case .tls(let host):
      return "Could not establish a secure connection to \(host) (TLS or certificate error)."
    case .timedOut(let url, let seconds):
      return "\(url) did not answer within \(Self.format(seconds)) seconds."
    case .httpStatus(let code, let url, let retryAfter):
      let reason = HTTPStatus.reason(code)
      let retry = retryAfter.map { Self.retryPhrase($0) } ?? ""
      return "The server answered \(code) (\(reason)) for \(url)\(retry)."
    case .tooManyRedirects(let url, let limit):
      return "\(url) redirected more than \(limit) times (a redirect loop?)."
    case .tooLarge(let url, let limit):
      return "\(url) is larger than the \(Self.format(bytes: limit)) download limit."
    case .headersTooLarge(let url, let limit):
      return "\(url) sent response headers over the \(limit >> 10) KiB limit; the fetch was stopped."
    case .connectionLost(let url):
      return "\(url) did not arrive whole: the connection was closed or reset midway."
    case .truncated(let url):
      return "\(url) did not arrive whole: its compressed body stops before the end of the feed."
    case .binaryBody(let url, let kind, let contentType):
      let served = contentType.map { " (served as \($0))" } ?? ""
      return "\(url) is \(kind)\(served), not a feed."
    case .notAFeed(let url, let links):
      if links.isEmpty { return "\(url) is a web page, not a feed, and it advertises no feed." }
      return "\(url) is a web page, not a feed; it advertises: \(links.joined(separator: ", "))."
    case .fileNotFound(let path):
      return "No such file: \(path)."
    case .fileUnreadable(let path, let reason):
      return "Could not read \(path): \(reason)."
    case .network(let url, let reason):
      return "Could not fetch \(url): \(reason)."
    case .localAddress(let url, let address):
      return "\(url) was not fetched: it leads to \(address), on your own network, from a feed on the internet (fetch-local-links)."
    case .cancelled:
      return "The fetch was cancelled."
    case .program(let reason):
      return reason
    }
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }

  private static func format(bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  /// A Retry-After of more than a year is said as a year (a server's number is not trusted as is).
  static let maxRetryAfter = 366 * 86_400

  private static func retryPhrase(_ value: String) -> String {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = ClampedInteger.parse(trimmed, in: 0...Self.maxRetryAfter) {
      return "; retry after \(seconds) second\(seconds == 1 ? "" : "s")"
    }
    return "; retry after \(trimmed)"
  }

  /// Maps a libcurl failure (its CURLcode and error text) to a case; `url` is the address being fetched.
  static func from(curlCode code: Int, message: String, url: URL, timeout: Double, redirectLimit: Int) -> FetchError {
    let host = url.host ?? url.absoluteString
    switch code {
    case 6:  // CURLE_COULDNT_RESOLVE_HOST
      return .hostNotFound(host: host)
    case 7:  // CURLE_COULDNT_CONNECT
      return .connectionRefused(host: host)
    case 28:  // CURLE_OPERATION_TIMEDOUT: the connect timeout (the others are counted by the transfer)
      return .timedOut(url: url.absoluteString, seconds: timeout)
    case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98:
      // SSL_CONNECT_ERROR (a plain-HTTP port answers "wrong version number"), certificate problems…
      return .tls(host: host)
    case 47:  // CURLE_TOO_MANY_REDIRECTS
      return .tooManyRedirects(url: url.absoluteString, limit: redirectLimit)
    case 18, 52, 55, 56:  // PARTIAL_FILE, GOT_NOTHING, SEND_ERROR, RECV_ERROR (a reset)
      return .connectionLost(url: url.absoluteString)
    default:
      return .network(url: url.absoluteString, reason: message.isEmpty ? "error \(code)" : message)
    }
  }
}
