import Foundation

/// Shops and section pages set their items as a grid of cards — a linked title, a picture, a price, a stock
/// line. The article search drops the linked titles as link-dense and can keep what is left of the grid (the
/// prices, "in stock", "compare" rows, a card's teaser) as the page's longest block: the page's content is
/// then the grid, whole, not its leftovers nor its introduction alone.
extension MainRegion {
  /// The grid holding the search's pick, in `page` (a region copy cleaned by `RegionCleaner`, measured by
  /// `measures`): climbing from the pick's longest text (`anchor`), the parent of the first block that is a
  /// card (`cardText`), if its cards hold 1,000 characters or more, twice the pick's text and twice what of
  /// the page's entries the pick kept. Linear: one climb, each level's siblings counted once.
  static func grid(holding anchor: PageNode, measures: LinkMeasures, length: Int, kept: Int) -> PageNode? {
    var node = anchor.parent
    while let block = node, let parent = block.parent {
      if let cards = cardText(block, in: parent, measures: measures) {
        guard cards >= 1000, cards >= 2 * length, kept * 2 < cards else { return nil }
        return parent
      }
      node = parent
    }
    return nil
  }

  /// The text of the cards `block` is one of: three or more sibling elements of its tag and class (a
  /// template repeated), each holding a link; nil when `block` is no card.
  static func cardText(_ block: PageNode, in parent: PageNode, measures: LinkMeasures) -> Int? {
    guard let style = block["class"], !style.isEmpty, measures[block].linked > 0 else { return nil }
    var count = 0
    var text = 0
    for child in parent.children where child.tag == block.tag && child["class"] == style {
      let measure = measures[child]
      guard measure.linked > 0 else { continue }
      count += 1
      text += measure.text
    }
    return count >= 3 ? text : nil
  }

  /// The text node of `pick` holding its longest text, and the first text node of `page` that says the same.
  static func anchor(of pick: PageNode, in page: PageNode) -> PageNode? {
    func texts(_ node: PageNode) -> [PageNode] { ([node] + node.descendants()).flatMap { $0.children.filter(\.isText) } }
    let longest = texts(pick).max { $0.text.utf8.count < $1.text.utf8.count }
    guard let anchorText = longest.map({ PageNode.collapsed($0.text) }), !anchorText.isEmpty else { return nil }
    return texts(page).first { PageNode.collapsed($0.text) == anchorText }
  }
}
