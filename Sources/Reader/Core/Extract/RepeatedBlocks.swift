import Foundation

/// A page's main region repeats blocks the reader sees once: a carousel's slides cloned for its loop, one
/// feature panel per colour of a product, the same card in a "featured" row and in the grid. In a region
/// (`MainRegion`), a block whose text says again, word for word, what an earlier block said is left out; so
/// in a forum thread, where a reply quotes the post it answers.
enum RepeatedBlocks {
  /// Blocks compared whole (their text read once, never again inside them).
  static let blocks: Set<String> = ["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "dd", "dt", "blockquote", "pre", "td", "figcaption"]
  /// Shorter texts repeat by design (a "Buy" label, a price, "In stock" on every card).
  static let minimumLength = 20

  /// Removes the repeated blocks of `content`, in one walk and one batch removal. In a thread, a post the
  /// page marks as one (`ForumThread.isPost`; forum software writes its posts as a list's items) is
  /// compared by its blocks: a reply shows the post it answers above its own text, and the whole item
  /// never repeats.
  static func remove(from content: PageNode, thread: Bool = false) {
    PageNode.remove(walk(content, thread: thread, shortest: minimumLength).filter(\.isRepeat).map(\.node))
  }

  /// An article says a paragraph twice by design (a pull quote, a warning before each example, a list's
  /// steps), yet some pages print a whole section twice, one copy for each screen size, the other hidden by
  /// the page's style. There a run of two or more paragraph-long prose blocks said again goes; a block said
  /// again right after itself in the same parent is the writer's (placeholder text), and lists, code, and
  /// tables, which repeat by design, are not compared.
  static func removeCopiedSections(from content: PageNode) {
    let prose = walk(content, thread: false, shortest: paragraph).filter { !["li", "pre", "td", "dd", "dt"].contains($0.node.tag) }
    var copied: [Bool] = []
    for (index, block) in prose.enumerated() {
      let previous = index > 0 ? prose[index - 1] : nil
      let restated = previous.map { $0.text == block.text && $0.node.parent === block.node.parent } ?? false
      copied.append(block.isRepeat && !restated)
    }
    PageNode.remove(prose.indices.filter { index in
      copied[index] && ((index > 0 && copied[index - 1]) || (index + 1 < copied.count && copied[index + 1]))
    }.map { prose[$0].node })
  }

  /// A paragraph's length: shorter prose repeats by design in an article (a caption, a call to act).
  static let paragraph = 120

  /// The blocks of `content` in reading order with their text, each marked when an earlier block said it.
  private static func walk(_ content: PageNode, thread: Bool, shortest: Int) -> [(node: PageNode, text: String, isRepeat: Bool)] {
    var seen = Set<String>()
    var out: [(node: PageNode, text: String, isRepeat: Bool)] = []
    var stack: [PageNode] = content.elements.reversed()
    while let node = stack.popLast() {
      guard blocks.contains(node.tag) || isLeafDiv(node), !isQuoteOfBlocks(node), !(thread && ForumThread.isPost(node)) else {
        stack.append(contentsOf: node.elements.reversed())
        continue
      }
      let text = PageNode.collapsed(node.textContent)
      guard text.count >= shortest else { continue }
      out.append((node, text, !seen.insert(text).inserted))
    }
    return out
  }

  /// A `<div>` of text and inline elements only is a block too: a region is not rewritten as the search
  /// rewrites such divs into paragraphs, and shops' cards and forums' posts print their lines in them (a
  /// card's title over its picture and again under it; docs/DECISIONS.md, "ninth pass").
  static func isLeafDiv(_ node: PageNode) -> Bool {
    node.tag == "div" && node.children.allSatisfy(ArticleGrabber.isPhrasing)
  }

  /// A quote that holds blocks of its own (the quoted post's paragraphs under its "… wrote:" line) is
  /// compared by those blocks: the line makes the whole differ from the post it quotes.
  static func isQuoteOfBlocks(_ node: PageNode) -> Bool {
    node.tag == "blockquote" && node.elements.contains { blocks.contains($0.tag) || $0.tag == "div" }
  }
}
