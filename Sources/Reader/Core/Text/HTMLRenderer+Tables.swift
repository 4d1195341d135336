internal import CLibXML2

extension HTMLRenderer {
  /// A table is rendered as rows of cells when its cells hold only inline content; a table used for page
  /// layout (cells holding paragraphs, lists, other tables, or a single cell) is read as plain blocks.
  func isDataTable(_ table: Node) -> Bool {
    var rows = 0
    var maxCells = 0
    var layout = false
    func checkRow(_ row: Node) {
      rows += 1
      var cells = 0
      for cell in Self.elementChildren(row) where ["td", "th"].contains(Self.name(cell)) {
        cells += 1
        var paragraphs = 0
        for child in Self.elementChildren(cell) {
          switch Self.name(child) {
          case "table", "ul", "ol", "dl", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6": layout = true
          case "p", "div": paragraphs += 1
          default: break
          }
        }
        if paragraphs > 1 { layout = true }
      }
      maxCells = max(maxCells, cells)
    }
    for child in Self.elementChildren(table) {
      switch Self.name(child) {
      case "tr": checkRow(child)
      case "thead", "tbody", "tfoot":
        for row in Self.elementChildren(child) where Self.name(row) == "tr" { checkRow(row) }
      default: break
      }
    }
    return !layout && !(rows <= 1 && maxCells <= 1)
  }

  static func elementChildren(_ node: Node) -> [Node] { HTMLDocument.elementChildren(node) }

  static func name(_ node: Node) -> String { HTMLDocument.name(node) }
}
