import Foundation

/// One article of a feed (RSS `item`, Atom `entry`, JSON Feed item), normalized so that every screen and the
/// cache see the same fields.
public struct Item: Sendable, Equatable {
  /// Plain-text title.
  public var title: String
  /// Absolute URL of the article (Atom: `rel="alternate"` first).
  public var link: String?
  /// guid / id as written in the feed.
  public var id: String?
  public var author: String?
  public var published: Date?
  /// The date text as found in the feed, kept when it could not be parsed (DESIGN §4 shows it beside).
  public var publishedText: String?
  public var updated: Date?
  public var updatedText: String?
  /// Short HTML (RSS description, Atom summary).
  public var summary: String?
  /// Full HTML (content:encoded, Atom content); nil when the feed carries only a summary.
  public var content: String?
  public var enclosures: [Enclosure]
  public var categories: [String]

  public init(
    title: String = "", link: String? = nil, id: String? = nil, author: String? = nil,
    published: Date? = nil, publishedText: String? = nil, updated: Date? = nil,
    updatedText: String? = nil, summary: String? = nil, content: String? = nil,
    enclosures: [Enclosure] = [], categories: [String] = []
  ) {
    self.title = title
    self.link = link
    self.id = id
    self.author = author
    self.published = published
    self.publishedText = publishedText
    self.updated = updated
    self.updatedText = updatedText
    self.summary = summary
    self.content = content
    self.enclosures = enclosures
    self.categories = categories
  }

  /// The best date to show and sort by: published, else updated.
  public var date: Date? { published ?? updated }
  /// The best HTML body: content, else summary.
  public var body: String? { content ?? summary }
}

/// A media attachment (RSS `enclosure`, Atom `link rel="enclosure"`, media:content, JSON Feed attachment).
public struct Enclosure: Sendable, Equatable {
  public var url: String
  public var type: String?
  /// Size in bytes, as the feed gives it.
  public var length: Int?
  /// Playing time in seconds (media:content `duration`, itunes:duration).
  public var duration: Int?

  public init(url: String, type: String? = nil, length: Int? = nil, duration: Int? = nil) {
    self.url = url
    self.type = type
    self.length = length
    self.duration = duration
  }

  /// Seconds from an itunes:duration or media `duration` text: `SS`, `MM:SS` or `HH:MM:SS` (a fraction of
  /// a second is dropped); nil for anything else.
  public static func seconds(_ text: String) -> Int? {
    let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var total = 0
    for (i, part) in parts.enumerated() {
      let whole = i == parts.count - 1 ? part.split(separator: ".", maxSplits: 1).first ?? part : part
      // Each part at most a billion, so a hostile text cannot overflow the total.
      guard let value = Int(whole), (0...1_000_000_000).contains(value) else { return nil }
      total = total * 60 + value
    }
    return total
  }
}
