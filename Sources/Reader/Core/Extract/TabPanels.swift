import Foundation

/// Product and service pages keep their description, specifications and answers in tab panels and
/// accordions, all but one hidden until the reader opens them (`hidden`, `aria-hidden`, `display:none`):
/// the hidden panels are part of the page's content — a reader view shows every panel, as print styles
/// do — while other hidden blocks (dialogs, menus, templates) stay out.
enum TabPanels {
  /// Class words of a tab's or an accordion's panel (matched as substrings of the lower-cased class).
  static let panelClasses = ["tab-pane", "tabpanel", "tab-panel", "tab-content", "tabs-content", "tabs__panel", "accordion"]

  /// Whether `node` is a tab panel or an accordion's panel: `role="tabpanel"`, or a class naming one.
  static func isPanel(_ node: PageNode) -> Bool {
    if (node["role"] ?? "").lowercased() == "tabpanel" { return true }
    guard let style = node["class"]?.lowercased(), !style.isEmpty else { return false }
    return panelClasses.contains { style.contains($0) }
  }

  /// Shows a hidden panel: its own hiding attributes go (what it holds keeps its own).
  static func reveal(_ node: PageNode) {
    guard node.isHidden, isPanel(node) else { return }
    node.attributes["hidden"] = nil
    if node["aria-hidden"] == "true" { node.attributes["aria-hidden"] = nil }
    if let style = node["style"] {
      let kept = style.split(separator: ";").filter { declaration in
        let compact = declaration.lowercased().filter { !$0.isWhitespace }
        return !compact.hasPrefix("display:none") && !compact.hasPrefix("visibility:hidden")
      }
      node.attributes["style"] = kept.joined(separator: ";")
    }
  }
}
