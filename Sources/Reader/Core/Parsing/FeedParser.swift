import Foundation

/// The single entry point that turns fetched bytes into a `Feed`: it picks JSON Feed or XML by content,
/// chooses the character encoding, runs the one-pass parser and converts libxml2's complaints into either
/// warnings (something was recovered) or a `FeedError` (nothing was).
public enum FeedParser {
  /// A parsed feed plus what went wrong without being fatal.
  public struct Result: Sendable {
    /// The feed; its `items` are empty after a streamed parse (they went to the `ItemStream`).
    public var feed: Feed
    /// Non-fatal problems (malformed markup recovered from, with how many items were kept).
    public var warnings: [String]
    /// How many items the document gave (kept in `feed.items`, or streamed).
    public var itemCount: Int
    /// The feed-level author that items without one inherit (Atom). Already applied to `feed.items`;
    /// a stream's consumer applies it to the items it received without an author.
    public var inheritedAuthor: String?

    init(feed: Feed, warnings: [String], itemCount: Int? = nil, inheritedAuthor: String? = nil) {
      self.feed = feed
      self.warnings = warnings
      self.itemCount = itemCount ?? feed.items.count
      self.inheritedAuthor = inheritedAuthor
    }
  }

  /// Where a streamed parse sends its items, so a consumer (the reload's cache writer) works on the
  /// first items while the parser is still reading the rest, instead of after the whole document.
  public struct ItemStream {
    /// Receives each item, in document order, as soon as it is complete.
    public var item: (Item) -> Void
    /// The items sent so far are void: the document is read again (its declared encoding was wrong).
    public var restart: () -> Void
    /// When set, an XML feed's items come here instead, their summary and content left out of the
    /// `Item` and handed over as UTF-8 bytes (`ItemBodies`): the cache stores them as they are, without
    /// the `String` each would cost (docs/DECISIONS.md, "The reload's own CPU").
    public var itemWithBodies: ((Item, ItemBodies) -> Void)?

    public init(
      item: @escaping (Item) -> Void, restart: @escaping () -> Void,
      itemWithBodies: ((Item, ItemBodies) -> Void)? = nil
    ) {
      self.item = item
      self.restart = restart
      self.itemWithBodies = itemWithBodies
    }
  }

  /// An item's summary and content as the UTF-8 text libxml2 delivered (it converts and checks every
  /// character it reads, so the bytes are UTF-8); nil where the item has none.
  public struct ItemBodies: Sendable {
    public var summary: [UInt8]?
    public var content: [UInt8]?

    public init(summary: [UInt8]? = nil, content: [UInt8]? = nil) {
      self.summary = summary
      self.content = content
    }
  }

  /// Documents above this many bytes are refused (a safety cap; the chunked parser itself has no limit).
  public static let defaultMaxBytes = 256 * 1024 * 1024

  /// Seconds one parse may take before it is stopped: the fetch's time limit does not cover parsing, and a
  /// small hostile body must not keep a reload busy. The largest document allowed parses in a few seconds.
  public static let defaultTimeLimit: Double = 60

  /// Parses `data` fetched from `url` (used to resolve relative links). `httpCharset` is the `charset`
  /// parameter of the HTTP `Content-Type`, which overrides the XML declaration (but not a BOM). Without
  /// `bodies` the items of an XML feed come without summary and content (`dump` prints neither).
  public static func parse(
    data: Data, url: URL?, httpCharset: String? = nil, maxBytes: Int = defaultMaxBytes,
    timeLimit: Double = defaultTimeLimit, bodies: Bool = true
  ) throws -> Result {
    try parse(
      data: data, url: url, httpCharset: httpCharset, maxBytes: maxBytes, timeLimit: timeLimit, stream: nil,
      bodies: bodies)
  }

  /// `parse(data:…)` that hands each item to `stream` as it is parsed; the result's `feed.items` is
  /// empty. Throws as `parse` does — the consumer must then drop what it received.
  public static func parse(
    data: Data, url: URL?, httpCharset: String? = nil, maxBytes: Int = defaultMaxBytes,
    streamingItemsTo stream: ItemStream
  ) throws -> Result {
    try parse(data: data, url: url, httpCharset: httpCharset, maxBytes: maxBytes, timeLimit: defaultTimeLimit, stream: stream)
  }

  private static func parse(
    data: Data, url: URL?, httpCharset: String?, maxBytes: Int, timeLimit: Double, stream: ItemStream?,
    bodies: Bool = true
  ) throws -> Result {
    guard data.count <= maxBytes else { throw FeedError.tooLarge(bytes: data.count, limit: maxBytes) }
    guard let first = EncodingSniffer.firstSignificantByte(data) else { throw FeedError.empty }
    if first == UInt8(ascii: "{") {
      var feed = try JSONFeedDecoder.decode(data, url: url)
      let count = feed.items.count
      if let stream {
        feed.items.forEach(stream.item)
        feed.items = []
      }
      return Result(feed: feed, warnings: [], itemCount: count)
    }
    return try parseXML(
      .data(data), head: data, url: url, httpCharset: httpCharset, timeLimit: timeLimit, stream: stream,
      bodies: bodies)
  }

  /// Parses the file at `fileURL`, reading it in chunks (a large feed is never held in memory whole).
  /// Without `bodies` the items of an XML feed come without summary and content (`dump` prints neither).
  public static func parse(
    contentsOf fileURL: URL, httpCharset: String? = nil, maxBytes: Int = defaultMaxBytes,
    timeLimit: Double = defaultTimeLimit, bodies: Bool = true
  ) throws -> Result {
    let size = (try FileManager.default.attributesOfItem(atPath: fileURL.path)[.size] as? Int) ?? 0
    guard size <= maxBytes else { throw FeedError.tooLarge(bytes: size, limit: maxBytes) }
    let handle = try FileHandle(forReadingFrom: fileURL)
    let head = try handle.read(upToCount: 4096) ?? Data()
    try? handle.close()
    guard let first = EncodingSniffer.firstSignificantByte(head) else { throw FeedError.empty }
    if first == UInt8(ascii: "{") {
      return try parse(data: Data(contentsOf: fileURL), url: fileURL, maxBytes: maxBytes, timeLimit: timeLimit)
    }
    return try parseXML(
      .file(fileURL), head: head, url: fileURL, httpCharset: httpCharset, timeLimit: timeLimit, bodies: bodies)
  }

  /// One XML pass (two when declared UTF-8 turns out to be windows-1252), with libxml2's complaints
  /// turned into warnings or a `FeedError`. A streamed parse that keeps the first reading after trying
  /// the second reads the document a third time, so the stream ends with the reading kept (rare: the
  /// document must be broken in both encodings).
  private static func parseXML(
    _ input: FeedInput, head: Data, url: URL?, httpCharset: String?, timeLimit: Double, stream: ItemStream? = nil,
    bodies: Bool = true
  ) throws -> Result {
    var warnings: [String] = []
    let sniffed = EncodingSniffer.override(for: head, httpCharset: httpCharset)
    let onItem: ((Item, ItemBodies?) -> Void)? = stream.map { stream in
      if let withBodies = stream.itemWithBodies { return { withBodies($0, $1 ?? ItemBodies()) } }
      return { item, _ in stream.item(item) }
    }
    let read = { (encoding: String?) in
      XMLFeedReader.read(
        input, documentURL: url, encoding: encoding,
        repairReferences: ReferenceRepair.isApplicable(head: head, encoding: encoding), timeLimit: timeLimit,
        onItem: onItem, bodies: bodies, bodiesAsBytes: stream?.itemWithBodies != nil)
    }
    var outcome = read(sniffed)
    if outcome.errors.encoding, sniffed == nil || sniffed == "UTF-8",
      !EncodingSniffer.hasBOM(head), !outcome.errors.entityLoop
    {
      // Declared (or assumed) UTF-8 but is not: the usual culprit is Latin-1 / windows-1252 text.
      stream?.restart()
      let retry = read("windows-1252")
      if retry.errors.count < outcome.errors.count || retry.itemCount > outcome.itemCount {
        outcome = retry
        warnings.append("The document is not valid UTF-8 as declared; it was read as windows-1252.")
      } else if let stream {
        stream.restart()
        outcome = read(sniffed)
      }
    }
    if outcome.errors.entityLoop { throw FeedError.entityExpansion }
    if let (expanded, limit) = outcome.errors.expansion {
      throw FeedError.expansionOverLimit(expandedBytes: expanded, limitBytes: limit)
    }
    if outcome.errors.timedOut { throw FeedError.timedOut(seconds: timeLimit) }
    if let root = outcome.foreignRoot { throw FeedError.notAFeed(root: root) }
    let detail = outcome.errors.first ?? "no root element"
    guard outcome.format != nil else { throw FeedError.malformed(detail: detail) }
    let feed = outcome.feed
    let n = outcome.itemCount
    if let first = outcome.repairs.first {
      warnings.append(repairWarning(count: outcome.repairs.count, first: first, line: input.line(atOffset: first.offset)))
    }
    if outcome.cutFields > 0 { warnings.append(FeedBuilder.cutWarning(count: outcome.cutFields)) }
    if outcome.errors.count > 0 {
      if n == 0 && feed.title.isEmpty { throw FeedError.malformed(detail: detail) }
      warnings.append(
        "The markup was malformed (\(detail)); recovered \(n) item\(n == 1 ? "" : "s").")
    }
    return Result(feed: feed, warnings: warnings, itemCount: n, inheritedAuthor: outcome.inheritedAuthor)
  }

  /// "3 malformed references were repaired (the first on line 12: a bare "&", kept as text)."
  static func repairWarning(count: Int, first: (kind: ReferenceRepair.Kind, offset: Int), line: Int) -> String {
    let what: String
    switch first.kind {
    case .bareAmpersand: what = "an \"&\" that starts no reference, kept as text"
    case .unknownEntity: what = "an undeclared entity, kept as written"
    case .invalidCharacterReference: what = "a reference to a character XML forbids, shown as U+FFFD"
    }
    let references = count == 1 ? "1 malformed reference was" : "\(count) malformed references were"
    return "\(references) repaired (\(count == 1 ? "" : "the first ")on line \(line): \(what))."
  }
}
