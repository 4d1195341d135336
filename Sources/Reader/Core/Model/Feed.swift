import Foundation

/// A parsed feed, whatever its wire format (RSS 0.9x/1.0/2.0, Atom, JSON Feed): the one shape the rest of
/// splitfeed reads, so the UI and the cache never care which format a feed came in.
public struct Feed: Sendable, Equatable {
  /// Plain-text title (entities decoded, markup stripped, whitespace collapsed).
  public var title: String
  /// Absolute URL of the site the feed belongs to.
  public var link: String?
  public var description: String?
  public var updated: Date?
  /// Items in document order.
  public var items: [Item]
  /// Seconds between polls the document declares (RSS `<ttl>`, `sy:updatePeriod` / `sy:updateFrequency`),
  /// read by the schedule (DESIGN §8); nil when it declares none.
  public var period: Double? = nil

  public init(
    title: String = "", link: String? = nil, description: String? = nil, updated: Date? = nil,
    items: [Item] = []
  ) {
    self.title = title
    self.link = link
    self.description = description
    self.updated = updated
    self.items = items
  }
}
