import Foundation

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
    let offersToBuy = !read.declaresArticle && CartButtons.offersToBuy(in: root)
    PageNode.remove(root.descendants(["script"]))
    try Preparation.prepare(root, deadline: deadline)
    let body = root.descendants(["body"]).first ?? root
    // A shop's reviews and recommendations are not its product, however long (`ShopReviews`).
    if read.declaresProduct, !read.declaresArticle { ShopReviews.remove(from: body) }
    // Links kept out of the focus order are shown, and on a listing hold its teasers (`FocusSkippedLinks`).
    if !read.declaresArticle { FocusSkippedLinks.show(in: body) }

    var attempts: [(PageNode, Int, String?)] = []
    // The last pass's article without the prose it kept in blocks named like widgets, when it kept some.
    var plainPick: (PageNode, Int)?
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
        guard length < retryBelow else {
          if grabber.keptProse, flags.contains(.keepProse) {
            plainPick = try plainPass(body, flags: flags.subtracting(.keepProse), metadata: metadata, deadline: deadline)
          }
          break
        }
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
    var searchFound = picked.map { isArticleLike($0.0, readerable: readerable) } ?? false
    // The footer's prose is no page's content (`FooterPick`); a product's description stands in for it below.
    if searchFound, !read.declaresArticle, product.isEmpty, let pick = picked, FooterPick.holds(pick.0, in: body) {
      searchFound = false
    }
    var kind = PageKind.article
    // Not every page is one block of prose (ForumThread, MainRegion): a thread wins where the search kept one of its
    // posts (or all of them with their furniture: `weighsAsPick`) or nothing; the main region wins where the search
    // found nothing article-like, or kept little of a region the page marks as its main content and that reads as
    // sections (`outgrows`), or kept a listing's introduction and left out its entries, or kept what is left of a grid
    // of cards. Where the search found nothing, a thread that holds under a third of the main region's text is a rail
    // beside the content (comments on other stories, dated teasers), not the page. Posts the page declares as a
    // forum's win over a pick outside them of half their text or less (`outweighs`), and any thread wins over a
    // shorter pick the page shows folded (`FoldedBlocks`). On a page that declares no article, dated entries it does
    // not declare as a forum's (a topic page's teasers, each with its date) win over a pick of a third of their text
    // or less: the pick is one entry or a blurb beside them.
    let found = ForumThread.find(in: body)
    let thread = found?.thread
    var region: PageNode?? = nil
    func mainRegion() -> PageNode? {
      if let region { return region }
      let found = MainRegion.find(in: body, markedOnly: searchFound)
      region = .some(found)
      return found
    }
    if let thread, thread.textLength >= minimumArticle,
      picked.map({ pick in
        !searchFound || (ForumThread.weighsAsPick(thread, pickLength: pick.1) && ForumThread.contains(thread, pick.0))
          || found.map { ForumThread.outweighs($0, pickLength: pick.1) } == true
          || (thread.textLength > pick.1 && FoldedBlocks.holds(pick.0, in: body))
          || (!read.declaresArticle && found?.declared == false && thread.textLength >= 3 * pick.1)
      }) ?? true,
      searchFound || thread.textLength * 3 >= (mainRegion()?.textLength ?? 0)
    {
      // A byline the search found in the thread's posts is the opening post's author.
      let byline = picked.flatMap { pick in searchFound && ForumThread.contains(thread, pick.0) ? pick.2 : nil }
      picked = (thread, thread.textLength, byline)
      kind = .thread
    } else if let region = mainRegion() {
      let length = region.textLength
      // The region is weighed against the pick without the prose it kept in blocks named like widgets (`plainPass`).
      let weighed = plainPick ?? picked.map { ($0.0, $0.1) }
      if !searchFound, length >= minimumArticle {
        picked = (region, length, nil)
        kind = .region
      } else if searchFound, let found = picked, let pick = weighed,
        MainRegion.outgrows(pick.1, length, declaresArticle: read.declaresArticle), region.linkDensity < 0.35,
        MainRegion.isSectioned(region, beyond: pick.0)
      {
        picked = (region, length, found.2)
        kind = .region
      } else if searchFound, let found = picked, let pick = weighed, MainRegion.isListing(region, beyond: pick.0, length: pick.1, templateCards: thread == nil) {
        picked = (region, length, found.2)
        kind = .region
      } else if searchFound, !read.declaresArticle, let found = picked, let pick = weighed,
        let grid = MainRegion.grid(around: pick.0, in: region, length: pick.1, templateCards: thread == nil)
      {
        picked = (grid, grid.textLength, found.2)
        kind = .region
      }
    } else if searchFound, !read.declaresArticle, let found = picked,
      let listing = MainRegion.around(found.0, in: body, length: found.1, templateCards: thread == nil)
    {
      // No marked region: the sections or the listing found around the pick (not on a declared article).
      picked = (listing, listing.textLength, found.2)
      kind = .region
    }
    // A grid of cards the page declares as products is its content where the pick shows none of them
    // (`ProductGrid`); not on a declared article, whose rail of products to buy is beside it.
    if kind != .thread, !read.declaresArticle, let grid = ProductGrid.find(in: body),
      picked.map({ !ProductGrid.isShown(grid, in: $0.0) }) ?? true
    {
      let content = ProductGrid.content(grid)
      if content.textLength >= minimumArticle {
        picked = (content, content.textLength, picked?.2)
        kind = .region
      }
    }
    if !product.isEmpty {
      // A product's description where the content leaves it out (ProductFacts); alone where there is no
      // content, or where the pick is mostly the page's footer (`ProductFacts.isFooter`).
      if let found = picked, !ProductFacts.isFooter(found.0) || ProductFacts.isShown(product, in: found.0) {
        if !ProductFacts.isShown(product, in: found.0) {
          ProductFacts.add(product, to: found.0)
          picked = (found.0, found.0.textLength, found.2)
          // What the search found was too little for an article: with the description it is the product's page.
          if kind == .article, !searchFound { kind = .region }
        }
      } else {
        let facts = ProductFacts.content(product)
        picked = (facts, facts.textLength, nil)
        kind = .region
      }
    }
    // On a shop's page, its furniture goes from what the search found as from a region (`ProductFacts`), and
    // its feature panels repeated (one per colour, a carousel's clones) go wherever they were found.
    let sellsProduct = read.declaresProduct && !read.declaresArticle
    if sellsProduct, kind != .region, let found = picked,
      let cleaned = ProductFacts.withoutFurniture(found.0, keeps: { kind != .article || isArticleLike($0, readerable: readerable) })
    {
      picked = (cleaned, cleaned.textLength, found.2)
    }
    // A page with nothing to show but a description cut off mid-text shows that start (`CutSummary`).
    let summary = CutSummary.content(from: metadata.excerpt)
    guard let (content, _, byline) = picked else {
      guard let summary else { throw .notAnArticle }
      return outcome(summary, kind: .region, metadata: metadata, readerable: readerable, url: url)
    }
    // A thread's replies quote the posts they answer: on the thread, or on the search's pick where it lies in
    // the thread (it kept the posts, quotes and all). An article loses only a section printed twice.
    let showsThread = kind == .thread || thread.map { kind == .article && ForumThread.contains($0, content) } == true
    if kind == .region || sellsProduct || showsThread {
      RepeatedBlocks.remove(from: content, thread: showsThread)
      // Quotes written as lines among a reply's own go too, where the posts are the page's own (not dated teasers).
      if showsThread, kind == .thread || found?.marked == true { RepeatedLines.remove(fromThread: content) }
    } else {
      RepeatedBlocks.removeCopiedSections(from: content)
    }
    // The search kept the whole thread (or most of it): its posts lose their furniture as the thread's do.
    if kind == .article, thread != nil { ForumThread.removeFurniture(inPostsOf: content) }
    // A shop's rails of other products go by their headings, once its scrambled labels are gone
    // (`ScrambledLabels`, `RecommendationRails`), on a page whose markup names a basket's button too (`CartButtons`).
    if sellsProduct || offersToBuy {
      ScrambledLabels.remove(from: content)
      RecommendationRails.remove(from: content)
    }
    // Links that lead on from the page lead nowhere in the reader: rows of buttons (in a region, every
    // button), "read more" (`ButtonRows`, `MoreLinks`).
    ButtonRows.remove(from: content)
    if kind == .region { ButtonRows.removeButtons(from: content) }
    MoreLinks.remove(from: content)
    if metadata.byline == nil { metadata.byline = byline }
    let result = outcome(content, kind: kind, metadata: metadata, readerable: readerable, url: url)
    guard !result.isArticle, let summary else { return result }
    return outcome(summary, kind: .region, metadata: metadata, readerable: readerable, url: url)
  }

  /// The article made of `content`, its metadata completed from it where the page's own leaves a gap.
  private static func outcome(
    _ content: PageNode, kind: PageKind, metadata: ArticleMetadata, readerable: Bool, url: URL?
  ) -> Outcome {
    var metadata = metadata
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

  /// The search's pass again without `Flags.keepProse`: the article as it would be had blocks named like
  /// widgets all gone. The main region is weighed against it: a page builder's boxes kept as prose (FAQ
  /// cards in Tailwind's `overflow-hidden`) make a pick look like most of a sectioned page, which it is not
  /// (docs/DECISIONS.md, "eighth pass").
  private static func plainPass(
    _ body: PageNode, flags: ArticleGrabber.Flags, metadata: ArticleMetadata, deadline: ContinuousClock.Instant
  ) throws(ExtractionError) -> (PageNode, Int)? {
    var grabber = ArticleGrabber(flags: flags, title: metadata.title ?? "", byline: metadata.byline, deadline: deadline)
    do {
      return try grabber.grab(body.copy()).map { ($0, $0.textLength) }
    } catch {
      throw .tooSlow
    }
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
    let root = data.withUnsafeBytes { bytes -> PageNode? in
      if let declared, let root = PageTree.parse(bytes, encoding: declared) { return root }
      return PageTree.parse(bytes, encoding: nil)
    }
    if let root {
      StrayContent.moveIntoBody(root)
      StreamedSegments.place(root)
    }
    return root
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
