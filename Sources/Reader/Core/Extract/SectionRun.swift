import Foundation

/// Articles written as a run of sibling sections of one kind: a manual's `sect1` blocks, a guide's
/// "benefit" items, a page builder's rows. A paragraph gives its score to five ancestors only, so where
/// the paragraphs sit deep in each section the search's best candidate is one section (the longest) and
/// the others, each scored apart, are lost (recall 0.2–0.5 on such pages; docs/DECISIONS.md, "seventh
/// pass"). The run's container is the article when the run is prose and fills it.
enum SectionRun {
  /// Levels climbed from the search's candidate to the section that is one of a run.
  static let maximumClimb = 4
  /// A section's paragraph that counts as prose: this long, few links.
  static let proseParagraph = 80
  static let proseLinkDensity = 0.25
  /// Sections in a run, and sections of prose in it: two blocks of one class side by side are as often
  /// a layout's two columns (the article and a writer's box, a rail) as two parts of one text.
  static let minimumSections = 3
  /// The run's share of its container's text: a container that holds much else is a page, not an article.
  static let runShare = 0.7

  /// The container of the run of sections that `top` (the search's candidate) lies in, from its parent up
  /// to `maximumClimb` levels up; nil when `top` is not in such a run. The run: `minimumSections` sibling blocks of
  /// the section's tag and class attribute, the same to the letter (a layout's columns differ in their
  /// width's class, `col-md-8` beside `col-md-4`, and page builders give each box a class of its own; bare
  /// `div`s are not a kind), as many and most of them holding prose of their own, filling `runShare` of the container,
  /// which is not mostly links, and adding text to the candidate's.
  static func container(of top: PageNode) -> PageNode? {
    // A run of `top` and its own siblings is `ArticleGrabber.mergeSiblings`'s, which weighs each by its score.
    guard var node = top.parent else { return nil }
    let topLength = top.textLength
    for _ in 0..<maximumClimb {
      guard let parent = node.parent, !["body", "html", "#document"].contains(parent.tag) else { return nil }
      if let kind = node["class"], !kind.isEmpty {
        let run = parent.elements.filter { $0.tag == node.tag && $0["class"] == kind }
        if run.count >= minimumSections, isProse(run, in: parent, beyond: topLength) { return parent }
      }
      node = parent
    }
    return nil
  }

  private static func isProse(_ run: [PageNode], in parent: PageNode, beyond topLength: Int) -> Bool {
    let runLength = run.reduce(0) { $0 + $1.textLength }
    guard runLength > topLength, Double(runLength) >= runShare * Double(parent.textLength),
      parent.linkDensity <= proseLinkDensity
    else { return false }
    let withProse = run.filter { section in
      section.descendants(["p", "pre", "dd", "li", "blockquote"]).contains {
        $0.textLength >= proseParagraph && $0.linkDensity < proseLinkDensity
      }
    }.count
    return withProse >= minimumSections && withProse * 2 >= run.count
  }
}
