import Foundation
import Reader
import Testing

/// Loads test fixtures: our own small files under `Fixtures/`, and the shared real-world feeds at
/// `../shared/fixtures/realworld-feeds/` relative to the repository root.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static let realWorldDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/fixtures/realworld-feeds").standardizedFileURL

  static var hasRealWorld: Bool { FileManager.default.fileExists(atPath: realWorldDirectory.path) }

  static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

  static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }

  /// Parses `Fixtures/name` with its file URL as the document URL (or `url` when given).
  static func parse(_ name: String, url: URL? = nil, httpCharset: String? = nil) throws -> FeedParser.Result {
    try FeedParser.parse(data: data(name), url: url ?? self.url(name), httpCharset: httpCharset)
  }

  /// Parses a real-world feed; nil (with a recorded note) when the shared folder is absent.
  static func parseRealWorld(_ name: String, url: URL? = nil) throws -> FeedParser.Result? {
    guard hasRealWorld else {
      print("note: \(realWorldDirectory.path) is absent; skipping real-world fixture \(name)")
      return nil
    }
    let file = realWorldDirectory.appendingPathComponent(name)
    return try FeedParser.parse(data: Data(contentsOf: file), url: url ?? file)
  }

  /// Parses an inline document.
  static func parse(xml: String, url: URL? = URL(string: "https://example.com/feed.xml")) throws
    -> FeedParser.Result
  {
    try FeedParser.parse(data: Data(xml.utf8), url: url)
  }
}

/// A UTC instant from components, for readable expectations.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC")!
  return calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi, second: s))!
}
