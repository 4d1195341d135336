import TextLayout

internal import CLibXML2

// No Foundation here (see HTMLDocument.swift); URL work lives in `ArticleLinkResolver`.

/// Turns a libxml2 HTML tree into `StyledText` in one iterative walk (no recursion, so hostile nesting
/// cannot overflow the stack), the way a browser's block/inline layout would before line breaking:
/// whitespace collapsed across elements, blocks separated by margins, list markers and quote bars carried as
/// prefixes, links numbered in reading order.
struct HTMLRenderer {
  typealias Node = HTMLDocument.Node

  private let resolver: ArticleLinkResolver

  // Output.
  private var blocks: [StyledBlock] = []
  private var links: [String] = []
  private var linkNumbers: [String: Int] = [:]

  // The block being filled.
  private var runs: [StyledRun] = []
  private var pendingSpace: TextStyle? = nil
  /// True at the start of a block, after `<br>` and after a table-cell separator: spaces are dropped there.
  private var suppressSpace = true
  private var pendingGap = false
  /// Characters emitted so far (tells whether a link had visible content).
  private var visibleCount = 0

  // Context.
  private var style: TextStyle = []
  private var frames: [Frame] = []
  private var containers: [Container] = []
  private var lists: [ListState] = []
  private var tables: [TableMode] = []
  private var preDepth = 0
  /// Depth of data-table cells: block structure inside them is flattened into the row.
  private var cellDepth = 0
  private var cellIndex = 0

  init(resolver: ArticleLinkResolver) {
    self.resolver = resolver
  }

  /// Parses `html` with libxml2 (recover mode, no network, no error output) and renders it.
  static func render(_ html: String, resolver: ArticleLinkResolver) -> StyledText {
    var renderer = HTMLRenderer(resolver: resolver)
    var source = html
    source.withUTF8 { bytes in
      _ = HTMLDocument.withParsed(UnsafeRawBufferPointer(bytes), encoding: "UTF-8") { renderer.walk($0) }
    }
    return renderer.finish()
  }

  // MARK: - Walk

  private mutating func walk(_ doc: htmlDocPtr) {
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

  private mutating func finish() -> StyledText {
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

  private enum Exit {
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

  private struct Frame {
    var savedStyle: TextStyle
    var exit: Exit
  }

  private struct Container {
    var first: [StyledRun]
    var rest: [StyledRun]
    var firstUsed = false
  }

  private struct ListState {
    var ordered: Bool
    var next: Int
    var markerWidth: Int
  }

  private enum TableMode { case data, layout }

  /// Handles an opening tag; returns whether to walk into the element (it then gets exactly one `exit()`).
  private mutating func enter(_ node: Node) -> Bool {
    let name = String(cString: node.pointee.name)
    if Self.dropped.contains(name) || isHidden(node) { return false }
    let saved = style
    var exit = Exit.none

    if cellDepth > 0, Self.flattenedInCells.contains(name) {
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
        exit = .link(url: url, visibleAtStart: visibleCount)
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
      tables.append(isDataTable(node) ? .data : .layout)
      exit = .table
    case "tr":
      openBlock(margin: false)
      cellIndex = 0
      exit = .row
    case "td", "th":
      if tables.last == .data {
        if cellIndex > 0 {
          pendingSpace = nil
          emit(" │ ", .dim)
          suppressSpace = true
        }
        cellIndex += 1
        cellDepth += 1
        if name == "th" { style.formUnion(.bold) }
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

  private mutating func exit() {
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
      if visibleCount > visibleAtStart {
        emit("[\(number(for: url))]", .dim)
      }
    case .pre:
      openBlock(margin: true)
      preDepth -= 1
    case .quoteMark:
      style = frame.savedStyle
      visible("\u{201D}")
    case .table:
      openBlock(margin: true)
      tables.removeLast()
    case .row:
      openBlock(margin: false)
    case .cell:
      if tables.last == .data {
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
    "textarea", "button", "datalist", "map", "area", "source", "track", "param", "meta", "link",
  ]

  /// Block tags that, inside a data-table cell, only separate words.
  private static let flattenedInCells: Set<String> = [
    "p", "div", "br", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "h1", "h2", "h3", "h4",
    "h5", "h6", "section", "article", "header", "footer", "figure", "figcaption", "hr", "center",
  ]

  private func isHidden(_ node: Node) -> Bool {
    if attribute(node, "hidden") != nil { return true }
    guard let css = attribute(node, "style") else { return false }
    let compact = css.lowercased().filter { !$0.isWhitespace }
    return compact.contains("display:none") || compact.contains("visibility:hidden")
  }

  // MARK: - Blocks

  /// Ends the block being filled and asks for a blank line before the next one when `margin`.
  private mutating func openBlock(margin: Bool) {
    flush()
    if margin { pendingGap = true }
  }

  private mutating func flush() {
    defer {
      runs.removeAll(keepingCapacity: true)
      pendingSpace = nil
      suppressSpace = true
    }
    guard !runs.isEmpty else { return }
    if preDepth > 0 {
      trimVerbatim()
      guard !runs.isEmpty else { return }
      appendBlock(StyledBlock(kind: .verbatim, runs: runs))
    } else {
      appendBlock(StyledBlock(kind: .flow, runs: runs))
    }
  }

  /// Adds a block with the prefixes of the open containers; the first block in a container gets its first
  /// prefix (the list marker), later ones the hanging indent.
  private mutating func appendBlock(_ block: StyledBlock) {
    var block = block
    var first: [StyledRun] = []
    var rest: [StyledRun] = []
    var gap: [StyledRun] = []
    for index in containers.indices {
      if containers[index].firstUsed {
        first += containers[index].rest
        gap += containers[index].rest  // the blank line stays inside containers that already began
      } else {
        first += containers[index].first
      }
      rest += containers[index].rest
      containers[index].firstUsed = true
    }
    block.firstPrefix = first
    block.restPrefix = rest
    block.gapPrefix = gap
    block.gapBefore = pendingGap && !blocks.isEmpty
    pendingGap = false
    blocks.append(block)
  }

  /// Drops the newline right after `<pre>` and trailing blank lines, as browsers do.
  private mutating func trimVerbatim() {
    if runs[0].text.hasPrefix("\n") { runs[0].text.removeFirst() }
    while let last = runs.last {
      var text = last.text
      while let c = text.last, c == "\n" || c == " " || c == "\t" { text.removeLast() }
      if text.isEmpty {
        runs.removeLast()
      } else {
        runs[runs.count - 1].text = text
        break
      }
    }
    if runs.first?.text.isEmpty == true { runs.removeFirst() }
  }

  // MARK: - Inline text

  private mutating func text(_ raw: String) {
    if preDepth > 0 && cellDepth == 0 {
      verbatimText(raw)
      return
    }
    var chunk = ""
    var chunkSpace = false
    for scalar in raw.unicodeScalars {
      switch scalar.value {
      case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
        if !suppressSpace && pendingSpace == nil { pendingSpace = style }
        if !chunk.isEmpty { chunkSpace = true }
      case _ where Self.isControl(scalar):
        continue
      default:
        if chunkSpace || (!chunk.isEmpty && pendingSpace != nil) {
          chunk.unicodeScalars.append(" ")
        } else if chunk.isEmpty, let space = pendingSpace {
          emit(" ", space)
        }
        pendingSpace = nil
        chunkSpace = false
        suppressSpace = false
        chunk.unicodeScalars.append(scalar)
      }
    }
    if !chunk.isEmpty { emit(chunk, style) }
  }

  private mutating func verbatimText(_ raw: String) {
    var chunk = ""
    var lastWasCR = false
    for scalar in raw.unicodeScalars {
      let v = scalar.value
      if v == 0x0D {
        chunk.unicodeScalars.append("\n")
        lastWasCR = true
        continue
      }
      defer { lastWasCR = false }
      if v == 0x0A {
        if !lastWasCR { chunk.unicodeScalars.append("\n") }
      } else if v == 0x09 || !Self.isControl(scalar) {
        chunk.unicodeScalars.append(scalar)
      }
    }
    if !chunk.isEmpty { emit(chunk, style) }
  }

  /// Visible inline text generated by the renderer (`“`, `[image: …]`): collapses with the text around it.
  private mutating func visible(_ text: String, _ extra: TextStyle = []) {
    if let space = pendingSpace { emit(" ", space) }
    pendingSpace = nil
    suppressSpace = false
    var clean = ""  // attribute text (alt) may carry control characters too
    clean.unicodeScalars.append(contentsOf: text.unicodeScalars.filter { !Self.isControl($0) })
    emit(clean, style.union(extra))
  }

  /// C0 and C1 controls: invisible, and dangerous if they reached the terminal.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// A word separator that collapses like whitespace.
  private mutating func space() {
    if !suppressSpace && pendingSpace == nil { pendingSpace = style }
  }

  private mutating func emit(_ text: String, _ style: TextStyle) {
    visibleCount += text.unicodeScalars.count
    if let last = runs.last, last.style == style {
      runs[runs.count - 1].text += text
    } else {
      runs.append(StyledRun(text, style))
    }
  }

  // MARK: - Replaced elements

  private mutating func image(_ node: Node) {
    let alt = Self.collapsed(attribute(node, "alt") ?? "")
    if alt.isEmpty, attribute(node, "width") == "1" || attribute(node, "height") == "1" {
      return  // tracking pixel
    }
    visible(alt.isEmpty ? "[image]" : "[image: \(alt)]", .dim)
  }

  private mutating func media(_ node: Node, name: String) {
    let label = ["iframe": "embedded", "object": "embedded", "embed": "embedded"][name] ?? name
    var source = attribute(node, name == "object" ? "data" : "src")
    if source == nil {
      var child = node.pointee.children
      while let c = child, source == nil {
        if c.pointee.type == XML_ELEMENT_NODE, String(cString: c.pointee.name) == "source" {
          source = attribute(c, "src")
        }
        child = c.pointee.next
      }
    }
    visible("[\(label)]", .dim)
    if let source, let url = resolve(source) {
      emit("[\(number(for: url))]", .dim)
    }
  }

  // MARK: - Lists

  private func listState(_ node: Node, ordered: Bool) -> ListState {
    guard ordered else {
      return ListState(ordered: false, next: 1, markerWidth: 2)
    }
    let start = attribute(node, "start").flatMap { Int(Self.collapsed($0)) } ?? 1
    var count = 0
    var child = node.pointee.children
    while let c = child {
      if c.pointee.type == XML_ELEMENT_NODE, String(cString: c.pointee.name) == "li" { count += 1 }
      child = c.pointee.next
    }
    let widest = max(String(start).count, String(start + max(0, count - 1)).count)
    return ListState(ordered: true, next: start, markerWidth: widest + 2)
  }

  private mutating func listMarker(_ node: Node) -> String {
    guard let list = lists.last else { return "• " }
    if !list.ordered {
      let depth = lists.filter { !$0.ordered }.count - 1
      return ["• ", "◦ ", "▪ "][depth % 3]
    }
    var number = list.next
    if let value = attribute(node, "value").flatMap({ Int(Self.collapsed($0)) }) {
      number = value
    }
    lists[lists.count - 1].next = number + 1
    let label = "\(number)."
    return String(repeating: " ", count: max(0, list.markerWidth - 1 - label.count)) + label + " "
  }

  // MARK: - Tables

  /// A table is rendered as rows of cells when its cells hold only inline content; a table used for page
  /// layout (cells holding paragraphs, lists, other tables, or a single cell) is read as plain blocks.
  private func isDataTable(_ table: Node) -> Bool {
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

  private static func elementChildren(_ node: Node) -> [Node] { HTMLDocument.elementChildren(node) }

  private static func name(_ node: Node) -> String { HTMLDocument.name(node) }

  // MARK: - Links

  private mutating func number(for url: String) -> Int {
    if let n = linkNumbers[url] { return n }
    links.append(url)
    linkNumbers[url] = links.count
    return links.count
  }

  private func resolve(_ href: String) -> String? { resolver.resolve(href) }

  // MARK: - Attributes

  private func attribute(_ node: Node, _ key: String) -> String? { HTMLDocument.attribute(node, key) }

  private static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
