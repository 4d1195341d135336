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
    let head = data.prefix(4096)
    var i = head.startIndex
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
    func skipSpace() { while i < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 } }
    func lowerASCII(_ count: Int) -> String {
      String(decoding: head[i..<min(head.endIndex, i + count)], as: UTF8.self).lowercased()
    }
    while true {
      skipSpace()
      guard i < head.endIndex else { break }
      if head[i] == UInt8(ascii: "{") { return false }  // JSON Feed
      guard head[i] == UInt8(ascii: "<") else { break }
      if lowerASCII(14).hasPrefix("<!doctype html") { return true }
      if lowerASCII(4) == "<!--" {
        guard let end = head[i...].firstRange(of: Array("-->".utf8)) else { break }
        i = end.upperBound
        continue
      }
      if lowerASCII(2) == "<?" || lowerASCII(2) == "<!" {
        guard let end = head[i...].firstIndex(of: UInt8(ascii: ">")) else { break }
        i = end + 1
        continue
      }
      // The first element decides.
      let name = lowerASCII(6)
      guard name.hasPrefix("<html") else { return false }
      return name.count == 5 || name.last.map { !$0.isLetter && !$0.isNumber } == true
    }
    return contentType.map { $0.lowercased().contains("text/html") } ?? false
  }

  /// Absolute URLs of the feeds an HTML page advertises, in page order without repeats.
  static func feedLinks(in data: Data, pageURL: URL) -> [String] {
    let (links, base) = data.withUnsafeBytes { HTMLLinkScanner.scan($0) }
    let baseURL = base.flatMap { URL(string: $0, relativeTo: pageURL) } ?? pageURL
    let resolver = ArticleLinkResolver(baseURL: baseURL)
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
