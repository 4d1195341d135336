import Foundation

/// Why a document gave no feed at all, in one human sentence each, so that `splitfeed dump` and the UI can
/// show the reason instead of an error code. Recoverable problems are warnings, not errors.
public enum FeedError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The document has no bytes (or only whitespace).
  case empty
  /// Larger than the parser's safety cap.
  case tooLarge(bytes: Int, limit: Int)
  /// Well-formed enough to read, but its root element is not a feed (an HTML page, say).
  case notAFeed(root: String)
  /// Broken markup with nothing recoverable; `detail` is libxml2's first complaint with its line.
  case malformed(detail: String)
  /// Entity declarations that expand without bound ("billion laughs"); parsing was stopped.
  case entityExpansion
  /// Entity references that expand to far more text than the document holds; parsing was stopped.
  case expansionOverLimit(expandedBytes: Int, limitBytes: Int)
  /// The parse took longer than its time limit and was stopped.
  case timedOut(seconds: Double)
  /// JSON that is not valid, or valid JSON that is not a JSON Feed.
  case invalidJSON(detail: String)

  public var description: String {
    switch self {
    case .empty:
      return "The document is empty."
    case .tooLarge(let bytes, let limit):
      return "The document is \(bytes) bytes, over the parser's safety limit of \(limit) bytes."
    case .notAFeed(let root):
      return "The document is not a feed: its root element is <\(root)>, not <rss>, <rdf:RDF> or <feed>."
    case .malformed(let detail):
      return "The document is not well-formed XML and no feed could be recovered (\(detail))."
    case .entityExpansion:
      return "The document declares entities that expand without bound (a \"billion laughs\" attack); parsing was stopped."
    case .expansionOverLimit(let expanded, let limit):
      return "The document's entity references expand to over \(expanded) bytes of text, more than the \(limit) "
        + "bytes allowed for a document of its size (an entity expansion attack); parsing was stopped."
    case .timedOut(let seconds):
      return "Parsing the document took longer than \(Int(seconds.rounded(.up))) s and was stopped."
    case .invalidJSON(let detail):
      return "The document is not a valid JSON Feed (\(detail))."
    }
  }
}
