import TextLayout

internal import CLibXML2

// No Foundation here (see HTMLDocument.swift); URL work lives in `ArticleLinkResolver`.

/// Turns a libxml2 HTML tree into `StyledText` in one iterative walk (no recursion, so hostile nesting
/// cannot overflow the stack), the way a browser's block/inline layout would before line breaking:
/// whitespace collapsed across elements, blocks separated by margins, list markers and quote bars carried as
/// prefixes, links numbered in reading order.
struct HTMLRenderer {
  typealias Node = HTMLDocument.Node

  let resolver: ArticleLinkResolver

  // Output.
  var blocks: [StyledBlock] = []
  var links: [String] = []
  var linkNumbers: [String: Int] = [:]

  // The block being filled.
  var runs: [StyledRun] = []
  var pendingSpace: TextStyle? = nil
  /// True at the start of a block, after `<br>` and after a table-cell separator: spaces are dropped there.
  var suppressSpace = true
  var pendingGap = false
  /// Characters emitted so far (tells whether a link had visible content).
  var visibleCount = 0
  /// The number the last link to end put after its text, while nothing else followed it.
  var lastLinkMark: LinkMark?

  struct LinkMark {
    var url: String
    var text: String
    var visibleAtStart: Int
    var visibleAfter: Int
    var runCount: Int
  }

  // Context.
  var style: TextStyle = []
  var frames: [Frame] = []
  var containers: [Container] = []
  var lists: [ListState] = []
  var tables: [TableMode] = []
  var preDepth = 0
  /// Depth of data-table cells: block structure inside them is flattened into the cell.
  var cellDepth = 0
  /// The data tables being read, innermost last: their cells become a `.table` block when they end.
  var tableCells: [TableCells] = []

  init(resolver: ArticleLinkResolver) {
    self.resolver = resolver
  }

  /// Parses `html` with libxml2 (recover mode, no network, no error output) and renders it.
  static func render(_ html: String, resolver: ArticleLinkResolver) -> StyledText {
    var renderer = HTMLRenderer(resolver: resolver)
    var source = html
    // References first as a browser reads them (libxml2 drops `&#1;` and maps `&#150;` to a control).
    let repaired = source.withUTF8 { ReferenceRepair.repairing($0) }
    repaired.withUnsafeBytes { bytes in
      _ = HTMLDocument.withParsed(bytes, encoding: "UTF-8") { renderer.walk($0) }
    }
    return renderer.finish()
  }

  // MARK: - Walk

  mutating func walk(_ doc: htmlDocPtr) {
    let root = UnsafeMutableRawPointer(doc)
    var node = doc.pointee.children
    while let current = node {
      var descend = false
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        descend = enter(current)
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content { text(String(cString: content)) }
      default:
        break
      }
      if descend, let child = current.pointee.children {
        node = child
        continue
      }
      if descend { exit() }
      // Next sibling, or climb, closing every element left.
      var cursor = current
      node = nil
      while true {
        if let next = cursor.pointee.next {
          node = next
          break
        }
        guard let parent = cursor.pointee.parent, UnsafeMutableRawPointer(parent) != root else { break }
        exit()
        cursor = parent
      }
    }
  }

  mutating func finish() -> StyledText {
    while !frames.isEmpty { exit() }
    flush()
    if !links.isEmpty {
      blocks.append(StyledBlock(runs: [StyledRun("Links", [.heading, .bold])], gapBefore: !blocks.isEmpty))
      let labelWidth = "[\(links.count)]".count
      for (index, link) in links.enumerated() {
        let label = "[\(index + 1)]"
        let padded = String(repeating: " ", count: labelWidth - label.count) + label + " "
        blocks.append(
          StyledBlock(
            runs: [StyledRun(link, .link)], firstPrefix: [StyledRun(padded, .dim)],
            restPrefix: [StyledRun(String(repeating: " ", count: labelWidth + 1))]))
      }
    }
    return StyledText(blocks: blocks, links: links)
  }

  // MARK: - Elements

  enum Exit {
    case none
    case block(margin: Bool)
    case container(margin: Bool)
    case list
    case link(url: String, visibleAtStart: Int)
    case pre
    case quoteMark
    case table
    case row
    case cell
  }

  struct Frame {
    var savedStyle: TextStyle
    var exit: Exit
  }

  struct Container {
    var first: [StyledRun]
    var rest: [StyledRun]
    var firstUsed = false
  }

  struct ListState {
    var ordered: Bool
    var next: Int
    var markerWidth: Int
  }

  enum TableMode { case data, layout }

  /// A data table's rows as they are read: each cell's runs, and the leading header rows.
  struct TableCells {
    var rows: [[[StyledRun]]] = []
    var row: [[StyledRun]] = []
    var headerRows = 0
    /// The row being read is a header: in `<thead>`, or every cell so far a `<th>`.
    var rowIsHeader = true
    var rowInHead = false
  }

  /// Handles an opening tag; returns whether to walk into the element (it then gets exactly one `exit()`).
  mutating func enter(_ node: Node) -> Bool {
    let name = String(cString: node.pointee.name)
    if Self.dropped.contains(name) || isHidden(node) { return false }
    let saved = style
    var exit = Exit.none

    if cellDepth > 0, Self.flattenedInCells.contains(name) || Self.tableParts.contains(name) {
      // Block structure inside a data-table cell becomes a space within the row.
      space()
      frames.append(Frame(savedStyle: saved, exit: .none))
      return true
    }

    switch name {
    case "p", "figure":
      openBlock(margin: true)
      exit = .block(margin: true)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      openBlock(margin: true)
      style.formUnion([.heading, .bold])
      exit = .block(margin: true)
    case "figcaption", "caption":
      openBlock(margin: false)
      style.formUnion(.italic)
      exit = .block(margin: false)
    case "div", "section", "article", "header", "footer", "main", "aside", "nav", "center", "address",
      "details", "summary", "fieldset", "legend", "form", "body", "html", "dt", "hgroup", "option":
      openBlock(margin: false)
      if name == "dt" { style.formUnion(.bold) }
      exit = .block(margin: false)
    case "dl":
      openBlock(margin: true)
      exit = .block(margin: true)
    case "dd":
      openBlock(margin: false)
      containers.append(Container(first: [StyledRun("    ")], rest: [StyledRun("    ")]))
      exit = .container(margin: false)
    case "blockquote":
      openBlock(margin: true)
      let bar = [StyledRun("│ ", [.quote, .dim])]
      containers.append(Container(first: bar, rest: bar))
      style.formUnion(.quote)
      exit = .container(margin: true)
    case "ul", "ol", "menu", "dir":
      openBlock(margin: lists.isEmpty)
      lists.append(listState(node, ordered: name == "ol"))
      exit = .list
    case "li":
      openBlock(margin: false)
      let marker = listMarker(node)
      let hang = String(repeating: " ", count: DisplayWidth.of(marker))
      containers.append(Container(first: [StyledRun(marker)], rest: [StyledRun(hang)]))
      exit = .container(margin: false)
    case "pre", "xmp", "listing", "plaintext":
      openBlock(margin: true)
      preDepth += 1
      style.formUnion(.code)
      exit = .pre
    case "hr":
      openBlock(margin: true)
      appendBlock(StyledBlock(kind: .rule, runs: []))
      pendingGap = true
      return false
    case "br":
      if preDepth > 0 {
        emit("\n", style)
      } else {
        emit("\n", style)
        pendingSpace = nil
        suppressSpace = true
      }
      return false
    case "img":
      image(node)
      return false
    case "iframe", "video", "audio", "embed", "object":
      media(node, name: name)
      return false
    case "a":
      if let href = attribute(node, "href"), let url = resolve(href) {
        style.formUnion(.link)
        exit = .link(url: url, visibleAtStart: openLink(url))
      }
    case "b", "strong":
      style.formUnion(.bold)
    case "i", "em", "cite", "dfn", "var":
      style.formUnion(.italic)
    case "u", "ins":
      style.formUnion(.underline)
    case "s", "strike", "del":
      style.formUnion(.strikethrough)
    case "code", "kbd", "samp", "tt":
      style.formUnion(.code)
    case "small":
      style.formUnion(.dim)
    case "q":
      visible("\u{201C}")
      exit = .quoteMark
    case "table":
      openBlock(margin: true)
      let mode: TableMode = isDataTable(node) ? .data : .layout
      tables.append(mode)
      if mode == .data { tableCells.append(TableCells()) }
      exit = .table
    case "tr":
      if tables.last == .data {
        endCell(keepingEmpty: false)
        let inHead = node.pointee.parent.map { Self.name($0) == "thead" } ?? false
        tableCells[tableCells.count - 1].row = []
        tableCells[tableCells.count - 1].rowIsHeader = true
        tableCells[tableCells.count - 1].rowInHead = inHead
      } else {
        openBlock(margin: false)
      }
      exit = .row
    case "td", "th":
      if tables.last == .data {
        endCell(keepingEmpty: false)
        cellDepth += 1
        if name == "th" {
          style.formUnion(.bold)
        } else if !tableCells[tableCells.count - 1].rowInHead {
          tableCells[tableCells.count - 1].rowIsHeader = false
        }
      } else {
        openBlock(margin: false)
      }
      exit = .cell
    default:
      break
    }
    frames.append(Frame(savedStyle: saved, exit: exit))
    return true
  }

  mutating func exit() {
    guard let frame = frames.popLast() else { return }
    switch frame.exit {
    case .none:
      break
    case .block(let margin):
      openBlock(margin: margin)
    case .container(let margin):
      openBlock(margin: margin)
      containers.removeLast()
    case .list:
      lists.removeLast()
      openBlock(margin: lists.isEmpty)
    case .link(let url, let visibleAtStart):
      closeLink(url, visibleAtStart: visibleAtStart)
    case .pre:
      openBlock(margin: true)
      preDepth -= 1
    case .quoteMark:
      style = frame.savedStyle
      visible("\u{201D}")
    case .table:
      if tables.removeLast() == .data, var table = tableCells.popLast() {
        flush()
        if !table.row.isEmpty { table.rows.append(table.row) }  // cells written outside any row
        if !table.rows.isEmpty {
          appendBlock(StyledBlock(kind: .table(StyledTable(rows: table.rows, headerRows: table.headerRows)), runs: []))
        }
      }
      openBlock(margin: true)
    case .row:
      if tables.last == .data {
        endCell(keepingEmpty: false)
        var table = tableCells[tableCells.count - 1]
        if !table.row.isEmpty {
          table.rows.append(table.row)
          if table.rowIsHeader, table.headerRows == table.rows.count - 1 { table.headerRows += 1 }
        }
        table.row = []
        tableCells[tableCells.count - 1] = table
      } else {
        openBlock(margin: false)
      }
    case .cell:
      if tables.last == .data {
        endCell(keepingEmpty: true)
        cellDepth = max(0, cellDepth - 1)
      } else {
        openBlock(margin: false)
      }
    }
    style = frame.savedStyle
  }

  /// Tags whose content is never shown.
  private static let dropped: Set<String> = [
    "script", "style", "head", "title", "template", "noscript", "svg", "math", "select", "input",
    "textarea", "button", "datalist", "map", "area", "track", "param", "meta", "link",
  ]
  // Not `source`: libxml2's HTML parser does not know it is empty, so the `<img>` after it in a
  // `<picture>` becomes its child and must still be walked.

  /// Block tags that, inside a data-table cell, only separate words.
  private static let flattenedInCells: Set<String> = [
    "p", "div", "br", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "h1", "h2", "h3", "h4",
    "h5", "h6", "section", "article", "header", "footer", "figure", "figcaption", "hr", "center",
  ]

  /// Table structure inside a data-table cell (a table nested deeper than its cells' direct children):
  /// read as words of the cell.
  private static let tableParts: Set<String> = ["table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption"]

  /// Ends the data-table cell being read: its runs join the row, an empty cell too (it holds its
  /// column); text outside any cell only when there is some.
  mutating func endCell(keepingEmpty: Bool) {
    defer {
      runs.removeAll(keepingCapacity: true)
      pendingSpace = nil
      suppressSpace = true
    }
    guard keepingEmpty || !runs.isEmpty, !tableCells.isEmpty else { return }
    tableCells[tableCells.count - 1].row.append(runs)
  }

  private func isHidden(_ node: Node) -> Bool {
    if attribute(node, "hidden") != nil { return true }
    guard let css = attribute(node, "style") else { return false }
    let compact = css.lowercased().filter { !$0.isWhitespace }
    return compact.contains("display:none") || compact.contains("visibility:hidden")
  }

}
