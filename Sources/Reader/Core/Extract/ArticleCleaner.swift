import Foundation

/// Cleans the chosen article: forms, asides, share bars, widgets and link lists go; data tables, figures
/// and code stay; lazy images get their real address; empty blocks and headings that are not part of the
/// text are dropped.
struct ArticleCleaner {
  let flags: ArticleGrabber.Flags
  let title: String
  let deadline: ContinuousClock.Instant
  /// The blocks `isProse` kept from going for their class. They stay only in an article of
  /// `ArticleExtractor.retryBelow` characters or more without them: a pick that is little more than such
  /// blocks is the wrong one (a page builder names every box a widget), and the looser passes that follow
  /// a short result find the article.
  var keptProse: [PageNode] = []
  /// Some of `keptProse` stayed in the cleaned article.
  private(set) var keptSome = false

  mutating func clean(_ article: PageNode) throws {
    markDataTables(article)
    LazyImages.fix(article)
    try cleanConditionally(article, "form")
    try cleanConditionally(article, "fieldset")
    removeAll(article, ["object", "embed", "iframe"]) { !Self.isVideo($0) }
    removeAll(article, ["footer", "link", "aside", "nav"]) { _ in true }
    for child in article.elements {
      for node in child.descendants() + [child]
      where (ExtractionPatterns.share.matches(node.classAndID) || Self.isCallToAct(node)) && node.textContent.count < 500 {
        node.remove()
      }
    }
    removeAuthorBoxes(article)
    removeAll(article, ["input", "textarea", "select", "button"]) { _ in true }
    removeAll(article, ["h1", "h2"]) { flags.contains(.weightClasses) && $0.classWeight < 0 }
    try cleanConditionally(article, "table")
    try cleanConditionally(article, "ul")
    try cleanConditionally(article, "div")
    for heading in article.descendants(["h1"]) { heading.tag = "h2" }
    removeAll(article, ["p"]) { paragraph in
      paragraph.descendants(["img", "embed", "object", "iframe"]).isEmpty && paragraph.innerText.isEmpty
    }
    removeBreaksBeforeParagraphs(article)
    unwrapSingleCellTables(article)
    // The outermost of them still in the article (a block kept inside another is counted with it).
    let kept = Set(keptProse.map(ObjectIdentifier.init))
    let outermost = keptProse.filter { node in
      guard node.parent != nil else { return false }
      var ancestor = node.parent
      while let current = ancestor, current !== article {
        if kept.contains(ObjectIdentifier(current)) { return false }
        ancestor = current.parent
      }
      return ancestor === article
    }
    if !outermost.isEmpty, article.textLength - outermost.reduce(0, { $0 + $1.textLength }) < ArticleExtractor.retryBelow {
      PageNode.remove(outermost)
    } else {
      keptSome = !outermost.isEmpty
    }
  }

  /// The box about the writer that closes many posts (a portrait, a paragraph of biography, links to
  /// their other posts) is about the site, not the article. A box is known by its class or id naming
  /// both the writer and a box or biography, by a paragraph's length at least (a one-line credit, "X is
  /// the author of Y", stays as Readability keeps it), and by being a small part of the article (a
  /// template that calls its whole body the author's is not one).
  private func removeAuthorBoxes(_ article: PageNode) {
    let total = article.textLength
    PageNode.remove(article.descendants().filter { node in
      let names = node.classAndID
      guard Self.writer.matches(names), Self.box.matches(names) else { return false }
      let length = node.textLength
      return length >= Self.biographyLength && length * 3 < total
    })
  }

  /// A link named as a call to act (`ExtractionPatterns.callToAct`), or a box so named that holds one: a
  /// paragraph so named is part of the text, and a box without a link (a caption's "View photo") only
  /// labels a picture.
  static func isCallToAct(_ node: PageNode) -> Bool {
    guard node.tag != "p", ExtractionPatterns.callToAct.matches(node.classAndID) else { return false }
    return node.tag == "a" || !node.descendants(["a"]).isEmpty
  }

  /// Readability's limit for a byline: a writer's box shorter than this is a credit line, not a biography.
  static let biographyLength = 100

  static let writer = ExtractionPatterns.Words(substrings: ["author", "contributor"])
  static let box = ExtractionPatterns.Words(substrings: ["bio", "box", "about", "profile", "description", "detail"])

  /// The predicates never depend on a sibling's removal, so the nodes go in one batch (`PageNode.remove`).
  private func removeAll(_ root: PageNode, _ tags: Set<String>, where shouldRemove: (PageNode) -> Bool) {
    PageNode.remove(root.descendants(tags).filter(shouldRemove))
  }

  /// A `<br>` whose next visible sibling is a `<p>` (after the `<br>`s that go with it) goes: one walk
  /// backwards over each parent's children, not a search per `<br>` (docs/ROBUSTNESS.md).
  private func removeBreaksBeforeParagraphs(_ root: PageNode) {
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for br in root.descendants(["br"]) {
      if let parent = br.parent, seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    var doomed: [PageNode] = []
    for parent in parents {
      var next: PageNode?  // the first visible sibling after the one looked at, of those that stay
      for child in parent.children.reversed() {
        if child.tag == "br", next?.tag == "p" {
          doomed.append(child)
        } else if !child.isText || child.hasVisibleText {
          next = child
        }
      }
    }
    PageNode.remove(doomed)
  }

  static func isVideo(_ node: PageNode) -> Bool {
    let sources = node.attributes.values.map { $0.lowercased() }
    return sources.contains { value in ExtractionPatterns.videoHosts.contains { value.contains($0) } }
  }

  // MARK: - Tables

  /// A table holding data (headers, a caption, many cells) stays whole; a layout table is just boxes.
  func markDataTables(_ root: PageNode) {
    for table in root.descendants(["table"]) {
      table.isDataTable = isDataTable(table)
    }
  }

  private func isDataTable(_ table: PageNode) -> Bool {
    if table["role"] == "presentation" || table["datatable"] == "0" { return false }
    if table["summary"].map({ !$0.isEmpty }) ?? false { return true }
    let inside = table.descendants()
    if let caption = inside.first(where: { $0.tag == "caption" }), !caption.children.isEmpty { return true }
    if inside.contains(where: { ["col", "colgroup", "tfoot", "thead", "th"].contains($0.tag) }) { return true }
    if inside.contains(where: { $0.tag == "table" }) { return false }
    var rows = 0
    var columns = 0
    for row in inside where row.tag == "tr" {
      rows += Int(row["rowspan"] ?? "") ?? 1
      let cells = row.elements.filter { $0.tag == "td" || $0.tag == "th" }
      columns = max(columns, cells.reduce(0) { $0 + (Int($1["colspan"] ?? "") ?? 1) })
    }
    return rows >= 10 || columns > 4 || rows * columns > 10
  }

  /// A table of one cell is a layout box: it becomes its content.
  private func unwrapSingleCellTables(_ root: PageNode) {
    for table in root.descendants(["table"]).reversed() {
      var node = table
      while let only = Self.onlyElement(node), ["tbody", "tr"].contains(only.tag) || (node.tag == "tr" && only.tag == "td") {
        node = only
      }
      guard node.tag == "td" else { continue }
      node.tag = node.children.allSatisfy(ArticleGrabber.isPhrasing) ? "p" : "div"
      table.replace(with: node)
    }
  }

  private static func onlyElement(_ node: PageNode) -> PageNode? {
    let elements = node.elements
    guard elements.count == 1, !node.children.contains(where: { $0.isText && $0.hasVisibleText })
    else { return nil }
    return elements[0]
  }

  // MARK: - Conditional cleaning

  /// Removes `tag` elements that look like furniture rather than text: too many images or list items for
  /// their paragraphs, mostly links, inputs, embeds, or nearly no text.
  private mutating func cleanConditionally(_ root: PageNode, _ tag: String) throws {
    guard flags.contains(.cleanConditionally) else { return }
    for node in root.descendants([tag]).reversed() where node.parent != nil {
      if ContinuousClock.now > deadline { throw ArticleGrabber.TooSlow() }
      if shouldRemove(node) { node.remove() }
    }
  }

  private mutating func shouldRemove(_ node: PageNode) -> Bool {
    if node.tag == "table", node.isDataTable { return false }
    var ancestor = node.parent
    while let current = ancestor {
      if current.tag == "table", current.isDataTable { return false }
      if current.tag == "code" { return false }
      ancestor = current.parent
    }
    let inside = node.descendants()
    if inside.contains(where: { $0.tag == "table" && $0.isDataTable }) { return false }
    let text = node.innerText
    let length = text.unicodeScalars.count
    var isList = node.tag == "ul" || node.tag == "ol"
    if !isList, length > 0 {
      let listLength = inside.filter { $0.tag == "ul" || $0.tag == "ol" }.reduce(0) { $0 + $1.textLength }
      isList = Double(listLength) / Double(length) > 0.9
    }
    let weight = flags.contains(.weightClasses) ? node.classWeight : 0
    if weight < 0, !Self.holdsCode(node) {
      guard flags.contains(.keepProse), Self.isProse(node) else { return true }
      keptProse.append(node)
    }
    if PageNode.commaCount(text) >= 10 { return false }

    var paragraphs = 0, images = 0, items = -100, inputs = 0, embeds = 0
    var headingLength = 0
    for element in inside {
      switch element.tag {
      case "p": paragraphs += 1
      case "img": images += 1
      case "li": items += 1
      case "input": inputs += 1
      case "object", "embed", "iframe": if !Self.isVideo(element) { embeds += 1 }
      default: break
      }
      if ["h1", "h2", "h3", "h4", "h5", "h6"].contains(element.tag) { headingLength += element.textLength }
    }
    if Self.isAdOrLoading(text) { return true }
    let headingDensity = length > 0 ? Double(headingLength) / Double(length) : 0
    // Whether any text sits in text-like elements (the density is only ever compared with zero).
    let hasTextishText = {
      length > 0 && inside.contains { element in
        (["span", "li", "td"].contains(element.tag) || ArticleGrabber.blockChildren.contains(element.tag))
          && element.textLength > 0
      }
    }
    let density = node.linkDensity
    let inFigure = node.ancestor("figure") != nil
    let remove =
      (!inFigure && images > 1 && Double(paragraphs) / Double(images) < 0.5)
      || (!isList && items > paragraphs)
      || (inputs > paragraphs / 3)
      || (!isList && !inFigure && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && density > 0)
      || (!isList && weight < 25 && density > 0.2)
      || (weight >= 25 && density > 0.5)
      || (embeds == 1 && length < 75) || embeds > 1
      || (images == 0 && !hasTextishText())
    if isList && remove {
      // A list of pictures (a gallery) stays.
      if node.elements.contains(where: { $0.elements.count > 1 }) { return remove }
      if images == inside.filter({ $0.tag == "li" }).count { return false }
    }
    return remove
  }

  /// A block whose class names it like furniture (`widget`, `media`, `promo`) that holds the article's
  /// prose: editors' and shops' components (`ck-widget`, `product-widget`) wrap paragraphs of the text. Two
  /// paragraphs of `proseParagraph` characters or more and nearly no links (`keptProse`). An id still decides: it names
  /// the one block (a comments section, a share box; a section whose anchor says "shared", which
  /// Readability drops too and Mozilla's figures count on).
  static func isProse(_ node: PageNode) -> Bool {
    if let id = node["id"], ExtractionPatterns.negative.matches(id.lowercased()) { return false }
    guard node.linkDensity < 0.1 else { return false }
    return node.descendants(["p"]).lazy.filter { $0.textLength >= proseParagraph }.prefix(2).count == 2
  }

  static let proseParagraph = 150
  /// A block whose text is half or more code (`<pre>`) with nearly no links does not go for its class:
  /// documentation sets each example in a component named by utility classes (`scroll-mt-2`, `overflow-hidden`)
  /// that read as furniture, and the example is the page's content. The block's other tests still apply;
  /// code inside a `<code>` was already kept (docs/DECISIONS.md, "ninth pass").
  static func holdsCode(_ node: PageNode) -> Bool {
    let length = node.textLength
    guard length > 0, node.linkDensity < 0.1 else { return false }
    let code = node.descendants(["pre"]).reduce(0) { $0 + $1.textLength }
    return code * 2 >= length
  }

  /// An ad's label, alone or with its note to the reader ("Advertisement - Continue reading below",
  /// "Advertisement: New course"), or a loading placeholder.
  private static func isAdOrLoading(_ text: String) -> Bool {
    let lower = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".…"))
    if ["ad", "advertising", "advertisement", "publicité", "werbung", "广告", "реклама", "anuncio", "loading",
      "正在加载", "загрузка", "chargement", "cargando"].contains(lower) { return true }
    guard lower.count <= 60, lower.hasPrefix("advertisement"), let next = lower.dropFirst(13).first else { return false }
    return !next.isLetter
  }
}
