import Foundation

/// The single entry point that turns fetched bytes into a `Feed`: it picks JSON Feed or XML by content,
/// chooses the character encoding, runs the one-pass parser and converts libxml2's complaints into either
/// warnings (something was recovered) or a `FeedError` (nothing was).
public enum FeedParser {
  /// A parsed feed plus what went wrong without being fatal.
  public struct Result: Sendable {
    public var feed: Feed
    /// Non-fatal problems (malformed markup recovered from, with how many items were kept).
    public var warnings: [String]
  }

  /// Documents above this many bytes are refused (a safety cap; the chunked parser itself has no limit).
  public static let defaultMaxBytes = 256 * 1024 * 1024

  /// Parses `data` fetched from `url` (used to resolve relative links). `httpCharset` is the `charset`
  /// parameter of the HTTP `Content-Type`, which overrides the XML declaration (but not a BOM).
  public static func parse(
    data: Data, url: URL?, httpCharset: String? = nil, maxBytes: Int = defaultMaxBytes
  ) throws -> Result {
    guard data.count <= maxBytes else { throw FeedError.tooLarge(bytes: data.count, limit: maxBytes) }
    guard let first = EncodingSniffer.firstSignificantByte(data) else { throw FeedError.empty }
    if first == UInt8(ascii: "{") {
      return Result(feed: try JSONFeedDecoder.decode(data, url: url), warnings: [])
    }
    return try parseXML(.data(data), head: data, url: url, httpCharset: httpCharset)
  }

  /// Parses the file at `fileURL`, reading it in chunks (a large feed is never held in memory whole).
  public static func parse(
    contentsOf fileURL: URL, httpCharset: String? = nil, maxBytes: Int = defaultMaxBytes
  ) throws -> Result {
    let size = (try FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int) ?? 0
    guard size <= maxBytes else { throw FeedError.tooLarge(bytes: size, limit: maxBytes) }
    let handle = try FileHandle(forReadingFrom: fileURL)
    let head = try handle.read(upToCount: 4096) ?? Data()
    try? handle.close()
    guard let first = EncodingSniffer.firstSignificantByte(head) else { throw FeedError.empty }
    if first == UInt8(ascii: "{") {
      return try parse(data: Data(contentsOf: fileURL), url: fileURL, maxBytes: maxBytes)
    }
    return try parseXML(.file(fileURL), head: head, url: fileURL, httpCharset: httpCharset)
  }

  /// One XML pass (two when declared UTF-8 turns out to be windows-1252), with libxml2's complaints
  /// turned into warnings or a `FeedError`.
  private static func parseXML(_ input: FeedInput, head: Data, url: URL?, httpCharset: String?) throws -> Result {
    var warnings: [String] = []
    let sniffed = EncodingSniffer.override(for: head, httpCharset: httpCharset)
    var outcome = XMLFeedReader.read(input, documentURL: url, encoding: sniffed)
    if outcome.errors.encoding, sniffed == nil || sniffed == "UTF-8",
      !EncodingSniffer.hasBOM(head), !outcome.errors.entityLoop
    {
      // Declared (or assumed) UTF-8 but is not: the usual culprit is Latin-1 / windows-1252 text.
      let retry = XMLFeedReader.read(input, documentURL: url, encoding: "windows-1252")
      if retry.errors.count < outcome.errors.count || retry.feed.items.count > outcome.feed.items.count {
        outcome = retry
        warnings.append("The document is not valid UTF-8 as declared; it was read as windows-1252.")
      }
    }
    if outcome.errors.entityLoop { throw FeedError.entityExpansion }
    if let root = outcome.foreignRoot { throw FeedError.notAFeed(root: root) }
    let detail = outcome.errors.first ?? "no root element"
    guard outcome.format != nil else { throw FeedError.malformed(detail: detail) }
    let feed = outcome.feed
    if outcome.errors.count > 0 {
      if feed.items.isEmpty && feed.title.isEmpty { throw FeedError.malformed(detail: detail) }
      let n = feed.items.count
      warnings.append(
        "The markup was malformed (\(detail)); recovered \(n) item\(n == 1 ? "" : "s").")
    }
    return Result(feed: feed, warnings: warnings)
  }
}
