import Foundation

/// The description of the product a shop's page sells, from its JSON-LD (`Product`) or its microdata:
/// shops often draw the description by script, or keep it in a tab or a block the search does not choose,
/// while the declaration states it as the shop wrote it. A product page whose content does not show the description gets it
/// first; a page with nothing else to show shows it rather than "no article".
enum ProductFacts {
  /// The description's paragraphs, from the page's JSON-LD scripts (read before scripts are removed);
  /// empty when the page describes no product. Markup inside the description is read as HTML.
  static func description(in root: PageNode) -> [String] {
    for script in root.descendants(["script"]) where (script["type"] ?? "").lowercased().contains("ld+json") {
      guard let stated = JSONLD.productDescription(in: script.textContent) else { continue }
      let raw = decoded(stated)
      let text = raw.contains("<") ? ArticleExtractor.plainText(ofHTML: raw) : raw
      let paragraphs = text.components(separatedBy: "\n").map(PageNode.collapsed).filter { !$0.isEmpty }
      if !paragraphs.isEmpty { return paragraphs }
    }
    return microdataDescription(in: root)
  }

  /// A description some shops state percent-encoded, as in an address (`An%20elegant%20sofa`): one word
  /// with no space and encoded spaces is read decoded.
  static func decoded(_ raw: String) -> String {
    guard !raw.contains(" "), raw.contains("%20") else { return raw }
    return raw.removingPercentEncoding ?? raw
  }

  /// The description a page declares in microdata instead: the `description` property of the page's one
  /// outermost `Product` item (`ProductGrid.isProduct`). A shop that marks its product so often writes the
  /// description where the search does not look (a column of key features beside the gallery). Not where
  /// the page marks several products side by side: a category page's cards each carry their own.
  static func microdataDescription(in root: PageNode) -> [String] {
    var products: [PageNode] = []
    var stack: [PageNode] = root.elements.reversed()
    while let node = stack.popLast() {
      if ProductGrid.isProduct(node) {
        products.append(node)
        continue
      }
      stack.append(contentsOf: node.elements.reversed())
    }
    guard products.count == 1, let product = products.first else { return [] }
    // The product's own property, not that of an item inside it (a review's description, an offer's).
    stack = product.elements.reversed()
    while let node = stack.popLast() {
      if node["itemprop"] == "description" {
        let text = node.tag == "meta" ? (node["content"] ?? "") : ArticleOutput.text(node)
        return text.components(separatedBy: "\n").map(PageNode.collapsed).filter { !$0.isEmpty }
      }
      if node["itemscope"] == nil { stack.append(contentsOf: node.elements.reversed()) }
    }
    return []
  }

  /// Whether `content` already shows the description: its first words appear, in order, in its text.
  static func isShown(_ paragraphs: [String], in content: PageNode) -> Bool {
    let opening = TextSimilarity.words(paragraphs.joined(separator: " ")).prefix(20).joined(separator: " ")
    return (" " + TextSimilarity.words(ArticleOutput.text(content)).joined(separator: " ") + " ").contains(" " + opening + " ")
  }

  /// On a page that sells a product, what the search found without a shop's furniture, as a region loses
  /// it (`RegionCleaner`): the reviews, the cart, rails of recommended products, currency and variant
  /// pickers, text for screen readers that says a price again. The search's own cleaning keeps them: it
  /// was made for articles, whose blocks are not named so. Nil — the content stays as found — where that
  /// furniture is most of it (a pick that is the page's footer: what is left is not the product either) or
  /// where what is left no longer `keeps` (an article would become "no article").
  static func withoutFurniture(_ content: PageNode, keeps: (PageNode) -> Bool) -> PageNode? {
    let cleaned = content.copy()
    let furniture = RegionCleaner.furniture(in: cleaned)
    let removed = furniture.reduce(0) { $0 + $1.textLength }
    guard !furniture.isEmpty, removed * 2 <= cleaned.textLength else { return nil }
    PageNode.remove(furniture)
    return keeps(cleaned) ? cleaned : nil
  }

  /// Whether `content` is mostly the page's footer (the `footer` element, the `contentinfo` role, blocks
  /// named `footer` as `FooterPick` reads the name): a shop drawn by script leaves the search only its
  /// footer, and the description before it would still come with the shop's links and notices. Then the
  /// description is the content alone.
  static func isFooter(_ content: PageNode) -> Bool {
    var length = 0
    var stack: [PageNode] = [content]
    while let node = stack.popLast() {
      if node.tag == "footer" || node["role"] == "contentinfo" || FooterPick.names.matches(node.classAndID) {
        length += node.textLength
        continue
      }
      stack.append(contentsOf: node.elements)
    }
    return length * 2 > content.textLength
  }

  /// The description's paragraphs as content of their own.
  static func content(_ paragraphs: [String]) -> PageNode {
    let content = PageNode(tag: "div")
    add(paragraphs, to: content)
    return content
  }

  /// Puts the description's paragraphs at the start of `content`.
  static func add(_ paragraphs: [String], to content: PageNode) {
    for (index, paragraph) in paragraphs.enumerated() {
      let node = PageNode(tag: "p")
      node.append(.textNode(paragraph))
      content.insert(node, at: index)
    }
  }
}
