import Foundation

/// Is this page an article? A quick look before any extraction, the test reader modes use to offer
/// themselves: enough long visible blocks of prose (paragraphs, `pre`, `article`, divs of `<br>`-separated
/// text) that are not in a comment or sidebar, each adding the square root of its length beyond 140
/// characters, until the sum passes 20.
enum Readerable {
  static let minimumLength = 140
  static let minimumScore = 20.0

  static func check(_ root: PageNode) -> Bool {
    var nodes: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for node in root.descendants() {
      if ["p", "pre", "article"].contains(node.tag) {
        if seen.insert(ObjectIdentifier(node)).inserted { nodes.append(node) }
      } else if node.tag == "br", let parent = node.parent, parent.tag == "div" {
        if seen.insert(ObjectIdentifier(parent)).inserted { nodes.append(parent) }
      }
    }
    var score = 0.0
    for node in nodes {
      if node.isHidden { continue }
      let match = node.classAndID
      if ExtractionPatterns.unlikely.matches(match), !ExtractionPatterns.maybeCandidate.matches(match) { continue }
      if node.tag == "p", node.ancestor("li") != nil { continue }
      let length = node.textContent.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.count
      if length < minimumLength { continue }
      score += (Double(length - minimumLength)).squareRoot()
      if score > minimumScore { return true }
    }
    return false
  }
}
