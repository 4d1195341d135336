import Foundation

/// The start of a page's text that its description holds, for a page with no content of its own to show:
/// a forum that builds its posts by script, a page saved before they loaded. A description cut off with an
/// ellipsis is an excerpt of a longer text, the start of what the reader came for; one that ends its
/// sentence is a tagline ("Free shipping!"), and such a page still has no article (docs/MANUAL.md, `f`).
enum CutSummary {
  /// The description as paragraphs, or nil where it is not a cut-off excerpt of article length.
  static func content(from excerpt: String?) -> PageNode? {
    guard let excerpt, excerpt.hasSuffix("…") || excerpt.hasSuffix("...") else { return nil }
    let paragraphs = excerpt.components(separatedBy: "\n").map(PageNode.collapsed).filter { !$0.isEmpty }
    guard paragraphs.reduce(0, { $0 + $1.unicodeScalars.count }) >= ArticleExtractor.minimumArticle else { return nil }
    return ProductFacts.content(paragraphs)
  }
}
