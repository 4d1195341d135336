import Foundation

/// Tab panels and accordions: documentation shows one example per language or platform, product and
/// service pages their description, specifications and answers, all but one panel hidden until the
/// reader opens it (`hidden`, `aria-hidden`, `display:none`). A reader view has no tabs to choose, so
/// every panel is shown — as print styles do — each under its tab's name where the page names it (the
/// element its `aria-labelledby` points at), so the Python and the Go versions of a step read one after
/// the other. Other hidden blocks (a shut dialog or popover, menus, templates) stay out, their panels
/// with them.
enum TabPanels {
  /// A tab's name longer than this is not a name (the reference points at a paragraph).
  static let maximumLabel = 60
  /// Class words of a tab's or an accordion's panel (matched as substrings of the lower-cased class).
  static let panelClasses = ["tab-pane", "tabpanel", "tab-panel", "tab-content", "tabs-content", "tabs__panel", "accordion"]

  /// Whether `node` is a tab panel or an accordion's panel: `role="tabpanel"`, or a class naming one.
  static func isPanel(_ node: PageNode) -> Bool {
    if (node["role"] ?? "").lowercased() == "tabpanel" { return true }
    guard let style = node["class"]?.lowercased(), !style.isEmpty else { return false }
    return panelClasses.contains { style.contains($0) }
  }

  /// Shows the panels of `root` and heads each with its tab's name; not the panels of a block that is
  /// hidden itself. One walk to find the panels and the ids; each panel is changed in place (no search
  /// among its siblings).
  static func reveal(_ root: PageNode) {
    var panels: [PageNode] = []
    var ids: [String: PageNode] = [:]
    var stack: [(PageNode, Bool)] = [(root, false)]
    while let (node, inHidden) = stack.popLast() {
      if node.isText { continue }
      let isPanel = isPanel(node)
      if isPanel, !inHidden { panels.append(node) }
      if let id = node["id"], !id.isEmpty, ids[id] == nil { ids[id] = node }
      // A dialog or a popover (its attribute keeps it closed until a script opens it) is shut.
      let hides = inHidden || node.tag == "dialog" || node["popover"] != nil || (!isPanel && node.isHidden)
      for child in node.children.reversed() { stack.append((child, hides)) }
    }
    for panel in panels where panel.hasVisibleText {
      show(panel)
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

  /// Shows a hidden panel: its own hiding attributes go (what it holds keeps its own), the rest of its
  /// style stays.
  private static func show(_ panel: PageNode) {
    guard panel.isHidden else { return }
    panel["hidden"] = nil
    if panel["aria-hidden"] == "true" { panel["aria-hidden"] = nil }
    if let style = panel["style"] {
      let kept = style.split(separator: ";").filter { declaration in
        let compact = declaration.lowercased().filter { !$0.isWhitespace }
        return !compact.hasPrefix("display:none") && !compact.hasPrefix("visibility:hidden")
      }
      panel["style"] = kept.joined(separator: ";")
    }
  }
}
