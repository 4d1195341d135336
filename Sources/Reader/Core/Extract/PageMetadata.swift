import Foundation

/// What a page says about its article, beside the text.
public struct ArticleMetadata: Sendable, Equatable, Codable {
  public var title: String?
  public var byline: String?
  /// As the page wrote it (usually ISO 8601).
  public var publishedTime: String?
  public var siteName: String?
  public var lang: String?
  /// `ltr` or `rtl` when the page says.
  public var dir: String?
  public var excerpt: String?
  public var leadImage: String?

  public init() {}
}

/// Reads the metadata from JSON-LD first (the most deliberate source), then `<meta>` names and Open Graph
/// properties, then the DOM (`<title>` without its site suffix, `<time>`, `<html lang dir>`).
enum PageMetadata {
  /// The metadata, and whether the page declares itself an article (an `og:type` of `article`, an article
  /// in its JSON-LD or its microdata): such a page is not a listing's introduction nor one section of a page (`MainRegion.around`).
  /// A `Review` in microdata alone does not count: shops and agencies mark their customers' testimonials so,
  /// while a review that is the page's article says so in its JSON-LD or its `og:type` — not an `og:type`
  /// beside a JSON-LD product offered for sale (`JSONLD.sellsProduct`).
  /// And whether it declares a product for sale (`declaresProduct`: a `Product` in its JSON-LD or
  /// microdata, an `og:type` of `product`).
  static func read(_ root: PageNode, baseURL: URL?) -> (metadata: ArticleMetadata, declaresArticle: Bool, declaresProduct: Bool) {
    var values: [String: String] = [:]
    let elements = root.descendants()
    for meta in elements where meta.tag == "meta" {
      guard let content = meta["content"].map(PageNode.collapsed), !content.isEmpty else { continue }
      for raw in [meta["property"], meta["name"], meta["itemprop"]] {
        guard let raw else { continue }
        for key in raw.lowercased().split(whereSeparator: \.isWhitespace) {
          let normalized = key.replacingOccurrences(of: ".", with: ":")
          if values[normalized] == nil { values[normalized] = content }
        }
      }
    }
    let documentTitle = elements.first { $0.tag == "title" }.map { PageNode.collapsed($0.textContent) } ?? ""
    let scripts = elements.filter { $0.tag == "script" }
    let cleanTitle = scripts.isEmpty ? documentTitle : ArticleTitle.of(documentTitle, in: root) ?? documentTitle
    let linked = scripts.lazy.compactMap { JSONLD.article(in: $0.textContent, documentTitle: cleanTitle) }.first

    func first(_ keys: [String]) -> String? { keys.lazy.compactMap { values[$0] }.first }
    var metadata = ArticleMetadata()
    metadata.title = linked?.title ?? first(["dc:title", "dcterm:title", "og:title", "weibo:article:title",
      "weibo:webpage:title", "title", "twitter:title", "parsely-title"]) ?? ArticleTitle.of(documentTitle, in: root)
    let authorMeta = values["article:author"].flatMap { URL(string: $0)?.scheme == nil ? $0 : nil }
    metadata.byline = linked?.byline ?? first(["dc:creator", "dcterm:creator", "author", "parsely-author"]) ?? authorMeta
    metadata.excerpt = linked?.excerpt ?? first(["dc:description", "dcterm:description", "og:description",
      "weibo:article:description", "weibo:webpage:description", "description", "twitter:description"])
    metadata.siteName = linked?.siteName ?? first(["og:site_name"])
    metadata.publishedTime = linked?.published ?? first(["article:published_time", "parsely-pub-date",
      "datepublished", "dc:date", "date"]) ?? elements.first { $0.tag == "time" && $0["datetime"] != nil }?["datetime"]
    metadata.leadImage = (linked?.image ?? first(["og:image", "og:image:url", "twitter:image", "twitter:image:src"]))
      .flatMap { ArticleLinkResolver(baseURL: baseURL).resolve($0) }
    if let html = elements.first(where: { $0.tag == "html" }) {
      metadata.lang = html["lang"].flatMap { $0.isEmpty ? nil : $0 }
      metadata.dir = html["dir"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }
    if metadata.dir == nil {
      metadata.dir = elements.first { $0.tag == "body" }?["dir"]?.lowercased()
    }
    if metadata.title?.isEmpty ?? true { metadata.title = nil }
    let statesProduct = scripts.contains { ($0["type"] ?? "").lowercased().contains("ld+json") && JSONLD.declaresProduct(in: $0.textContent) }
    // Some shop themes (WordPress's SEO plug-ins) write an `og:type` of `article` on every page; a page whose
    // JSON-LD offers a product for sale is that product's page, not an article.
    let sells = statesProduct && scripts.contains { ($0["type"] ?? "").lowercased().contains("ld+json") && JSONLD.sellsProduct(in: $0.textContent) }
    let ogArticle = values["og:type"]?.lowercased() == "article" && !sells
    let declaresArticle = linked != nil || ogArticle
      || elements.contains { element in
        let type = (element["itemtype"] ?? "").split(separator: "/").last.map(String.init)
        return type != "Review" && JSONLD.isArticle(type)
      }
    let declaresProduct = values["og:type"]?.lowercased().hasPrefix("product") == true
      || statesProduct
      || elements.contains { JSONLD.isProduct(($0["itemtype"] ?? "").split(separator: "/").last.map(String.init)) }
    return (metadata, declaresArticle, declaresProduct)
  }
}

/// The article fields of a page's JSON-LD (`Article`, `NewsArticle`, `BlogPosting`, … in a list or `@graph`).
enum JSONLD {
  struct Fields {
    var title, byline, excerpt, siteName, published, image: String?
  }

  static func article(in text: String, documentTitle: String) -> Fields? {
    firstObject(in: text) { isArticle($0["@type"]) }.map { fields($0, documentTitle: documentTitle) }
  }

  /// The description of the product the page sells (`Product`, `ProductGroup`), as the shop wrote it.
  static func productDescription(in text: String) -> String? {
    let product = firstObject(in: text) { isProduct($0["@type"]) && $0["description"] is String }
    return product?["description"] as? String
  }

  /// Whether a JSON-LD script states a product (`Product`, `ProductGroup`).
  static func declaresProduct(in text: String) -> Bool {
    text.contains("Product") && firstObject(in: text) { isProduct($0["@type"]) } != nil
  }

  /// Whether a JSON-LD script states a product offered for sale (a `Product` with `offers`).
  static func sellsProduct(in text: String) -> Bool {
    text.contains("offers") && firstObject(in: text) { isProduct($0["@type"]) && $0["offers"] != nil } != nil
  }

  static func isProduct(_ type: Any?) -> Bool {
    let types = (type as? [Any])?.compactMap { $0 as? String } ?? [(type as? String) ?? ""]
    return types.contains { $0 == "Product" || $0 == "ProductGroup" }
  }

  /// The first object of a JSON-LD script that passes `test`, looked for in lists and `@graph`, a bounded
  /// number of values into the script.
  private static func firstObject(in text: String, where test: ([String: Any]) -> Bool) -> [String: Any]? {
    let cleaned = text.trimmingCharacters(in: .whitespacesAndNewlines)
      .replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: "")
    guard cleaned.utf8.count < 1 << 20, let data = cleaned.data(using: .utf8),
      let json = try? JSONSerialization.jsonObject(with: data)
    else { return nil }
    var queue: [Any] = [json]
    var checked = 0
    while !queue.isEmpty, checked < 200 {
      let value = queue.removeFirst()
      checked += 1
      if let list = value as? [Any] {
        queue.append(contentsOf: list)
      } else if let object = value as? [String: Any] {
        if let graph = object["@graph"] as? [Any] { queue.append(contentsOf: graph) }
        if test(object) { return object }
      }
    }
    return nil
  }

  static func isArticle(_ type: Any?) -> Bool {
    let types = (type as? [Any])?.compactMap { $0 as? String } ?? [(type as? String) ?? ""]
    return types.contains {
      $0.hasSuffix("Article") || ["BlogPosting", "LiveBlogPosting", "Report", "SocialMediaPosting", "Review"].contains($0)
    }
  }

  private static func fields(_ object: [String: Any], documentTitle: String) -> Fields {
    var out = Fields()
    let name = (object["name"] as? String).map(PageNode.collapsed)
    let headline = (object["headline"] as? String).map(PageNode.collapsed)
    if let name, let headline, name != headline {
      // Two titles: the name, unless only the headline resembles the page's own title.
      let nameMatches = TextSimilarity.of(name, documentTitle) > 0.75
      let headlineMatches = TextSimilarity.of(headline, documentTitle) > 0.75
      out.title = headlineMatches && !nameMatches ? headline : name
    } else {
      out.title = headline ?? name
    }
    out.byline = names(object["author"])
    out.excerpt = (object["description"] as? String).map(PageNode.collapsed)
    out.siteName = names(object["publisher"])
    out.published = object["datePublished"] as? String
    out.image = urls(object["image"])
    if out.title?.isEmpty ?? false { out.title = nil }
    return out
  }

  private static func names(_ value: Any?) -> String? {
    if let object = value as? [String: Any] { return (object["name"] as? String).map(PageNode.collapsed) }
    if let list = value as? [Any] {
      let all = list.compactMap { names($0) }
      return all.isEmpty ? nil : all.joined(separator: ", ")
    }
    return (value as? String).map(PageNode.collapsed)
  }

  private static func urls(_ value: Any?) -> String? {
    if let text = value as? String { return text }
    if let object = value as? [String: Any] { return object["url"] as? String }
    if let list = value as? [Any] { return list.lazy.compactMap { urls($0) }.first }
    return nil
  }
}

/// The article's title from the page's `<title>`: the site's name after a separator (`|`, `-`, `»`, `:`)
/// dropped, unless that leaves too few words.
enum ArticleTitle {
  static func of(_ documentTitle: String, in root: PageNode) -> String? {
    let original = PageNode.collapsed(documentTitle)
    var title = original
    var hierarchical = false
    let separators = [" | ", " - ", " – ", " — ", " \\ ", " / ", " > ", " » "]
    func wordCount(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }
    let found = separators.compactMap { original.range(of: $0) != nil ? $0 : nil }
    if !found.isEmpty {
      hierarchical = found.contains { [" \\ ", " / ", " > ", " » "].contains($0) }
      let last = found.compactMap { original.range(of: $0, options: .backwards) }.max { $0.lowerBound < $1.lowerBound }!
      title = String(original[..<last.lowerBound])
      if wordCount(title) < 3 {
        let firstSeparator = found.compactMap { original.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }!
        title = String(original[firstSeparator.upperBound...])
      }
    } else if original.contains(": ") {
      let headings = root.descendants(["h1", "h2"]).map { $0.innerText }
      if !headings.contains(original) {
        let afterLast = original.components(separatedBy: ":").last ?? original
        title = afterLast
        if wordCount(title) < 3 {
          title = original.components(separatedBy: ":").dropFirst().joined(separator: ":")
        } else if let colon = original.firstIndex(of: ":"), wordCount(String(original[..<colon])) > 5 {
          title = original
        }
      }
    } else if original.count > 150 || original.count < 15 {
      let headings = root.descendants(["h1"])
      if headings.count == 1 { title = headings[0].innerText }
    }
    title = PageNode.collapsed(title)
    let words = wordCount(title)
    let withoutSeparators = wordCount(separators.reduce(original) { $0.replacingOccurrences(of: $1, with: " ") })
    // Few words left: the cut is kept only when the page's own heading says the same.
    let headingSaysSo = !found.isEmpty && root.descendants(["h1", "h2"]).contains { $0.innerText == title }
    if words <= 4, !headingSaysSo, !hierarchical || words != withoutSeparators - 1 { title = original }
    return title.isEmpty ? nil : title
  }
}
