import Foundation

/// A shop's page about one product shows its customers' reviews and its recommendations of other products
/// beside the product. They are not the product, yet reviews are often its longest prose: the search keeps
/// them as the page's article, and the region's cleaning (`RegionCleaner`) keeps a named block of 2,000
/// characters or more, so a long review list stayed wherever the content was found (docs/DECISIONS.md,
/// "tenth pass: products and lists"). On a page that declares a product and no article, the blocks named
/// so go before any search. Not where the page also declares an article: a review of a product is an
/// article, and its blocks are named `review`.
enum ShopReviews {
  /// Class and id words of reviews, a marketplace seller's feedback from buyers, and recommendations (whole
  /// words: `review-card`, `product-reviews`, `seller-feedback`, not `preview`).
  static let names = ExtractionPatterns.Words(
    substrings: [],
    tokens: ["review", "reviews", "feedback", "recommendation", "recommendations", "recommended", "upsell", "upsells"])

  /// Removes the outermost blocks of `body` named as reviews or recommendations, unless together they hold
  /// the page (`RegionCleaner.holdsThePage`: a page of reviews is its reviews).
  static func remove(from body: PageNode) {
    let reviews = blocks(in: body)
    guard !reviews.isEmpty else { return }
    // Disjoint blocks: measuring each and the body walks the page twice at most.
    let length = reviews.reduce(0) { $0 + $1.textLength }
    guard !RegionCleaner.holdsThePage(length, of: body.textLength) else { return }
    PageNode.remove(reviews)
  }

  /// A form that posts to the shop's cart (`/cart/add`, `/checkout/cart/update`): its variant table and
  /// pickers are what the buyer chooses, not the product, however long the table of variants runs.
  static func isCartForm(_ node: PageNode) -> Bool {
    guard node.tag == "form", let action = node["action"]?.lowercased() else { return false }
    return action.split(whereSeparator: { !$0.isLetter }).contains("cart")
  }

  /// The outermost elements whose class or id says `names`, or cart forms, in one walk.
  static func blocks(in root: PageNode) -> [PageNode] {
    var out: [PageNode] = []
    var stack: [PageNode] = root.elements.reversed()
    while let node = stack.popLast() {
      let match = node.classAndID
      if (match.count > 1 && names.matches(match)) || isCartForm(node) {
        out.append(node)
        continue
      }
      stack.append(contentsOf: node.elements.reversed())
    }
    return out
  }
}
