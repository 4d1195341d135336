import Foundation

/// A paragraph made of links drawn as buttons and nothing else ("Get it on …", "Try it", "Read the guide"):
/// a row of calls to act under the text, which a reader's view shows as links without their style. Two or
/// more: a single button can be the one download a page exists for.
enum ButtonRows {
  /// Class words of a link drawn as a button (whole words: `button`, `btn-primary`, not `buttonless`).
  static let buttonWords = ExtractionPatterns.Words(substrings: [], tokens: ["button", "btn"])

  /// A button's label is a few words; a longer link is a title or a sentence.
  static let labelLimit = 60

  static func remove(from content: PageNode) {
    PageNode.remove(content.descendants(["p"]).filter(isRow))
  }

  /// Every button link in `content`, alone or in a row: in a region (a listing's cards, a service's
  /// sections) each card's or section's "Shop now", "Get started" is a call to act under its own text.
  /// Only once the region is chosen: a grid whose cards are themselves links drawn as buttons is measured
  /// with them.
  static func removeButtons(from content: PageNode) {
    PageNode.remove(content.descendants(["a"]).filter(isButton))
  }

  /// Whether `paragraph` holds two or more button links and only them, white space and line breaks.
  static func isRow(_ paragraph: PageNode) -> Bool {
    var buttons = 0
    for child in paragraph.children {
      if child.isText {
        guard !child.hasVisibleText else { return false }
      } else if child.tag != "br" {
        guard isButton(child) else { return false }
        buttons += 1
      }
    }
    return buttons >= 2
  }

  static func isButton(_ node: PageNode) -> Bool {
    guard node.tag == "a", node.textLength <= labelLimit else { return false }
    return node["role"]?.lowercased() == "button" || buttonWords.matches(node.classAndID)
  }
}
