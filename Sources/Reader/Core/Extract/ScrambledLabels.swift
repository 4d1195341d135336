import Foundation

/// A marketplace scrambles its "Sponsored" labels against ad blockers: each letter in a span of its own,
/// between spans of random identifiers (UUIDs) that its style sheet hides. Without the style sheet the
/// identifiers read as lines of hexadecimal noise, and they make a rail's heading look like a block of
/// text (`RecommendationRails`). A span whose whole text is one UUID is no word a customer reads.
enum ScrambledLabels {
  static func remove(from content: PageNode) {
    PageNode.remove(content.descendants(["span"]).filter { isIdentifier($0.innerText) })
  }

  /// A UUID as written: 8-4-4-4-12 hexadecimal digits.
  static func isIdentifier(_ text: String) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
    return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
