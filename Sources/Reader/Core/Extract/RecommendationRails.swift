import Foundation

/// A shop's page about one product heads its rails of other products with the same few words ("Customers
/// also bought", "Similar items", "More from this seller", "You may also like"), whatever its markup calls
/// them: a marketplace names its blocks with hashed classes, so the furniture's class words
/// (`RegionCleaner.boilerplate`) miss them, and the rails, cards of titles and prices, were kept beside
/// the product. On a page that sells a product, a heading that says so goes with what it heads: its
/// section, up to the next heading of its rank or above.
enum RecommendationRails {
  /// Removes from `content` each rail headed by `isRailHeading`. Not by its links: a rail's cards are often
  /// drawn as blocks a script makes clickable, with no link in the markup.
  static func remove(from content: PageNode) {
    var rails: [PageNode] = []
    var taken = Set<ObjectIdentifier>()
    for heading in content.descendants(headingTags) where isRailHeading(heading.innerText) {
      guard !isInside(heading, taken, below: content) else { continue }
      for block in rail(of: heading, in: content) where taken.insert(ObjectIdentifier(block)).inserted { rails.append(block) }
    }
    PageNode.remove(rails)
  }

  static let headingTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

  /// Words that head a rail of other products (lower-cased, punctuation as spaces).
  static let phrases = [
    "also viewed", "also bought", "also purchased", "also like", "also love", "also enjoy", "also shopped",
    "you may like", "you might like", "similar items", "similar products", "related items", "related products",
    "related to this item", "other items", "more from", "recently viewed", "frequently bought", "bought together",
    "complete the look", "shop the look", "pairs well", "goes well with", "sponsored products", "more to explore",
    "more to consider",
  ]

  /// Whether a heading's text says it heads a rail of other products: short, holding one of `phrases`.
  static func isRailHeading(_ text: String) -> Bool {
    guard text.count <= 80 else { return false }
    let words = " " + text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).joined(separator: " ") + " "
    return phrases.contains { words.contains(" " + $0 + " ") }
  }

  /// The heading's section: the block that holds the heading (with a label beside it, "See all") and what it
  /// heads, climbed while no other heading of its rank or above comes in and the text grows once at most
  /// (wrappers around the section hold nothing more: the next growth is the page around the rail). Where the
  /// heading stands beside its section (headings and sections side by side), the siblings after it up to
  /// the next one holding such a heading.
  static func rail(of heading: PageNode, in content: PageNode) -> [PageNode] {
    let rank = self.rank(heading)
    func headsSection(_ node: PageNode) -> Bool { node !== heading && self.rank(node) <= rank }
    func holdsSection(_ node: PageNode) -> Bool { headsSection(node) || node.contains(where: headsSection) }
    let label = heading.textLength + labelLength
    var top = heading
    var length = heading.textLength
    var grown = false
    while let parent = top.parent, parent !== content, !parent.contains(where: headsSection) {
      let parentLength = parent.textLength
      if parentLength > (grown ? length : label) {
        if grown { break }
        grown = true
      }
      top = parent
      length = parentLength
    }
    guard !grown, let parent = top.parent else { return [top] }
    var rail = [top]
    let siblings = parent.elements
    guard let index = siblings.firstIndex(where: { $0 === top }) else { return rail }
    for sibling in siblings[(index + 1)...] {
      if holdsSection(sibling) { break }
      rail.append(sibling)
    }
    return rail
  }

  /// What a rail's heading may have beside it in its own block ("See all", "Sponsored", a page count).
  static let labelLength = 60

  /// A heading's rank (1 for `h1`), 7 for any other element.
  static func rank(_ node: PageNode) -> Int {
    guard headingTags.contains(node.tag), let digit = node.tag.last?.wholeNumberValue else { return 7 }
    return digit
  }

  private static func isInside(_ node: PageNode, _ taken: Set<ObjectIdentifier>, below root: PageNode) -> Bool {
    var current: PageNode? = node
    while let block = current, block !== root {
      if taken.contains(ObjectIdentifier(block)) { return true }
      current = block.parent
    }
    return false
  }
}
