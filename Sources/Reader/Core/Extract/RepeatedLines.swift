import Foundation

/// A thread's replies quote the posts they answer in whatever markup the software uses: a `<blockquote>`,
/// a `div` of the quote's class, a table; the quoted lines sit among the reply's own, split by `<br>`
/// rather than blocks, so no block says again what a block said (`RepeatedBlocks`). Here a line is a run of
/// inline content between blocks or line breaks; a line long enough to be a sentence of a post, said again
/// word for word further down the thread, is a quote and goes.
enum RepeatedLines {
  /// Shorter lines repeat by design (a greeting, "Thanks!", a poster's title).
  static let minimumLength = 40

  static func remove(fromThread content: PageNode) {
    var seen = Set<String>()
    var doomed: [PageNode] = []
    walk(content, seen: &seen, doomed: &doomed)
    PageNode.remove(doomed)
  }

  /// `node`'s lines and blocks in reading order.
  private static func walk(_ node: PageNode, seen: inout Set<String>, doomed: inout [PageNode]) {
    var run: [PageNode] = []
    func close() {
      defer { run.removeAll() }
      guard !run.isEmpty else { return }
      let text = PageNode.collapsed(run.map(\.textContent).joined())
      if text.count >= minimumLength, !seen.insert(text).inserted { doomed.append(contentsOf: run) }
    }
    for child in node.children {
      if child.tag == "br" {
        close()
      } else if child.isText || (ArticleGrabber.isPhrasing(child) && !child.contains(where: { !ArticleGrabber.isPhrasing($0) })) {
        run.append(child)
      } else {
        close()
        walk(child, seen: &seen, doomed: &doomed)
      }
    }
    close()
  }
}
