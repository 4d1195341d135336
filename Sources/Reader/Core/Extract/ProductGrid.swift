import Foundation

/// A shop's category page marks each of its items as a schema.org `Product` in microdata. Those cards are
/// short (a name, a line, a price), so the search passes them over for the page's longest prose — a
/// shipping banner, a loyalty scheme's terms — and a region's measures may find too little in them to
/// count as a listing. Where three or more such cards sit side by side, they are the page's content, and a
/// pick that holds none of them is not.
enum ProductGrid {
  /// The fewest sibling product cards that make a grid (two can be a product and its "viewed also").
  static let minimumCards = 3

  /// The block holding the page's grid of product cards: the parent of the most sibling cards, each card
  /// an outermost `Product` item or the wrapper that holds it alone (`<li><article itemscope …>`); nil
  /// without three or more. One walk of the page, one climb per item.
  static func find(in body: PageNode) -> PageNode? {
    var items: [PageNode] = []
    var stack: [PageNode] = body.elements.reversed()
    while let node = stack.popLast() {
      if isProduct(node) {
        items.append(node)
        continue
      }
      stack.append(contentsOf: node.elements.reversed())
    }
    guard items.count >= minimumCards else { return nil }
    var counts: [ObjectIdentifier: (grid: PageNode, cards: Int)] = [:]
    for item in items {
      var card = item
      while let parent = card.parent, parent !== body, parent.elements.count == 1 { card = parent }
      guard let parent = card.parent else { continue }
      counts[ObjectIdentifier(parent), default: (parent, 0)].cards += 1
    }
    return counts.values.filter { $0.cards >= minimumCards }.max { $0.cards < $1.cards }?.grid
  }

  /// Whether `node` is a microdata `Product` item.
  static func isProduct(_ node: PageNode) -> Bool {
    node["itemscope"] != nil && (node["itemtype"] ?? "").hasSuffix("/Product")
  }

  /// Whether `content` shows the grid: half of its cards' names or more (their first linked text) appear
  /// in it.
  static func isShown(_ grid: PageNode, in content: PageNode) -> Bool {
    let shown = " " + TextSimilarity.words(ArticleOutput.text(content)).joined(separator: " ") + " "
    let names = grid.descendants(["a"]).map { TextSimilarity.words($0.innerText).joined(separator: " ") }.filter { !$0.isEmpty }
    let unique = Array(Set(names))
    guard !unique.isEmpty else { return true }
    let found = unique.filter { shown.contains(" " + $0 + " ") }.count
    return found * 2 >= unique.count
  }

  /// A copy of the grid without the page's furniture (`RegionCleaner`).
  static func content(_ grid: PageNode) -> PageNode { RegionCleaner.cleanedContent(of: grid) }
}
