/// Content written after the page's `</body>` or `</html>`. Browsers put it in the body (HTML's parsing
/// rules ignore those end tags while content follows), so a page whose template closes the document after
/// its header and prints the article afterwards shows the article. libxml2 closes the body there and puts
/// what follows beside it, in a second `<html>` at the document's top, where the search (which reads the
/// body) never looked: such pages read as their header's menus. `moveIntoBody` does what browsers do.
enum StrayContent {
  /// Moves what follows the first body, in its `<html>` and after it, to the end of that body, in order;
  /// a later `<html>` or `<body>` gives its children (a later `<head>` is left out).
  static func moveIntoBody(_ root: PageNode) {
    guard let html = root.elements.first(where: { $0.tag == "html" }),
      let body = html.elements.first(where: { $0.tag == "body" })
    else { return }
    var stray: [PageNode] = []
    func take(_ node: PageNode) {
      switch node.tag {
      case "head": break
      case "html", "body": for child in node.children { take(child) }
      default: stray.append(node)
      }
    }
    var after: [PageNode] = []
    if let index = html.children.firstIndex(where: { $0 === body }) { after += html.children[(index + 1)...] }
    if let index = root.children.firstIndex(where: { $0 === html }) { after += root.children[(index + 1)...] }
    for node in after { take(node) }
    // Only elements and visible text are worth moving (the whitespace between end tags is not); what is
    // left behind (a later `<html>` emptied, its `<head>`) goes.
    let moved = stray.filter { !$0.isText || $0.hasVisibleText }
    guard !moved.isEmpty else { return }
    body.adopt(moved)
    PageNode.remove(after.filter { $0.parent === html || $0.parent === root })
  }
}
