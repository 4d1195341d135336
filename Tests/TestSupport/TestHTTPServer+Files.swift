import Foundation

extension TestHTTPServer {
  /// Serves the files under `directory`, a folder's `index.html` for the folder's address, and 404 for
  /// anything else: for tests that need the binary to fetch feeds and pages written to disk. Like a
  /// static web server it sends Last-Modified and answers 304 when the client sends that date back.
  public convenience init(serving directory: URL, lifetime: Double = 900) throws {
    try self.init(lifetime: lifetime) { request in Self.file(for: request, in: directory) }
  }

  /// The address of `path` (relative, no leading slash) on this server.
  public func url(_ path: String) -> String { "\(baseURL)/\(path)" }

  static func file(for request: Request, in directory: URL) -> Response {
    let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    let parts = (path.removingPercentEncoding ?? path).split(separator: "/").map(String.init)
    guard !parts.contains("..") else { return Response(status: 404, "not found") }
    var file = parts.reduce(directory) { $0.appendingPathComponent($1) }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
      file.appendPathComponent("index.html")
    }
    guard let body = try? Data(contentsOf: file) else { return Response(status: 404, "not found") }
    let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
      .map(httpDate) ?? ""
    if request.headers["if-modified-since"] == modified { return Response(status: 304) }
    return Response(
      headers: [("Content-Type", contentType(of: file.pathExtension)), ("Last-Modified", modified)], body: body)
  }

  /// An HTTP date (`Thu, 04 Sep 2014 17:09:00 GMT`).
  static func httpDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }

  /// The type a static file server sends for a file name's extension.
  static func contentType(of pathExtension: String) -> String {
    switch pathExtension.lowercased() {
    case "html", "htm": "text/html"
    case "xml": "application/xml"
    case "rss": "application/rss+xml"
    case "atom": "application/atom+xml"
    case "json": "application/json"
    case "txt": "text/plain"
    default: "application/octet-stream"
    }
  }
}
