import Foundation

/// Placeholder signature for the streaming libxml2 parser (issue: reader engine). Replaced wholesale.
public enum FeedParser {
  public struct Result: Sendable {
    public var feed: Feed
    /// Non-fatal problems (malformed markup recovered from, with how many items were kept).
    public var warnings: [String]
  }

  public static func parse(data: Data, url: URL?) throws -> Result {
    throw NSError(domain: "splitfeed", code: 1)
  }
}
