import Foundation

/// The tests' one feed-XML builder: an RSS 2.0 document of a channel and its items. Each element is
/// written only when given, values as they are (escape them, or pass `<![CDATA[…]]>`), so a test's
/// feed says exactly what it feeds the parser.
public enum FeedXML {
  public struct Item: Sendable {
    public var title: String?
    public var link: String?
    public var guid: String?
    /// As written in `<pubDate>`; `FeedXML.date` writes a `Date` the way feeds do.
    public var pubDate: String?
    /// `<dc:creator>` (the document declares the namespace).
    public var author: String?
    public var description: String?
    /// Elements written as they are after the others (enclosures, itunes:duration).
    public var extra: String

    public init(
      title: String? = nil, link: String? = nil, guid: String? = nil, pubDate: String? = nil, author: String? = nil,
      description: String? = nil, extra: String = ""
    ) {
      self.title = title
      self.link = link
      self.guid = guid
      self.pubDate = pubDate
      self.author = author
      self.description = description
      self.extra = extra
    }

    public var xml: String {
      var out = "<item>"
      if let title { out += "<title>\(title)</title>" }
      if let link { out += "<link>\(link)</link>" }
      if let guid { out += "<guid>\(guid)</guid>" }
      if let pubDate { out += "<pubDate>\(pubDate)</pubDate>" }
      if let author { out += "<dc:creator>\(author)</dc:creator>" }
      if let description { out += "<description>\(description)</description>" }
      return out + extra + "</item>\n"
    }
  }

  /// The document: an XML declaration, `<rss>` with the Dublin Core and iTunes namespaces, the channel's
  /// title (and link and description when given), then the items.
  public static func rss(title: String, link: String? = nil, description: String? = nil, items: [Item]) -> String {
    "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" "
      + "xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel><title>\(title)</title>"
      + (link.map { "<link>\($0)</link>" } ?? "") + (description.map { "<description>\($0)</description>" } ?? "")
      + "\n" + items.map(\.xml).joined() + "</channel></rss>\n"
  }

  /// `date` as RSS writes it (RFC 822, GMT): `Thu, 04 Sep 2014 17:09:00 GMT`.
  public static func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: date)
  }
}
