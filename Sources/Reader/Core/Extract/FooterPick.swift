import Foundation

/// A shop's category page or a listing drawn by script leaves the search little prose but its footer (the
/// shop's "about us" blurb, its customer care text, a rewards scheme's terms), and the search keeps it as
/// the article: the page's entries, its grid or its introduction, never get weighed. A pick whose longest
/// text lies in the page's footer is not the page's content; the main region is sought as where the
/// search found nothing.
enum FooterPick {
  /// Class and id words of a footer: whole words only (`site-footer`, `Footer-styled`), not the themes'
  /// `seofootercopy`, an introduction's text set at the page's foot, which is content.
  static let names = ExtractionPatterns.Words(substrings: [], tokens: ["footer"])

  /// Whether the text of `pick` that is longest lies, in `body`, inside a `footer` element, the
  /// `contentinfo` role or a block named `footer` (the body itself aside: themes name it after their
  /// footer's layout). One climb from the text.
  static func holds(_ pick: PageNode, in body: PageNode) -> Bool {
    guard let anchor = MainRegion.anchor(of: pick, in: body) else { return false }
    var node = anchor.parent
    while let block = node, block !== body {
      if block.tag == "footer" || block["role"] == "contentinfo" || names.matches(block.classAndID) { return true }
      node = block.parent
    }
    return false
  }
}
