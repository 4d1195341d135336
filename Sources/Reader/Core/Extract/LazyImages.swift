import Foundation

/// Pages that load images by script keep the real address in `data-src`, `data-srcset` or another data
/// attribute and put a placeholder (or nothing) in `src`; without script the reader must move it back, and a
/// `<noscript>` copy of an image replaces its scripted placeholder.
enum LazyImages {
  static func fix(_ root: PageNode) {
    for node in root.descendants(["img", "picture", "figure", "source"]) {
      if let src = node["src"], isTinyPlaceholder(src), hasOtherImageAttribute(node) { node["src"] = nil }
      let hasSource = node["src"].map { !$0.isEmpty } ?? false
      let hasSet = node["srcset"].map { !$0.isEmpty && $0 != "null" } ?? false
      if (hasSource || hasSet) && !(node["class"] ?? "").lowercased().contains("lazy") { continue }
      for (key, value) in node.attributes.sorted(by: { $0.key < $1.key })
      where !["src", "srcset", "alt"].contains(key) {
        let target: String
        if looksLikeSrcset(value) {
          target = "srcset"
        } else if looksLikeImageURL(value) {
          target = "src"
        } else {
          continue
        }
        if ["img", "picture", "source"].contains(node.tag) {
          node[target] = value
        } else if node.tag == "figure", node.descendants(["img", "picture"]).isEmpty {
          let image = PageNode(tag: "img", attributes: [target: value])
          node.append(image)
        }
      }
      if node.tag == "img", node["src"] == nil, let set = node["srcset"], let first = firstURL(inSrcset: set) {
        node["src"] = first
      }
    }
  }

  /// The first address in a `srcset` list.
  static func firstURL(inSrcset set: String) -> String? {
    set.split(separator: ",").first.flatMap { $0.split(whereSeparator: \.isWhitespace).first }.map(String.init)
  }

  private static let imageExtensions = [".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif"]

  private static func looksLikeImageURL(_ value: String) -> Bool {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace) else { return false }
    let lower = trimmed.lowercased()
    return imageExtensions.contains { lower.contains($0) }
  }

  private static func looksLikeSrcset(_ value: String) -> Bool {
    let lower = value.lowercased()
    return imageExtensions.contains { ext in
      guard let range = lower.range(of: ext + " ") else { return false }
      return lower[range.upperBound...].trimmingCharacters(in: .whitespaces).first?.isNumber ?? false
    }
  }

  /// A `data:` image small enough to be a blank placeholder (a real inline image is bigger).
  private static func isTinyPlaceholder(_ src: String) -> Bool {
    let lower = src.lowercased()
    guard lower.hasPrefix("data:image/"), !lower.hasPrefix("data:image/svg"),
      let comma = lower.firstIndex(of: ",")
    else { return false }
    return lower.distance(from: comma, to: lower.endIndex) < 133
  }

  private static func hasOtherImageAttribute(_ node: PageNode) -> Bool {
    node.attributes.contains { key, value in key != "src" && (looksLikeImageURL(value) || looksLikeSrcset(value)) }
  }

  /// `<img placeholder><noscript><img real></noscript>`: the real image takes the placeholder's place. One
  /// walk over each parent's children, keeping the last visible sibling, never a search per `<noscript>`
  /// (docs/ROBUSTNESS.md: 30,000 of them side by side took minutes).
  static func unwrapNoscriptImages(_ root: PageNode) {
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for noscript in root.descendants(["noscript"]) {
      if let parent = noscript.parent, seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    for parent in parents {
      var unwrapped: [PageNode] = []
      var previous: (node: PageNode, index: Int)?
      for (index, child) in parent.children.enumerated() {
        if child.tag == "noscript", let (old, real) = placeholder(before: child, previous: previous?.node) {
          for (key, value) in old.attributes where real[key] == nil && key != "src" { real[key] = value }
          real.remove()
          if let slot = previous?.index, old === previous?.node {
            // The placeholder is the sibling itself: the real picture takes its slot, no search.
            old.parent = nil
            parent.children[slot] = real
            real.parent = parent
            previous = (real, slot)
          } else {
            old.replace(with: real)
          }
          unwrapped.append(child)
          continue
        }
        if !child.isText || child.hasVisibleText { previous = (child, index) }
      }
      PageNode.remove(unwrapped)
    }
  }

  /// The placeholder `<img>` (the visible sibling before `noscript`, or the one picture inside it) and the
  /// real one, when `noscript` holds nothing but one picture.
  private static func placeholder(before noscript: PageNode, previous: PageNode?) -> (PageNode, PageNode)? {
    let images = noscript.descendants(["img"])
    guard images.count == 1, !noscript.hasVisibleText, let previous else { return nil }
    if previous.tag == "img" { return (previous, images[0]) }
    let inside = previous.descendants(["img"])
    guard inside.count == 1 else { return nil }
    return (inside[0], images[0])
  }
}
