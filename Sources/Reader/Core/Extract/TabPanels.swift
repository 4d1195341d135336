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

  /// Whether `node` is a tab panel or an accordion's panel: `role="tabpanel"`, a class naming one, or a
  /// `role="region"` whose id a button met before it controls (`aria-controls`: the WAI-ARIA accordion, its
  /// header a button and its panel a region; a region no button opens, a cookie notice, is not one).
  static func isPanel(_ node: PageNode, controlled: Set<String> = []) -> Bool {
    let role = (node["role"] ?? "").lowercased()
    if role == "tabpanel" { return true }
    if role == "region", let id = node["id"], controlled.contains(id) { return true }
    guard let style = node["class"]?.lowercased(), !style.isEmpty else { return false }
    return panelClasses.contains { style.contains($0) }
  }

  /// Shows the panels of `root` and heads each with its tab's name; not the panels of a block that is
  /// hidden itself. One walk to find the panels and the ids; each panel is changed in place (no search
  /// among its siblings).
  static func reveal(_ root: PageNode) {
    var panels: [PageNode] = []
    var ids: [String: PageNode] = [:]
    var controlled = Set<String>()
    var stack: [(PageNode, Bool)] = [(root, false)]
    while let (node, inHidden) = stack.popLast() {
      if node.isText { continue }
      if let target = node["aria-controls"], node.tag == "button" || (node["role"] ?? "").lowercased() == "button" {
        controlled.formUnion(target.split(separator: " ").map(String.init))
      }
      let isPanel = isPanel(node, controlled: controlled)
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
      guard !name.isEmpty, name.count <= maximumLabel, !panel.innerText.hasPrefix(name), !isHeader(tab, of: panel) else {
        continue
      }
      let label = PageNode(tag: "p")
      let bold = PageNode(tag: "b")
      bold.append(.textNode(name))
      label.append(bold)
      panel.insert(label, at: 0)
    }
  }

  /// An accordion's header, right before its panel (itself, or the heading that holds it), is read there
  /// already: a label would say it twice. A tab list before the first panel is not its header.
  private static func isHeader(_ tab: PageNode, of panel: PageNode) -> Bool {
    guard let siblings = panel.parent?.elements, let index = siblings.firstIndex(where: { $0 === panel }), index > 0 else {
      return false
    }
    let previous = siblings[index - 1]
    return previous === tab || (["h1", "h2", "h3", "h4", "h5", "h6"].contains(previous.tag) && tab.parent === previous)
  }

  /// Shows a hidden panel (or a hidden page, `Preparation.showHiddenPage`): its own hiding attributes go
  /// (what it holds keeps its own), the rest of its style stays.
  static func show(_ panel: PageNode) {
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
