import Foundation

/// Tells a feed from a web page and lists the feeds a page advertises (`<link rel="alternate"
/// type="application/rss+xml|atom+xml|feed+json">`), so that a user who pastes a site's address gets
/// `FetchError.notAFeed` with the addresses to use instead of a parser error.
enum FeedDiscovery {
  static let feedTypes: Set<String> = [
    "application/rss+xml", "application/atom+xml", "application/feed+json", "application/json",
    "application/rdf+xml",
  ]

  /// Whether `data` is an HTML page rather than a feed: decided by the first element (or a `<!doctype
  /// html>`); JSON and XML feeds never count as HTML even when a server labels them `text/html`.
  static func isHTMLPage(_ data: Data, contentType: String?) -> Bool {
    switch BodySniffer.start(of: data) {
    case .json: return false  // JSON Feed
    case .htmlDoctype: return true
    case .element(let name, _): return name.lowercased() == "html"  // the first element decides
    case .other: return contentType.map { $0.lowercased().contains("text/html") } ?? false
    }
  }

  /// Absolute URLs of the feeds an HTML page advertises, in page order without repeats.
  static func feedLinks(in data: Data, pageURL: URL) -> [String] {
    let (links, base) = data.withUnsafeBytes { HTMLLinkScanner.scan($0) }
    let baseURL = base.flatMap { URL(string: $0, relativeTo: pageURL) } ?? pageURL
    let resolver = ArticleLinkResolver(baseURL: baseURL, alsoAllowed: pageURL.isFileURL ? ["file"] : [])
    var seen: Set<String> = []
    var out: [String] = []
    for link in links {
      let rels = link.rel.lowercased().split(whereSeparator: { $0.isWhitespace })
      let type = link.type.lowercased().split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard rels.contains("alternate"), let type, feedTypes.contains(type),
        let url = resolver.resolve(link.href), seen.insert(url).inserted
      else { continue }
      out.append(url)
    }
    return out
  }
}
