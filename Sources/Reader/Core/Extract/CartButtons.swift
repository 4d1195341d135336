import Foundation

/// A marketplace may declare no product at all (no `Product` in its JSON-LD, no `og:type`), yet its page
/// about one item still carries the control that puts the item in the basket, named so in its markup
/// (`add-to-cart`, `addToCart`). Such a page sells a product as surely as one that declares it, and its
/// rails of other products (`RecommendationRails`) are as little its content.
enum CartButtons {
  /// Whether a control or form in `root` is named (id, class or name) as the one that adds an item to the
  /// basket. Read before preparation, which takes forms and buttons out.
  static func offersToBuy(in root: PageNode) -> Bool {
    root.descendants(controlTags).contains { node in
      ["id", "class", "name"].contains { attribute in node[attribute].map(namesCartButton) ?? false }
    }
  }

  static let controlTags: Set<String> = ["button", "input", "form", "a"]

  /// Whether an attribute's value names the add-to-basket control, whatever joins its words.
  static func namesCartButton(_ value: String) -> Bool {
    let squeezed = value.lowercased().filter { $0.isLetter }
    return squeezed.contains("addtocart") || squeezed.contains("addtobasket") || squeezed.contains("addtobag")
  }
}
