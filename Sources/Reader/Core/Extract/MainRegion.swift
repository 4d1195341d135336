import Foundation

/// The page's main region, for the pages that are not one block of prose — service pages of several
/// sections, listings, collections, product pages — where the article search keeps one section or one card,
/// or finds nothing: such a page shows its main content, and says it has none only when it has none (a
/// login wall, an empty page). The region is what the page marks as its main content (`<main>`, `role="main"`), else the
/// body, with the page's furniture taken out by `RegionCleaner`.
enum MainRegion {
  /// A copy of the page's main region, cleaned; nil when the page marks none and `markedOnly` is set.
  static func find(in body: PageNode, markedOnly: Bool) -> PageNode? {
    let marked = body.descendants(["main", "div", "section", "article"]).filter {
      ($0.tag == "main" || ($0["role"] ?? "").lowercased() == "main") && !isInDialog($0)
    }
    // The largest marked region (a page may mark a small one inside a dialog); nested marks count once.
    let region = marked.max { $0.textLength < $1.textLength }
    guard let source = region ?? (markedOnly ? nil : body) else { return nil }
    return RegionCleaner.cleanedContent(of: source)
  }

  /// Whether `node` sits in a dialog or a hidden block: a drawer or a pop-up some shop apps add (an account
  /// panel, a rewards slide-out) marks its own `<main>`, which is not the page's; the page's main region is
  /// then sought as on a page that marks none. One climb per marked region (a page marks few).
  static func isInDialog(_ node: PageNode) -> Bool {
    var ancestor = node.parent
    while let block = ancestor {
      let role = (block["role"] ?? "").lowercased()
      if block.tag == "dialog" || role == "dialog" || role == "alertdialog" || block.isHidden { return true }
      ancestor = block.parent
    }
    return false
  }

  /// Whether a marked region of `length` characters outgrows a pick of `pick`: by half again on most pages
  /// (a service page's prose section is often most of it, its other sections short lists), by twice on a page
  /// that declares an article, whose region holds the article with its comments and rails.
  static func outgrows(_ pick: Int, _ length: Int, declaresArticle: Bool) -> Bool {
    declaresArticle ? pick * 2 < length : pick * 3 < length * 2
  }

  /// Whether the region is a page of sections of which the search left some out (a service page): three or
  /// more section headings (not links: linked headings head teasers of other pages) beyond those in `pick` —
  /// a long pick may hold most of a page's headings and still leave whole sections — and no `<article>`: a
  /// region holding an article holds it with its comments or teasers, which the search was right to leave.
  static func isSectioned(_ region: PageNode, beyond pick: PageNode) -> Bool {
    func sectionHeadings(_ node: PageNode) -> Int {
      node.descendants(["h2", "h3"]).filter { $0.linkDensity <= 0.5 }.count
    }
    guard !region.contains(where: { $0.tag == "article" }) else { return false }
    return sectionHeadings(region) - sectionHeadings(pick) >= 3
  }
}

extension MainRegion {
  /// A pick shorter than this can be a listing's introduction (`isListing`); an article is longer.
  static let listingIntroduction = 1500

  /// Whether the region is a listing of which the search kept the introduction alone (a category page, an
  /// index of programmes, a list of results): the search's cleaning drops lists of links, yet there the
  /// entries are the content. The pick is short, and the region's linked entries (`listedText`) hold at
  /// least 1,000 characters, twice the pick's text and twice what of them the pick kept. `templateCards`
  /// counts cards by their template too (`LinkMeasures`).
  static func isListing(_ region: PageNode, beyond pick: PageNode, length: Int, templateCards: Bool) -> Bool {
    guard length < listingIntroduction else { return false }
    return outweighs(
      listed: listedText(region, templateCards: templateCards), length: length, kept: listedText(pick, templateCards: templateCards))
  }

  /// Entries of `listed` characters outweigh a pick of `length` characters that kept `kept` of them.
  private static func outweighs(listed: Int, length: Int, kept: Int) -> Bool {
    listed >= 1000 && listed >= 2 * length && kept * 2 < listed
  }

  /// The text of a listing's entries under `node`: list items that are mostly a link, and cards — where
  /// three or more sibling elements of one tag (a grid of `<a>` or `<div>` tiles, as shops and section
  /// pages set their items) each hold at least a third of their text in links (a title linked, a price or
  /// teaser beside it), or, with `templateCards`, cards of one template whatever their links hold
  /// (`LinkMeasures`). An entry is measured whole and not entered (`LinkMeasures.listed`).
  static func listedText(_ node: PageNode, templateCards: Bool = false) -> Int {
    LinkMeasures(node, templateCards: templateCards)[node].listed
  }

  /// On a page that marks no main region, the block around the search's pick that the page's content is
  /// (what a marked region is tested for in `ArticleExtractor`): the body is copied and cleaned as a region
  /// is (`RegionCleaner`), the pick's longest text found in it, and the blocks above that text climbed.
  /// A block of sections (`isSectioned`, few links) of which the pick holds under half wins, else the
  /// nearest block whose entries pass `isListing`, else the grid of cards holding the pick (`grid`).
  /// Linear: one copy, one clean, one measuring walk, one climb, sections tested only where the block's
  /// text has doubled since the last test.
  static func around(_ pick: PageNode, in body: PageNode, length: Int, templateCards: Bool) -> PageNode? {
    let page = body.copy()
    RegionCleaner.clean(page)
    guard let anchor = anchor(of: pick, in: page) else { return nil }
    let measures = LinkMeasures(page, templateCards: templateCards)
    let kept = listedText(pick, templateCards: templateCards)
    var tested = length
    var listing: PageNode?
    var listingTested = false
    var node = anchor.parent
    while let block = node {
      let (text, linked, listed) = measures[block]
      if text >= 2 * tested {
        tested = text
        if linked * 100 < text * 35, isSectioned(block, beyond: pick) {
          block.remove()
          return block
        }
      }
      // Beside its entries the block holds little but the introduction: a short article under a page's
      // rails of other stories is not an introduction (their nearest common block holds much else).
      if !listingTested, length < listingIntroduction, outweighs(listed: listed, length: length, kept: kept) {
        listingTested = true
        if text - listed <= 2 * length { listing = block }
      }
      node = block.parent
    }
    if listing == nil { listing = grid(holding: anchor, measures: measures, length: length, kept: kept) }
    listing?.remove()
    return listing
  }

  /// On a page that marks its main region, the grid holding the search's pick in the region (`grid`).
  static func grid(around pick: PageNode, in region: PageNode, length: Int, templateCards: Bool) -> PageNode? {
    guard let anchor = anchor(of: pick, in: region) else { return nil }
    return grid(
      holding: anchor, measures: LinkMeasures(region, templateCards: templateCards), length: length,
      kept: listedText(pick, templateCards: templateCards))
  }
}

/// Each element's text length (whitespace runs inside a text counted as one character, as `textLength`
/// counts them), the part of it inside links (in-page `#` links aside: tables of contents), and the text of
/// the listing entries under it (`MainRegion.listedText`), measured in one post-order walk, so a deep page
/// is not measured again at every level.
///
/// With `templateCards`, an entry is also one of three or more siblings of one tag and one class attribute
/// (a template repeated) that holds a link, whatever share of its text the link is: a shop's product card
/// links its picture or its title and sets a price, ratings and features beside it, under a third in
/// links, and a list item not mostly a link was no entry (docs/DECISIONS.md, "ninth pass"). Not on a page
/// with a thread: its posts and comments are such siblings, each with its author's link.
struct LinkMeasures {
  private var measures: [ObjectIdentifier: (text: Int, linked: Int, listed: Int)] = [:]

  init(_ root: PageNode, templateCards: Bool = false) {
    var stack: [(PageNode, Bool)] = [(root, false)]
    while let (node, done) = stack.popLast() {
      if node.isText { continue }
      guard done else {
        stack.append((node, true))
        for child in node.children where !child.isText { stack.append((child, false)) }
        continue
      }
      var text = 0
      var linked = 0
      var listed = 0
      var siblings: [String: Int] = [:]
      var templates: [String: Int] = [:]
      for child in node.children where !child.isText {
        siblings[child.tag, default: 0] += 1
        if templateCards, let style = child["class"], !style.isEmpty { templates[child.tag + " " + style, default: 0] += 1 }
      }
      for child in node.children {
        if child.isText {
          text += Self.length(child.text)
        } else if let measure = measures[ObjectIdentifier(child)] {
          text += measure.text
          linked += measure.linked
          if child.tag == "li", measure.linked * 2 > measure.text {
            listed += measure.text
          } else if child.tag != "li", siblings[child.tag, default: 0] >= 3, measure.text > 0, measure.linked * 3 >= measure.text {
            listed += measure.text
          } else if measure.linked > 0, let style = child["class"], templates[child.tag + " " + style, default: 0] >= 3 {
            listed += measure.text
          } else if child.tag != "li" {
            listed += measure.listed
          }
        }
      }
      let href = node["href"] ?? ""
      if node.tag == "a", !(href.hasPrefix("#") && href.count > 1) { linked = text }
      measures[ObjectIdentifier(node)] = (text, linked, listed)
    }
  }

  subscript(node: PageNode) -> (text: Int, linked: Int, listed: Int) { measures[ObjectIdentifier(node)] ?? (0, 0, 0) }

  /// A text's length with its runs of whitespace as one character and its ends trimmed.
  static func length(_ text: String) -> Int {
    var length = CollapsedLength()
    length.add(text)
    return length.count
  }
}

/// Takes a region's furniture out: navigation, asides, footers, forms and their controls, rows of button
/// links (a card's "Quick view" and "View options", `ButtonRows`), hidden elements, and the blocks whose
/// class or id names them as boilerplate (share bars, breadcrumbs, newsletter, cookie and consent boxes,
/// "related" rails, a shop's filters, badges ("Best seller"), customer reviews and cart, and its
/// recommendations of other products). Unlike `ArticleCleaner` it keeps lists of links and comment-like
/// blocks: in a listing the links are the content, in a forum the comments are.
enum RegionCleaner {
  static let droppedTags: Set<String> = [
    "nav", "aside", "footer", "form", "button", "input", "select", "textarea", "iframe", "object", "embed", "dialog",
    "menu", "script",
  ]
  static let droppedRoles: Set<String> = [
    "navigation", "complementary", "contentinfo", "banner", "menu", "menubar", "dialog", "alertdialog", "search", "tablist",
  ]
  /// Class and id words of page furniture (matched as substrings of the lower-cased class and id).
  static let boilerplate = ExtractionPatterns.Words(substrings: [
    "breadcrumb", "share", "social", "cookie", "newsletter", "subscribe", "sidebar", "related", "sponsor", "popup",
    "modal", "pagination", "pager", "skip-link", "skiplink", "visually-hidden", "sr-only", "screen-reader",
    "advert", "-ad-", "promo", "signup", "sign-up", "toolbar", "dropdown", "navbar", "menu", "footer", "consent",
    "facet", "filter", "refinement", "badge",
  ], tokens: ["review", "reviews", "cart", "recommendations", "recommended"])

  /// The furniture goes in one batch (one pass per parent, docs/ROBUSTNESS.md): removed one by one,
  /// thousands of sibling controls made the clean quadratic.
  static func clean(_ root: PageNode) { PageNode.remove(furniture(in: root)) }

  /// A cleaned copy of `block`'s content, in a `<div>` of its own (a region, a grid of cards).
  static func cleanedContent(of block: PageNode) -> PageNode {
    let copy = PageNode(tag: "div")
    for child in block.copy().children { copy.append(child) }
    clean(copy)
    return copy
  }

  /// The furniture `clean` takes out of `root`: outermost blocks only, so disjoint.
  static func furniture(in root: PageNode) -> [PageNode] {
    let total = root.textLength
    var formsWeighed = 0
    var furniture: [PageNode] = []
    var stack: [PageNode] = root.children.reversed()
    while let node = stack.popLast() {
      if node.isText { continue }
      // Furniture is beside the content, never most of the page (`holdsThePage`): a page-wide `<form>`
      // (ASP.NET pages wrap their whole body in one) or a template's wrapper whose class happens to say
      // `related` or `pagination` holds the content, and is entered. Forms are measured a few at most.
      switch kind(of: node) {
      case nil:
        break
      case .fixed?:
        furniture.append(node)
        continue
      case .named(let length)?:
        if !holdsThePage(length, of: total) {
          furniture.append(node)
          continue
        }
      case .form?:
        formsWeighed += 1
        if formsWeighed > maximumFormsWeighed || !holdsThePage(node.textLength, of: total) {
          furniture.append(node)
          continue
        }
      }
      stack.append(contentsOf: node.children.reversed())
    }
    return furniture
  }

  /// Two thirds of the page's text or more: the content, not furniture beside it.
  static func holdsThePage(_ length: Int, of total: Int) -> Bool { length * 3 >= total * 2 && length > 0 }

  /// How many forms one clean measures against the page's text (`clean`).
  static let maximumFormsWeighed = 4

  enum Furniture {
    /// Navigation, asides, controls, hidden blocks: furniture however long.
    case fixed
    /// A block under 2,000 characters whose class or id names it as furniture, and its text length.
    case named(length: Int)
    /// A form: furniture unless it holds most of the page.
    case form
  }

  static func kind(of node: PageNode) -> Furniture? {
    if node.tag == "form" { return node.isHidden ? .fixed : .form }
    if droppedTags.contains(node.tag) || node.isHidden { return .fixed }
    if let role = node["role"], droppedRoles.contains(role.lowercased()) { return .fixed }
    if ButtonRows.isRow(node) { return .fixed }
    let match = node.classAndID
    guard match.count > 1, boilerplate.matches(match) else { return nil }
    let length = node.textLength
    return length < 2000 ? .named(length: length) : nil
  }
}
