import Foundation

/// A request as the fetcher sends it: the address and the request header fields, in the order given; a
/// GET, or a POST when it has a `body` (the sync API's forms).
///
/// splitfeed's own type rather than Foundation's `URLRequest`, because libcurl is driven directly
/// (`HTTPTransfer`) and FoundationNetworking is not linked: it would bring all of URLSession for two
/// small value types.
struct HTTPRequest: Sendable {
  var url: URL
  var headerFields: [(name: String, value: String)] = []
  /// The POST body; nil for a GET.
  var body: Data?
  /// False: a 3xx is the answer (the caller judges where it points) instead of being followed.
  var followsRedirects = true
  /// True: the request is not sent over a connection to a loopback, private or link-local address,
  /// checked on the address connected to, after every redirect (`LocalNetwork`).
  var refusesLocalAddresses = false

  init(url: URL) { self.url = url }

  /// Sets a field, replacing an earlier one of the same name (compared without regard to case).
  mutating func setValue(_ value: String, forHeader name: String) {
    headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    headerFields.append((name, value))
  }
}

/// The answer to a GET: the address it finally came from (after redirects), the status code and the
/// header fields of that last response.
struct HTTPResponse: Sendable {
  let url: URL
  let statusCode: Int
  let headerFields: [(name: String, value: String)]

  /// Parses the header block libcurl collected (CRLF-separated, status line first). A field sent more
  /// than once is joined with ", " (RFC 9110 §5.3).
  init(url: URL, statusCode: Int, headerBlock: String) {
    var fields: [(name: String, value: String)] = []
    for line in headerBlock.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }).dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if let earlier = fields.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
        fields[earlier].value += ", " + value
      } else {
        fields.append((name, value))
      }
    }
    self.url = url
    self.statusCode = statusCode
    self.headerFields = fields
  }

  /// A header field's value, looked up without regard to case.
  func header(_ name: String) -> String? {
    headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

/// The reason phrases of RFC 9110 §15, for error sentences ("The server answered 410 (Gone) …") and
/// the test server's status lines.
public enum HTTPStatus {
  public static func reason(_ code: Int) -> String {
    switch code {
    case 100: "Continue"
    case 101: "Switching Protocols"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 203: "Non-Authoritative Information"
    case 204: "No Content"
    case 205: "Reset Content"
    case 206: "Partial Content"
    case 300: "Multiple Choices"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 305: "Use Proxy"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 402: "Payment Required"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 406: "Not Acceptable"
    case 407: "Proxy Authentication Required"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 414: "URI Too Long"
    case 415: "Unsupported Media Type"
    case 416: "Range Not Satisfiable"
    case 417: "Expectation Failed"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 426: "Upgrade Required"
    case 429: "Too Many Requests"
    case 451: "Unavailable For Legal Reasons"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default:
      switch code {
      case 100..<200: "Informational"
      case 200..<300: "Success"
      case 300..<400: "Redirection"
      case 400..<500: "Client Error"
      case 500..<600: "Server Error"
      default: "Unknown Status"
      }
    }
  }
}
