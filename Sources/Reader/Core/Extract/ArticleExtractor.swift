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

/// Finds the article in a web page the way reader modes do (see `ArticleGrabber`): parse with libxml2 into
/// a `PageNode` tree, read the metadata, then search for the content with strict rules, loosening them when
/// what is found is too short; the longest result wins. A page whose best result is still short, or mostly
/// links, has no article.
public enum ArticleExtractor {
  /// Pages beyond this are refused (the fetcher already caps downloads; a file given on the command line is
  /// not).
  public static let maxBytes = 16 << 20
  /// Wall-clock budget for one page; a hostile page gives up rather than hold the reader.
  public static let timeLimit = Duration.seconds(3)
  /// Text shorter than this makes the search retry with looser rules.
  static let retryBelow = 500
  /// With fewer characters than this (and the page not readerable), there is no article; nor when more
  /// than half the text is links, or the page is a listing (`Outcome.isListing`).
  static let minimumArticle = 140

  /// Extracts the article from `data`, decoded by `charset` (from HTTP) when given, else by the page's BOM
  /// or `<meta>`; `url` is the page's address, for relative links.
  public static func extract(data: Data, charset: String? = nil, url: URL? = nil) throws(ExtractionError) -> ExtractedArticle {
    let outcome = try extractAnyway(data: data, charset: charset, url: url)
    guard outcome.isArticle else { throw .notAnArticle }
    return outcome.article
  }

  struct Outcome {
    var article: ExtractedArticle
    var text: String { article.text }
    var readerable: Bool { article.readerable }
    var linkDensity: Double
    /// Nearly every one of several headings is a link, each over a short teaser: a list of stories (a
    /// front page, a section, search results) rather than one story. Articles that link some of their
    /// headings (a list of films, a page of related coverage) link fewer, or write more under each.
    var isListing = false
    /// What the page was read as: an article found by the search, a forum thread, or the page's main region.
    var kind = PageKind.article

    var isArticle: Bool {
      let length = text.unicodeScalars.count
      guard kind == .article else { return length >= ArticleExtractor.minimumArticle }
      return length >= ArticleExtractor.minimumArticle && (readerable || length >= ArticleExtractor.retryBelow)
        && linkDensity <= 0.5 && !isListing
    }
  }

  /// How the content was found (see `extractAnyway`).
  enum PageKind: Equatable {
    case article, thread, region
  }

  /// The best the search finds, article-like or not (the fixture measurements score every page).
  static func extractAnyway(
    data: Data, charset: String?, url: URL?, timeLimit: Duration = timeLimit
  ) throws(ExtractionError) -> Outcome {
    guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
    let deadline = ContinuousClock.now + timeLimit
    guard let root = parse(data, charset: charset) else { throw .unreadable }
    let readerable = Readerable.check(root)
    let read = PageMetadata.read(root, baseURL: url)
    var metadata = read.metadata
    let product = ProductFacts.description(in: root)
    PageNode.remove(root.descendants(["script"]))
    try Preparation.prepare(root, deadline: deadline)
    let body = root.descendants(["body"]).first ?? root

    var attempts: [(PageNode, Int, String?)] = []
    var flags = ArticleGrabber.Flags.all
    while true {
      var grabber = ArticleGrabber(flags: flags, title: metadata.title ?? "", byline: metadata.byline, deadline: deadline)
      let article: PageNode?
      do {
        article = try grabber.grab(body.copy())
      } catch {
        throw .tooSlow
      }
      let length = article?.textLength ?? 0
      if let article {
        attempts.append((article, length, grabber.byline))
        if length >= retryBelow { break }
      }
      if flags.contains(.stripUnlikely) {
        flags.remove(.stripUnlikely)
      } else if flags.contains(.weightClasses) {
        flags.remove(.weightClasses)
      } else if flags.contains(.cleanConditionally) {
        flags.remove(.cleanConditionally)
      } else {
        break
      }
    }
    var picked = attempts.max(by: { $0.1 < $1.1 })
    let searchFound = picked.map { isArticleLike($0.0, readerable: readerable) } ?? false
    var kind = PageKind.article
    // Not every page is one block of prose (ForumThread, MainRegion): a thread wins where the search kept
    // one of its posts or nothing; the main region wins where the search found nothing article-like, or
    // kept less than half of a region the page marks as its main content and that reads as sections, or
    // kept a listing's introduction and left out its entries.
    // Where the search found nothing, a thread that holds under a third of the main region's text is a
    // rail beside the content (comments on other stories, dated teasers), not the page.
    let thread = ForumThread.find(in: body)
    var region: PageNode?? = nil
    func mainRegion() -> PageNode? {
      if let region { return region }
      let found = MainRegion.find(in: body, markedOnly: searchFound)
      region = .some(found)
      return found
    }
    if let thread, thread.textLength >= minimumArticle,
      picked.map({ !searchFound || (thread.textLength > $0.1 && ForumThread.contains(thread, $0.0)) }) ?? true,
      searchFound || thread.textLength * 3 >= (mainRegion()?.textLength ?? 0)
    {
      picked = (thread, thread.textLength, nil)
      kind = .thread
    } else if let region = mainRegion() {
      let length = region.textLength
      if !searchFound, length >= minimumArticle {
        picked = (region, length, nil)
        kind = .region
      } else if searchFound, let found = picked, found.1 * 2 < length, region.linkDensity < 0.35,
        MainRegion.isSectioned(region, beyond: found.0)
      {
        picked = (region, length, found.2)
        kind = .region
      } else if searchFound, let found = picked, MainRegion.isListing(region, beyond: found.0, length: found.1) {
        picked = (region, length, found.2)
        kind = .region
      }
    } else if searchFound, !read.declaresArticle, let found = picked,
      let listing = MainRegion.around(found.0, in: body, length: found.1)
    {
      // No marked region: the sections or the listing found around the pick (not on a declared article).
      picked = (listing, listing.textLength, found.2)
      kind = .region
    }
    if !product.isEmpty {
      // A product's description where the content leaves it out (ProductFacts); alone where there is no content.
      if let found = picked {
        if !ProductFacts.isShown(product, in: found.0) {
          ProductFacts.add(product, to: found.0)
          picked = (found.0, found.0.textLength, found.2)
          // What the search found was too little for an article: with the description it is the product's page.
          if kind == .article, !searchFound { kind = .region }
        }
      } else {
        let facts = PageNode(tag: "div")
        ProductFacts.add(product, to: facts)
        picked = (facts, facts.textLength, nil)
        kind = .region
      }
    }
    guard let (content, _, byline) = picked else { throw .notAnArticle }
    // The search kept the whole thread (or most of it): its posts lose their furniture as the thread's do.
    if kind == .article, thread != nil { ForumThread.removeFurniture(inPostsOf: content) }
    if metadata.byline == nil { metadata.byline = byline }
    if metadata.excerpt == nil {
      metadata.excerpt = content.descendants(["p"]).lazy.map(\.innerText).first { !$0.isEmpty }
    }
    if metadata.leadImage == nil {
      metadata.leadImage = content.descendants(["img"]).lazy.compactMap { $0["src"] }.first
        .flatMap { ArticleLinkResolver(baseURL: url).resolve($0) }
    }
    let article = ExtractedArticle(
      html: ArticleOutput.html(content, baseURL: url), text: ArticleOutput.text(content), metadata: metadata,
      readerable: readerable, leadPicture: metadata.leadImage.flatMap { LeadImage.missing($0, from: content, baseURL: url) })
    return Outcome(article: article, linkDensity: content.linkDensity, isListing: isListing(content), kind: kind)
  }

  /// Nearly every one of several headings is a link over a short teaser (see `Outcome.isListing`).
  static func isListing(_ content: PageNode) -> Bool {
    let headings = content.descendants(["h2", "h3", "h4", "h5", "h6"])
    let linkedHeadings = headings.filter { $0.textLength > 0 && $0.linkDensity > 0.5 }.count
    let textPerHeading = headings.isEmpty ? 0 : content.textLength / headings.count
    return headings.count >= 5 && linkedHeadings * 10 >= headings.count * 9 && textPerHeading < 400
  }

  /// Whether the search's pick passes `Outcome.isArticle` as an article.
  static func isArticleLike(_ content: PageNode, readerable: Bool) -> Bool {
    let length = ArticleOutput.text(content).unicodeScalars.count
    return length >= minimumArticle && (readerable || length >= retryBelow) && content.linkDensity <= 0.5
      && !isListing(content)
  }

  /// The page's tree. The HTTP charset wins unless the page starts with a byte-order mark (as browsers do);
  /// without either, valid UTF-8 is read as such, else libxml2 follows the `<meta>` declaration. A charset libxml2 does not know falls back to
  /// the page's own declaration.
  static func parse(_ data: Data, charset: String?) -> PageNode? {
    let hasBOM = data.starts(with: [0xEF, 0xBB, 0xBF]) || data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF])
    var declared = hasBOM ? nil : charset.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    if declared == nil, !hasBOM, isNonASCIIUTF8(data) { declared = "UTF-8" }
    return data.withUnsafeBytes { bytes in
      if let declared, let root = PageTree.parse(bytes, encoding: declared) { return root }
      return PageTree.parse(bytes, encoding: nil)
    }
  }

  /// Bytes that hold non-ASCII text and are valid UTF-8 are UTF-8 whatever their `<meta>` says: legacy
  /// encodings almost never form valid multi-byte sequences, while pages saved or served as UTF-8 with a
  /// stale declaration are common.
  static func isNonASCIIUTF8(_ data: Data) -> Bool {
    guard data.contains(where: { $0 >= 0x80 }) else { return false }
    return String(validating: data, as: UTF8.self) != nil
  }

  /// The plain text of an HTML fragment or page as `extract` prints it (for comparisons with other
  /// extractions' HTML).
  static func plainText(ofHTML html: String) -> String {
    guard let root = parse(Data(html.utf8), charset: "UTF-8") else { return "" }
    return ArticleOutput.text(root)
  }
}

/// Whole-page fixes before any search: `<noscript>` images replace their placeholders, `<font>` is a `<span>`, and text split by runs of `<br>` becomes
/// paragraphs (old pages write paragraphs that way).
enum Preparation {
  static func prepare(_ root: PageNode, deadline: ContinuousClock.Instant = .now + ArticleExtractor.timeLimit)
    throws(ExtractionError)
  {
    // Without script, a <noscript> image is the real one; the rest of <noscript> is for script-less
    // browsers (cookie and "enable JavaScript" notices), not the article.
    LazyImages.unwrapNoscriptImages(root)
    // Except where the page's content itself waits in <noscript> (a script-built page that renders its
    // text for script-less readers there: forum software does): a <noscript> holding most of the page's
    // text is the page. The rest go in one batch (one pass per parent, docs/ROBUSTNESS.md).
    let total = root.textLength
    var dropped: [PageNode] = []
    for noscript in root.descendants(["noscript"]) {
      let length = noscript.textLength
      if length >= 500, length * 2 >= total {
        noscript.tag = "div"
      } else {
        dropped.append(noscript)
      }
    }
    PageNode.remove(dropped)
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for node in root.descendants() {
      if node.tag == "font" { node.tag = "span" }
      if node.tag == "br", let parent = node.parent, seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    // One pass over each parent's children, never a search per `<br>` (docs/ROBUSTNESS.md: 1.5 MB of `a<br>`
    // took 30 s), with the clock read as it goes.
    for (index, parent) in parents.enumerated() {
      if index & 63 == 0, ContinuousClock.now > deadline { throw .tooSlow }
      paragraphs(in: parent)
    }
  }

  /// A `<br>` followed by more `<br>`s (white space between them aside) becomes a `<p>` that takes the
  /// phrasing content after it, up to the next such run or the first block.
  private static func paragraphs(in parent: PageNode) {
    let kids = parent.children
    var out: [PageNode] = []
    out.reserveCapacity(kids.count)
    var changed = false
    var index = 0
    func isBlank(_ node: PageNode) -> Bool { node.isText && !node.hasVisibleText }
    while index < kids.count {
      let node = kids[index]
      guard node.tag == "br" else {
        out.append(node)
        index += 1
        continue
      }
      // The <br>s that follow (whitespace between them aside) go; the whitespace stays, in the paragraph.
      var content: [PageNode] = []
      var next = index + 1
      var replaced = false
      while next < kids.count, isBlank(kids[next]) || kids[next].tag == "br" {
        if kids[next].tag == "br" {
          replaced = true
          kids[next].parent = nil
        } else {
          content.append(kids[next])
        }
        next += 1
      }
      guard replaced else {
        out.append(node)
        index += 1
        continue
      }
      changed = true
      node.parent = nil
      while next < kids.count {
        let sibling = kids[next]
        if sibling.tag == "br" {
          // A second <br> ends this paragraph.
          let after = kids[(next + 1)...].first { !isBlank($0) }
          if after?.tag == "br" { break }
        }
        guard ArticleGrabber.isPhrasing(sibling) else { break }
        content.append(sibling)
        next += 1
      }
      while let last = content.last, isBlank(last) {
        last.parent = nil
        content.removeLast()
      }
      let paragraph = PageNode(tag: "p")
      paragraph.parent = parent
      for child in content { child.parent = paragraph }
      paragraph.children = content
      out.append(paragraph)
      index = next
    }
    guard changed else { return }
    parent.children = out
    if parent.tag == "p" { parent.tag = "div" }
  }
}
