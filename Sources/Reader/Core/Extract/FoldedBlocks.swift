import Foundation

/// What a page shows folded: the body of a `<details>` without `open`, which a reader sees as its summary
/// line alone until they unfold it. Forum software folds a generated overview of the thread ("Click for
/// summary") above the posts; the search may keep it as the page's prose, yet the page puts the posts first
/// (docs/DECISIONS.md, "tenth pass").
enum FoldedBlocks {
  /// Whether the search's pick lies in a closed `<details>` of `body`: its longest paragraph is there
  /// (`ForumThread.contains`, the test that tells a pick kept from a thread).
  static func holds(_ pick: PageNode, in body: PageNode) -> Bool {
    body.descendants(["details"]).contains { $0["open"] == nil && ForumThread.contains($0, pick) }
  }
}
