import Foundation

/// The page's lead image (`og:image` and the like) in the full article: a picture the site chose for the
/// story, which the article's body often leaves out (it sits in the page's header, outside the content
/// found). When the body does not show it already, the reader draws it first, with the title as its alt
/// text (docs/DECISIONS.md, "Inline images: GIF and WebP, …, the lead image").
enum LeadImage {
  /// `lead` (an absolute address) when no picture of `content` is the same picture and it does not look
  /// like the site's logo or a stand-in; nil otherwise.
  static func missing(_ lead: String, from content: PageNode, baseURL: URL?) -> String? {
    guard let leadKey = key(lead), !isGeneric(lead) else { return nil }
    let resolver = ArticleLinkResolver(baseURL: baseURL)
    for node in content.descendants(["img", "source"]) {
      var addresses = [node["src"], node["data-src"]].compactMap { $0 }
      for set in [node["srcset"], node["data-srcset"]].compactMap({ $0 }) {
        addresses += set.split(separator: ",").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
      }
      if addresses.contains(where: { resolver.resolve($0).flatMap(key) == leadKey }) { return nil }
    }
    return lead
  }

  /// What two addresses of one picture share: host and path without the query (sizes, cache busters),
  /// the scheme, or a WordPress-style size suffix (`photo-640x480.jpg` is `photo.jpg`).
  static func key(_ address: String) -> String? {
    guard let components = URLComponents(string: address), let host = components.host?.lowercased(),
      ["http", "https"].contains(components.scheme?.lowercased() ?? "")
    else { return nil }
    var path = components.percentEncodedPath
    if let range = path.range(of: #"-\d{2,5}x\d{2,5}(?=\.[A-Za-z]{3,4}$)"#, options: .regularExpression) {
      path.removeSubrange(range)
    }
    return host + path
  }

  /// A file named as a logo, an icon or a default: the site's picture for every page, not this story's.
  static func isGeneric(_ address: String) -> Bool {
    let name = (URLComponents(string: address)?.path ?? address).split(separator: "/").last?.lowercased() ?? ""
    return ["logo", "icon", "default", "placeholder"].contains { name.contains($0) }
  }
}
