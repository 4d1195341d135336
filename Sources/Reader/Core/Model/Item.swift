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
  /// The date text as found in the feed, kept when it could not be parsed (SPEC §4 shows it beside).
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
  public var length: Int?

  public init(url: String, type: String? = nil, length: Int? = nil) {
    self.url = url
    self.type = type
    self.length = length
  }
}
