import Foundation

/// Tab panels (`role="tabpanel"`): documentation shows one example per language or platform, the others
/// hidden until their tab is chosen, and a reader view has no tabs to choose. Every panel of a set is
/// shown, each under its tab's name (the element its `aria-labelledby` names), so that the Python and
/// the Go versions of a step read one after the other; one panel alone is left as it is.
enum TabPanels {
  /// A tab's name longer than this is not a name (the reference points at a paragraph).
  static let maximumLabel = 60

  /// Makes the hidden panels of `root` visible and heads each with its tab's name; not the panels of a
  /// block that is hidden itself (a closed dialog's or popover's tabs stay closed). One walk to find the panels and the
  /// ids; each panel is changed in place (no search among its siblings).
  static func reveal(_ root: PageNode) {
    var panels: [PageNode] = []
    var ids: [String: PageNode] = [:]
    var stack: [(PageNode, Bool)] = [(root, false)]
    while let (node, inHidden) = stack.popLast() {
      if node.isText { continue }
      let isPanel = (node["role"] ?? "").lowercased() == "tabpanel"
      if isPanel, !inHidden { panels.append(node) }
      if let id = node["id"], !id.isEmpty, ids[id] == nil { ids[id] = node }
      // A dialog or a popover (its attribute keeps it closed until a script opens it) is shut.
      let hides = inHidden || node.tag == "dialog" || node["popover"] != nil || (!isPanel && node.isHidden)
      for child in node.children.reversed() { stack.append((child, hides)) }
    }
    guard panels.count >= 2 else { return }
    for panel in panels {
      guard panel.hasVisibleText else { continue }
      let hidden = panel.isHidden
      panel["hidden"] = nil
      if panel["aria-hidden"] == "true" { panel["aria-hidden"] = nil }
      if hidden { panel["style"] = nil }
      guard let tab = panel["aria-labelledby"].flatMap({ ids[$0] }) else { continue }
      let name = PageNode.collapsed(tab.innerText)
      guard !name.isEmpty, name.count <= maximumLabel, !panel.innerText.hasPrefix(name) else { continue }
      let label = PageNode(tag: "p")
      let bold = PageNode(tag: "b")
      bold.append(.textNode(name))
      label.append(bold)
      panel.insert(label, at: 0)
    }
  }
}
