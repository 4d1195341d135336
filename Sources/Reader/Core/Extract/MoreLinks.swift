import Foundation

/// Links that only say "read more": on a card, a teaser or a service's box they lead the visitor on, but in
/// the reader the text they lead to is either shown already or elsewhere, so the label is noise between the
/// paragraphs. Only a link whose whole text is such a label goes; a sentence that links "read more about
/// the study" stays, and so does "Learn more", which on a product's page leads to what the product does
/// (Readability keeps it there).
enum MoreLinks {
  static func remove(from content: PageNode) {
    PageNode.remove(content.descendants(["a"]).filter { isMoreLabel($0.innerText) })
  }

  /// "Read more", "Find out more »", "See more…", "Continue reading →", in any case.
  static func isMoreLabel(_ text: String) -> Bool {
    let label = text.lowercased().trimmingCharacters(in: trailing)
    return labels.contains(label)
  }

  private static let trailing = CharacterSet(charactersIn: ".…»›→>:").union(.whitespaces)
  private static let labels: Set<String> = [
    "read more", "find out more", "see more", "view more", "show more", "load more",
    "continue reading", "read the full story", "read full story", "read the full article", "read full article",
  ]
}
