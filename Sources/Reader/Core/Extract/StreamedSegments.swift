import Foundation

/// Pages rendered by React on the server and streamed: the parts that were slow to render come at the end
/// of the body, each in a hidden `<div hidden id="S:n">`, and a script moves each into its place — a
/// `<template id="P:n">` it replaces, or a `<template id="B:n">` that opens a boundary whose fallback
/// ("Loading…", a skeleton) it replaces, up to the `<!--/$-->` comment that closes the boundary. Scripts do
/// not run here, so the article's text stayed hidden at the end of the page and the extractor read the
/// fallbacks (an article's page read as its newsletter box). `place` does what the script does: each
/// segment's content goes where its placeholder is, the fallback out; a segment whose placeholder is not
/// on the page is shown where it is. `PageTree` keeps these placeholders and the boundaries' comments
/// (`#comment` nodes) for this, and `place` drops them all, so that nothing after the parse sees them.
enum StreamedSegments {
  /// The comments React writes around a boundary: opened (`$`, `$?` pending, `$!` failed), closed (`/$`).
  static let boundaryComments: Set<String> = ["$", "$?", "$!", "/$"]

  /// Whether `id` names a placeholder for a streamed segment (`B:n` a boundary, `P:n` a segment).
  static func isPlaceholder(_ id: String) -> Bool { id.hasPrefix("B:") || id.hasPrefix("P:") }

  /// Moves every streamed segment under `root` into its placeholder. Linear: one walk to find them, one
  /// pass over the children of each parent that holds placeholders (docs/ROBUSTNESS.md).
  static func place(_ root: PageNode) {
    var segments: [String: PageNode] = [:]
    var placeholders: [PageNode] = []
    var comments: [PageNode] = []
    for node in root.descendants() {
      switch node.tag {
      case "#comment": comments.append(node)
      case "template": placeholders.append(node)
      default:
        if node["hidden"] != nil, let id = node["id"], id.hasPrefix("S:") { segments[String(id.dropFirst(2))] = node }
      }
    }
    guard !segments.isEmpty else {
      PageNode.remove(comments + placeholders)
      return
    }
    // Which placeholder takes which segment: the same number, a segment's own placeholder before a
    // boundary; never one that would end up inside its own segment (a loop a hostile page could make).
    var chosen: [ObjectIdentifier: PageNode] = [:]
    var placedAt: [ObjectIdentifier: PageNode] = [:]  // a chosen segment's placeholder
    for kind in ["P:", "B:"] {
      for placeholder in placeholders where placedAt.count < maximumPlaced {
        guard let id = placeholder["id"], id.hasPrefix(kind), let segment = segments[String(id.dropFirst(2))],
          placedAt[ObjectIdentifier(segment)] == nil, !endsInside(placeholder, segment, placedAt)
        else { continue }
        placedAt[ObjectIdentifier(segment)] = placeholder
        chosen[ObjectIdentifier(placeholder)] = segment
      }
    }
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for placeholder in placeholders where chosen[ObjectIdentifier(placeholder)] != nil {
      if let parent = placeholder.parent, seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    PageNode.remove(segments.values.filter { placedAt[ObjectIdentifier($0)] != nil })
    for parent in parents { rebuild(parent, chosen) }
    // Every segment shown: in its place, or where it is when its placeholder is not on the page.
    for segment in segments.values {
      segment["hidden"] = nil
      segment["id"] = nil
    }
    PageNode.remove(comments.filter { $0.parent != nil } + placeholders.filter { $0.parent != nil })
  }

  /// At most this many segments are moved (a page streams tens); the rest are shown where they are.
  static let maximumPlaced = 1_000

  /// `parent`'s children with each chosen placeholder replaced by its segment (shown: a plain `div`); a
  /// boundary's fallback, from its placeholder to the comment that closes it, left out (kept where the
  /// page has no such comment).
  private static func rebuild(_ parent: PageNode, _ chosen: [ObjectIdentifier: PageNode]) {
    let kids = parent.children
    let closing = closingComments(kids)
    var out: [PageNode] = []
    out.reserveCapacity(kids.count)
    var index = 0
    while index < kids.count {
      let node = kids[index]
      index += 1
      guard let segment = chosen[ObjectIdentifier(node)] else {
        out.append(node)
        continue
      }
      node.parent = nil
      // React writes the boundary's opening comment just before its placeholder.
      if node["id"]?.hasPrefix("B:") == true, index >= 2, let end = closing[index - 2], end >= index {
        for dropped in kids[index..<end] { dropped.parent = nil }
        index = end
      }
      segment.parent = parent
      out.append(segment)
    }
    parent.children = out
  }

  /// Whether `placeholder`, once the segments already chosen are in their places, lies inside `segment`:
  /// its ancestors followed up, through each chosen segment to its own placeholder (a bounded walk; a
  /// longer one counts as inside).
  private static func endsInside(_ placeholder: PageNode, _ segment: PageNode, _ placedAt: [ObjectIdentifier: PageNode]) -> Bool {
    var current = placeholder.parent
    var steps = 0
    while let node = current {
      if node === segment { return true }
      steps += 1
      if steps > 4 * PageTree.maxDepth { return true }
      current = placedAt[ObjectIdentifier(node)]?.parent ?? node.parent
    }
    return false
  }

  /// For each boundary's opening comment among `kids`, the index of the comment that closes it (nested
  /// boundaries paired first): one pass with a stack.
  private static func closingComments(_ kids: [PageNode]) -> [Int: Int] {
    var open: [Int] = []
    var closing: [Int: Int] = [:]
    for (index, node) in kids.enumerated() where node.tag == "#comment" {
      if node.text == "/$" {
        if let opener = open.popLast() { closing[opener] = index }
      } else {
        open.append(index)
      }
    }
    return closing
  }
}
