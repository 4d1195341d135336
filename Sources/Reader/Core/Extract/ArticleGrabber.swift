import Foundation

/// One pass of the content search over a copy of the page's body: drop what is clearly not the article,
/// score paragraph-like blocks, give their scores to their parents and grandparents, take the best
/// candidate and the siblings that belong with it, then clean that. Looser passes turn `Flags` off.
struct ArticleGrabber {
  struct Flags: OptionSet {
    let rawValue: Int
    static let stripUnlikely = Flags(rawValue: 1)
    static let weightClasses = Flags(rawValue: 2)
    static let cleanConditionally = Flags(rawValue: 4)
    /// Prose in a block whose class reads negative stays (`ArticleCleaner.isProse`).
    static let keepProse = Flags(rawValue: 8)
    static let all: Flags = [.stripUnlikely, .weightClasses, .cleanConditionally, .keepProse]
  }

  var flags: Flags
  let title: String
  /// The byline the metadata gave; when nil, the first byline-looking block is taken (and removed).
  var byline: String?
  let deadline: ContinuousClock.Instant
  /// The article kept prose in blocks named like widgets (`ArticleCleaner.keptProse`, `Flags.keepProse`).
  private(set) var keptProse = false

  static let tagsToScore: Set<String> = ["section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"]
  /// Inside the page's one article, headings are not unlikely by their class: there a heading's class
  /// says how it is drawn ("header-anchor"), not that it is furniture.
  static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
  /// A table that heads its columns (`<th scope="col">`) holds data, whatever its class says of how it is
  /// drawn (a wiki's `sticky-header`).
  static func headsColumns(_ node: PageNode) -> Bool {
    node.tag == "table" && node.descendants(["th"]).contains { $0["scope"]?.lowercased() == "col" }
  }
  static let blockChildren: Set<String> = ["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]
  static let phrasing: Set<String> = [
    "abbr", "audio", "b", "bdo", "br", "button", "cite", "code", "data", "datalist", "dfn", "em", "embed", "i",
    "img", "input", "kbd", "label", "mark", "math", "meter", "noscript", "object", "output", "progress", "q",
    "ruby", "samp", "script", "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "var",
    "wbr", "font", "u", "s", "strike", "tt", "big",
  ]

  struct TooSlow: Error {}

  /// The article as a `div` of cleaned content, or nil when nothing scored.
  mutating func grab(_ body: PageNode) throws -> PageNode? {
    let toScore = try prepareAndCollect(body)
    var candidates: [PageNode] = []
    for paragraph in toScore {
      guard paragraph.parent != nil else { continue }
      try check()
      let text = paragraph.innerText
      let length = text.unicodeScalars.count
      if length < 25 { continue }
      let ancestors = paragraph.ancestors(maxDepth: 5).filter { $0.parent?.tag != "#document" }
      if ancestors.isEmpty { continue }
      let score = 1.0 + Double(PageNode.commaCount(text) + 1) + Double(min(length / 100, 3))
      for (level, ancestor) in ancestors.enumerated() {
        if !ancestor.scored {
          initialize(ancestor)
          candidates.append(ancestor)
        }
        let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level) * 3
        ancestor.score += score / divider
      }
    }
    try check()
    for candidate in candidates {
      try check()
      candidate.score *= 1 - candidate.linkDensity
    }
    let ranked = candidates.sorted { $0.score > $1.score }.prefix(5)

    var top: PageNode
    if let best = ranked.first, best.tag != "body" {
      top = best
      top = commonAncestorOfAlternatives(top, ranked: Array(ranked))
      top = climbWhileScoresRise(top, body: body)
      // One section of a run of them: the run's container (`SectionRun`), scored as the section was.
      if let run = SectionRun.container(of: top) {
        if !run.scored { initialize(run) }
        run.score = max(run.score, top.score)
        top = run
      }
    } else {
      // Nothing stood out: the whole body is the article.
      top = PageNode(tag: "div")
      top.adopt(body.children)
      body.append(top)
      initialize(top)
    }
    let article = mergeSiblings(of: top)
    try check()
    var cleaner = ArticleCleaner(flags: flags, title: title, deadline: deadline)
    try cleaner.clean(article)
    keptProse = cleaner.keptSome
    return article
  }

  func check() throws {
    if ContinuousClock.now > deadline { throw TooSlow() }
  }

  func initialize(_ node: PageNode) {
    node.scored = true
    switch node.tag {
    case "div": node.score = 5
    case "pre", "td", "blockquote": node.score = 3
    case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": node.score = -3
    case "h1", "h2", "h3", "h4", "h5", "h6", "th": node.score = -5
    default: node.score = 0
    }
    if flags.contains(.weightClasses) { node.score += node.classWeight }
  }

  // MARK: - Preparation walk

  /// Walks the body removing hidden and unlikely nodes, the byline and the heading that repeats the title,
  /// turning divs of plain text into paragraphs; returns the elements to score.
  private mutating func prepareAndCollect(_ body: PageNode) throws -> [PageNode] {
    var toScore: [PageNode] = []
    var shouldRemoveTitle = true
    // The title's words once, not once per heading (docs/ROBUSTNESS.md: hundreds of headings each rebuilt them).
    let titleWords = TextSimilarity(title)
    var stack: [PageNode] = body.children.reversed()
    let articles = body.descendants(["article"])
    // The page's one `<article>` (or its `<main>`) names itself as the content, whatever its class says.
    let declared: PageNode? = articles.count == 1 ? articles[0] : nil
    while let node = stack.popLast() {
      if node.isText { continue }
      // Every node: one node's tests can read a whole subtree, so a count of nodes says nothing of the
      // time spent (a clock read is a few tens of nanoseconds beside the pattern tests below).
      try check()
      let match = node.classAndID
      if node.isHidden || (node["aria-modal"] == "true" && node["role"] == "dialog") || node.tag == "script" {
        node.remove()
        continue
      }
      if isByline(node, match: match) {
        // A name marked inside the byline ("By <span itemprop=name>…</span> on …") is the author alone.
        let name = node.descendants().first { ($0["itemprop"] ?? "").contains("name") }
        byline = name?.innerText ?? Self.withoutStanding(node).innerText
        node.remove()
        continue
      }
      if shouldRemoveTitle, node.tag == "h1" || node.tag == "h2", titleWords.similarity(to: node.innerText) > 0.75 {
        shouldRemoveTitle = false
        node.remove()
        continue
      }
      if flags.contains(.stripUnlikely) {
        if ExtractionPatterns.unlikely.matches(match), !ExtractionPatterns.maybeCandidate.matches(match),
          node.ancestor("table") == nil, node.ancestor("code") == nil, node.tag != "body", node.tag != "a",
          node.tag != "main", node !== declared, !Self.headsColumns(node),
          declared == nil || !Self.headings.contains(node.tag) || node.ancestor("article") == nil
        {
          node.remove()
          continue
        }
        if let role = node["role"], ExtractionPatterns.unlikelyRoles.contains(role.lowercased()) {
          node.remove()
          continue
        }
      }
      if ["div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"].contains(node.tag), isWithoutContent(node) {
        node.remove()
        continue
      }
      if Self.tagsToScore.contains(node.tag) { toScore.append(node) }
      var next = node
      if node.tag == "div" {
        wrapPhrasingRuns(node)
        let elements = node.elements
        if elements.count == 1, elements[0].tag == "p", !hasOwnText(node), node.linkDensity < 0.25 {
          let paragraph = elements[0]
          node.replace(with: paragraph)
          next = paragraph
          toScore.append(paragraph)
        } else if !hasBlockChild(node) {
          node.tag = "p"
          toScore.append(node)
        }
      }
      stack.append(contentsOf: next.children.reversed())
    }
    return toScore
  }

  /// A poster's standing printed in an author's block (reputation, badges, flair) is not the author's name.
  static let standing = ExtractionPatterns.Words(substrings: ["flair", "badge", "reputation"], tokens: [])

  /// A copy of the byline `node` without the poster's standing, when it holds any.
  static func withoutStanding(_ node: PageNode) -> PageNode {
    guard node.contains(where: { standing.matches($0.classAndID) }) else { return node }
    let copy = node.copy()
    PageNode.remove(copy.descendants().filter { standing.matches($0.classAndID) })
    return copy
  }

  private func isByline(_ node: PageNode, match: String) -> Bool {
    guard byline == nil else { return false }
    let itemprop = node["itemprop"] ?? ""
    guard node["rel"] == "author" || itemprop.contains("author") || ExtractionPatterns.byline.matches(match) else {
      return false
    }
    let length = node.textLength
    return length > 0 && length < 100
  }

  private func isWithoutContent(_ node: PageNode) -> Bool {
    guard !node.hasVisibleText else { return false }
    let elements = node.elements
    return elements.isEmpty || elements.allSatisfy { $0.tag == "br" || $0.tag == "hr" }
  }

  private func hasOwnText(_ node: PageNode) -> Bool {
    node.children.contains { $0.isText && $0.hasVisibleText }
  }

  private func hasBlockChild(_ node: PageNode) -> Bool {
    node.contains { Self.blockChildren.contains($0.tag) }
  }

  static func isPhrasing(_ node: PageNode) -> Bool {
    if node.isText || phrasing.contains(node.tag) { return true }
    if ["a", "del", "ins"].contains(node.tag) { return node.children.allSatisfy(isPhrasing) }
    return false
  }

  /// Runs of inline content directly in a div become paragraphs, so that text written without `<p>` scores.
  private func wrapPhrasingRuns(_ div: PageNode) {
    guard div.children.contains(where: { !$0.isText && !Self.isPhrasing($0) }) else { return }
    var rebuilt: [PageNode] = []
    var run: PageNode?
    for child in div.children {
      if Self.isPhrasing(child) {
        if run == nil {
          if child.isText && !child.hasVisibleText || child.tag == "br" {
            rebuilt.append(child)
            continue
          }
          run = PageNode(tag: "p")
          rebuilt.append(run!)
        }
        run!.children.append(child)
        child.parent = run
      } else {
        run = nil
        rebuilt.append(child)
      }
    }
    for node in rebuilt { node.parent = div }
    div.children = rebuilt
  }

  // MARK: - Choosing the article

  /// When several near-best candidates share an ancestor, the article is probably that ancestor.
  private func commonAncestorOfAlternatives(_ top: PageNode, ranked: [PageNode]) -> PageNode {
    let alternatives = ranked.dropFirst().filter { $0.score / max(top.score, 0.0001) >= 0.75 }
      .map { Set($0.ancestors(maxDepth: 1000).map(ObjectIdentifier.init)) }
    guard alternatives.count >= 3 else { return top }
    var parent = top.parent
    while let current = parent, current.tag != "body", current.tag != "#document" {
      let sharing = alternatives.filter { $0.contains(ObjectIdentifier(current)) }.count
      if sharing >= 3 {
        if !current.scored { initialize(current) }
        return current
      }
      parent = current.parent
    }
    return top
  }

  /// Moves up while a parent scores higher than the candidate (content split across sibling blocks), and
  /// past parents that hold only the candidate.
  private func climbWhileScoresRise(_ start: PageNode, body: PageNode) -> PageNode {
    var top = start
    var lastScore = top.score
    let threshold = lastScore / 3
    var parent = top.parent
    while let current = parent, current.tag != "body", current.tag != "#document" {
      if !current.scored {
        parent = current.parent
        continue
      }
      if current.score < threshold { break }
      if current.score > lastScore {
        top = current
        break
      }
      lastScore = current.score
      parent = current.parent
    }
    while let current = top.parent, current.tag != "body", current.tag != "#document", current.elements.count == 1 {
      top = current
    }
    if !top.scored { initialize(top) }
    return top
  }

  /// The candidate plus the siblings that score well, share its class, or read like prose.
  private func mergeSiblings(of top: PageNode) -> PageNode {
    let article = PageNode(tag: "div")
    // What lies beside the page's `<main>` is by its definition not the main content.
    guard let parent = top.parent, top.tag != "main" else {
      article.append(top)
      return article
    }
    let threshold = max(10, top.score * 0.2)
    let topClass = top["class"] ?? ""
    var kept: [PageNode] = []
    for sibling in parent.elements {
      var keep = sibling === top
      if !keep {
        let bonus = !topClass.isEmpty && sibling["class"] == topClass ? top.score * 0.2 : 0
        if sibling.scored, sibling.score + bonus >= threshold {
          keep = true
        } else if sibling.tag == "p" {
          let density = sibling.linkDensity
          let text = sibling.innerText
          let length = text.unicodeScalars.count
          if length > 80, density < 0.25 {
            keep = true
          } else if length < 80, length > 0, density == 0, text.contains(". ") || text.hasSuffix(".") {
            keep = true
          }
        }
      }
      guard keep else { continue }
      if !["div", "article", "section", "p", "ol", "ul"].contains(sibling.tag) { sibling.tag = "div" }
      kept.append(sibling)
    }
    article.adopt(kept)
    return article
  }
}

/// How much of one text's words another covers, to recognise a heading that repeats the title. The first
/// text's words are a set built once, for comparing many texts with it.
struct TextSimilarity {
  let tokensA: Set<String>

  init(_ a: String) { tokensA = Set(Self.words(a)) }

  static func of(_ a: String, _ b: String) -> Double { TextSimilarity(a).similarity(to: b) }

  func similarity(to b: String) -> Double {
    let tokensB = Self.words(b)
    guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
    let unique = tokensB.filter { !tokensA.contains($0) }
    let distance = Double(unique.joined(separator: " ").count) / Double(tokensB.joined(separator: " ").count)
    return 1 - distance
  }

  static func words(_ text: String) -> [String] {
    text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
  }
}
