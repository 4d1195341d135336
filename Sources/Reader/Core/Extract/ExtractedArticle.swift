import Foundation

/// A web page's article, as a reader wants it.
public struct ExtractedArticle: Sendable, Equatable {
  /// The cleaned article as HTML (a fragment), links and images absolute.
  public var html: String
  /// The article as plain text: paragraphs separated by blank lines.
  public var text: String
  public var metadata: ArticleMetadata
  /// Whether the page looks like an article at all (a page of prose rather than of links).
  public var readerable: Bool
  /// The page's lead image when the article's body does not show it (`LeadImage`): `readerHTML` draws it
  /// first.
  public var leadPicture: String? = nil

  /// Opens `readerHTML`, so that a page stored by an earlier way of keeping full pages (the whole
  /// `<article>`/`<main>`/`<body>`) is told apart and fetched again.
  public static let readerMarker = "<!-- splitfeed: extracted article -->\n"

  /// Whether stored full-article HTML is this extractor's (see `readerMarker`).
  public static func isReaderHTML(_ html: String) -> Bool { html.hasPrefix(readerMarker) }

  /// The article as the reader shows it: a header of the title and the byline, date and site, then the
  /// lead picture (without alt text: the title is not its description) and the article's HTML. Each
  /// header part is a line of its own, so that `readerParts` can read it back.
  public var readerHTML: String {
    var header = Self.readerMarker
    if let title = metadata.title { header += "<h1>" + ArticleOutput.escaped(title, quote: false) + "</h1>\n" }
    let details = [metadata.byline, metadata.publishedTime.map(Self.readableDate), metadata.siteName].compactMap { $0 }
      .filter { !$0.isEmpty }
    if !details.isEmpty {
      header += "<p><small>" + ArticleOutput.escaped(details.joined(separator: " · "), quote: false) + "</small></p>\n"
    }
    if let leadPicture {
      header += "<p><img src=\"" + ArticleOutput.escaped(leadPicture, quote: true) + "\" alt=\"\"></p>\n"
    }
    return header + html
  }

  /// `readerHTML` split into its title and details lines (HTML) and the rest; nil for other HTML.
  public struct ReaderParts: Equatable, Sendable {
    public var title: String?
    public var details: String?
    public var body: String
  }

  public static func readerParts(_ html: String) -> ReaderParts? {
    guard isReaderHTML(html) else { return nil }
    var rest = html.dropFirst(readerMarker.count)
    func take(_ open: String, _ close: String) -> String? {
      guard rest.hasPrefix(open), let end = rest.range(of: close + "\n") else { return nil }
      defer { rest = rest[end.upperBound...] }
      return String(rest[..<end.upperBound])
    }
    let title = take("<h1>", "</h1>")
    let details = take("<p><small>", "</small></p>")
    return ReaderParts(title: title, details: details, body: String(rest))
  }

  /// A page's date as a reader writes it: an ISO 8601 date (`2026-05-01T08:00:00Z`) as `1 May 2026`, the
  /// day the page wrote; anything else as written.
  static func readableDate(_ raw: String) -> String {
    let digits = Array(raw.utf8.prefix(10))
    guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
      let year = Int(String(decoding: digits[0..<4], as: UTF8.self)),
      let month = Int(String(decoding: digits[5..<7], as: UTF8.self)),
      let day = Int(String(decoding: digits[8..<10], as: UTF8.self)), (1...12).contains(month), (1...31).contains(day)
    else { return raw }
    let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
      "November", "December"]
    return "\(day) \(months[month - 1]) \(year)"
  }
}

public enum ExtractionError: Error, Equatable, CustomStringConvertible {
  case notAnArticle
  case unreadable
  case tooLarge(limit: Int)
  case tooSlow

  public var description: String {
    switch self {
    case .notAnArticle: "no article found on this page"
    case .unreadable: "the page could not be read as HTML"
    case .tooLarge(let limit): "the page is larger than \(limit >> 20) MB"
    case .tooSlow: "the page took too long to extract"
    }
  }
}
