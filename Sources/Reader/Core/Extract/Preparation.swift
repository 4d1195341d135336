import Foundation

/// Whole-page fixes before any search: `<noscript>` images replace their placeholders, `<font>` is a `<span>`, skip links go, hidden tab panels are shown (`TabPanels`), a code block's lines are set apart (`CodeLines`), and text split by runs of `<br>` becomes
/// paragraphs (old pages write paragraphs that way).
enum Preparation {
  static func prepare(_ root: PageNode, deadline: ContinuousClock.Instant = .now + ArticleExtractor.timeLimit)
    throws(ExtractionError)
  {
    // Without script, a <noscript> image is the real one; the rest of <noscript> is for script-less
    // browsers (cookie and "enable JavaScript" notices), not the article.
    LazyImages.unwrapNoscriptImages(root)
    // A page hidden whole until a script shows it is the page (`showHiddenPage`), its panels with it.
    showHiddenPage(root)
    // Every tab and accordion panel shown, under its tab's name: a reader view has no tabs to choose.
    TabPanels.reveal(root)
    // Except where the page's content itself waits in <noscript> (a script-built page that renders its
    // text for script-less readers there: forum software does): a <noscript> holding most of the page's
    // text is the page. The rest go in one batch (one pass per parent, docs/ROBUSTNESS.md).
    let total = root.textLength
    var dropped: [PageNode] = []
    for noscript in root.descendants(["noscript"]) {
      let length = noscript.textLength
      if length >= 500, length * 2 >= total {
        noscript.tag = "div"
      } else {
        dropped.append(noscript)
      }
    }
    PageNode.remove(dropped)
    // A code block's lines drawn apart by their style are set apart by newlines (`CodeLines`).
    CodeLines.separate(in: root)
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    var skipLinks: [PageNode] = []
    for node in root.descendants() {
      if node.tag == "font" { node.tag = "span" }
      if node.tag == "a", isSkipLink(node) { skipLinks.append(node) }
      if node.tag == "br", let parent = node.parent, seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    PageNode.remove(skipLinks)
    // One pass over each parent's children, never a search per `<br>` (docs/ROBUSTNESS.md: 1.5 MB of `a<br>`
    // took 30 s), with the clock read as it goes.
    for (index, parent) in parents.enumerated() {
      if index & 63 == 0, ContinuousClock.now > deadline { throw .tooSlow }
      paragraphs(in: parent)
    }
  }

  /// A skip link ("Skip to main content", "Jump to navigation") lets a keyboard user of the page pass its
  /// furniture; a reader view has none to pass. It points within the page and says where in a few words: a
  /// longer "Jump to …" is the writer's own pointer into the article.
  static func isSkipLink(_ link: PageNode) -> Bool {
    guard (link["href"] ?? "#").hasPrefix("#") else { return false }
    let words = link.innerText.lowercased().split(whereSeparator: { !$0.isLetter })
    return words.count >= 3 && words.count <= 5 && (words[0] == "skip" || words[0] == "jump") && words[1] == "to"
  }

  /// How many hidden blocks, one inside the other, `showHiddenPage` shows at most (each is measured).
  static let maximumHiddenWrappers = 4

  /// Shows the block that hides the page's content until a script shows it: an anti-flicker wrapper
  /// (`visibility:hidden` until the fonts load), a shop app's lock (`display:none` until it checks the
  /// visitor). Hidden blocks are left out as furniture (a shut dialog, a menu), but one holding two thirds
  /// of the page's text or more is not beside the content, it is the content (as `RegionCleaner.holdsThePage`
  /// says of a page-wide form). Outermost hidden blocks only are measured (they are disjoint, so the
  /// walk is linear), and within a shown one a few more (`maximumHiddenWrappers`).
  static func showHiddenPage(_ root: PageNode) {
    let total = root.textLength
    guard total > 0 else { return }
    var shown = 0
    var stack: [PageNode] = [root]
    while let node = stack.popLast() {
      if node.isText { continue }
      if node.isHidden {
        guard shown < maximumHiddenWrappers, RegionCleaner.holdsThePage(node.textLength, of: total) else { continue }
        TabPanels.show(node)
        shown += 1
      }
      stack.append(contentsOf: node.children)
    }
  }

  /// A `<br>` followed by more `<br>`s (white space between them aside) becomes a `<p>` that takes the
  /// phrasing content after it, up to the next such run or the first block.
  private static func paragraphs(in parent: PageNode) {
    let kids = parent.children
    var out: [PageNode] = []
    out.reserveCapacity(kids.count)
    var changed = false
    var index = 0
    func isBlank(_ node: PageNode) -> Bool { node.isText && !node.hasVisibleText }
    while index < kids.count {
      let node = kids[index]
      guard node.tag == "br" else {
        out.append(node)
        index += 1
        continue
      }
      // The <br>s that follow (whitespace between them aside) go; the whitespace stays, in the paragraph.
      var content: [PageNode] = []
      var next = index + 1
      var replaced = false
      while next < kids.count, isBlank(kids[next]) || kids[next].tag == "br" {
        if kids[next].tag == "br" {
          replaced = true
          kids[next].parent = nil
        } else {
          content.append(kids[next])
        }
        next += 1
      }
      guard replaced else {
        out.append(node)
        index += 1
        continue
      }
      changed = true
      node.parent = nil
      while next < kids.count {
        let sibling = kids[next]
        if sibling.tag == "br" {
          // A second <br> ends this paragraph.
          let after = kids[(next + 1)...].first { !isBlank($0) }
          if after?.tag == "br" { break }
        }
        guard ArticleGrabber.isPhrasing(sibling) else { break }
        content.append(sibling)
        next += 1
      }
      while let last = content.last, isBlank(last) {
        last.parent = nil
        content.removeLast()
      }
      let paragraph = PageNode(tag: "p")
      paragraph.parent = parent
      for child in content { child.parent = paragraph }
      paragraph.children = content
      out.append(paragraph)
      index = next
    }
    guard changed else { return }
    parent.children = out
    if parent.tag == "p" { parent.tag = "div" }
  }
}
