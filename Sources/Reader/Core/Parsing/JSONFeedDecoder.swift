import Foundation

/// Reads JSON Feed 1.0 and 1.1 (https://jsonfeed.org) into the same `Feed` model as the XML formats, so
/// the rest of splitfeed never knows a feed was JSON.
enum JSONFeedDecoder {
  static func decode(_ data: Data, url: URL?) throws -> Feed {
    let document: Document
    do {
      document = try JSONDecoder().decode(Document.self, from: data)
    } catch let error as DecodingError {
      throw FeedError.invalidJSON(detail: describe(error))
    } catch {
      throw FeedError.invalidJSON(detail: "\(error)")
    }
    guard document.version?.contains("jsonfeed.org") == true else {
      throw FeedError.invalidJSON(detail: "no \"version\" naming https://jsonfeed.org")
    }
    let base = url?.scheme?.hasPrefix("http") == true ? url : document.homePageURL.flatMap(URL.init(string:)) ?? url
    let feedAuthor = names(document.authors, document.author)
    var feed = Feed(
      title: PlainText.title(document.title ?? "", kind: .guess),
      link: document.homePageURL.map { LinkResolver.resolve($0, against: base) },
      description: document.description)
    feed.items = (document.items ?? []).map { entry in
      var item = Item()
      item.title = PlainText.title(entry.title ?? "", kind: .guess)
      item.link = (entry.url ?? entry.externalURL).map { LinkResolver.resolve($0, against: base) }
      item.id = entry.id?.text
      item.author = names(entry.authors, entry.author) ?? feedAuthor
      item.publishedText = entry.datePublished
      item.published = entry.datePublished.flatMap(DateParser.parse)
      item.updatedText = entry.dateModified
      item.updated = entry.dateModified.flatMap(DateParser.parse)
      item.summary = entry.summary
      item.content = entry.contentHTML ?? entry.contentText.map(XHTMLWriter.htmlFromPlainText)
      item.categories = entry.tags ?? []
      item.enclosures = (entry.attachments ?? []).compactMap { a in
        guard let u = a.url else { return nil }
        return Enclosure(url: LinkResolver.resolve(u, against: base), type: a.mimeType, length: a.sizeInBytes)
      }
      return item
    }
    return feed
  }

  private static func names(_ authors: [Author]?, _ author: Author?) -> String? {
    let list = (authors ?? [author].compactMap { $0 }).compactMap(\.name).filter { !$0.isEmpty }
    return list.isEmpty ? nil : list.joined(separator: ", ")
  }

  private static func describe(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let c): return c.underlyingError.map { "\($0.localizedDescription)" } ?? c.debugDescription
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c):
      let path = c.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? c.debugDescription : "\(path): \(c.debugDescription)"
    @unknown default: return "\(error)"
    }
  }

  private struct Document: Decodable {
    var version: String?
    var title: String?
    var homePageURL: String?
    var description: String?
    var author: Author?
    var authors: [Author]?
    var items: [Entry]?
    enum CodingKeys: String, CodingKey {
      case version, title, description, author, authors, items
      case homePageURL = "home_page_url"
    }
  }

  private struct Entry: Decodable {
    var id: FlexibleID?
    var url: String?
    var externalURL: String?
    var title: String?
    var contentHTML: String?
    var contentText: String?
    var summary: String?
    var datePublished: String?
    var dateModified: String?
    var author: Author?
    var authors: [Author]?
    var tags: [String]?
    var attachments: [Attachment]?
    enum CodingKeys: String, CodingKey {
      case id, url, title, summary, author, authors, tags, attachments
      case externalURL = "external_url"
      case contentHTML = "content_html"
      case contentText = "content_text"
      case datePublished = "date_published"
      case dateModified = "date_modified"
    }
  }

  private struct Author: Decodable { var name: String? }

  private struct Attachment: Decodable {
    var url: String?
    var mimeType: String?
    var sizeInBytes: Int?
    enum CodingKeys: String, CodingKey {
      case url
      case mimeType = "mime_type"
      case sizeInBytes = "size_in_bytes"
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      url = try c.decodeIfPresent(String.self, forKey: .url)
      mimeType = try c.decodeIfPresent(String.self, forKey: .mimeType)
      // A size past Int's range (or fractional, or negative) is clamped, not a reason to refuse the feed.
      let size = (try? c.decodeIfPresent(Double.self, forKey: .sizeInBytes)) ?? nil
      sizeInBytes = size.flatMap { ClampedInteger.clamping($0, in: FeedBuilder.enclosureLengths) }
    }
  }

  /// JSON Feed ids are strings, but numbers are common in the wild.
  private struct FlexibleID: Decodable {
    var text: String
    init(from decoder: any Decoder) throws {
      let c = try decoder.singleValueContainer()
      if let s = try? c.decode(String.self) { text = s }
      else if let i = try? c.decode(Int.self) { text = String(i) }
      else { text = String(try c.decode(Double.self)) }
    }
  }
}
