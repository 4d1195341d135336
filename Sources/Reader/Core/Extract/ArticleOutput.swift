import Foundation

/// Writes the extracted article out: as clean HTML (only the markup a reader draws, links and images made
/// absolute) for `StyledText` and `extract --html`, and as plain text for `extract`. Recursion is bounded:
/// `PageTree` flattens anything deeper than its `maxDepth`.
enum ArticleOutput {
  static let voidTags: Set<String> = ["br", "hr", "img", "wbr", "source", "col", "input", "area", "track"]
  static let droppedTags: Set<String> = ["script", "noscript", "meta", "title", "head", "style", "link", "template"]
  static let keptAttributes: [String: Set<String>] = [
    "a": ["href", "title"], "img": ["src", "alt", "title", "width", "height"], "td": ["colspan", "rowspan"],
    "th": ["colspan", "rowspan"], "ol": ["start", "type", "reversed"], "li": ["value"], "time": ["datetime"],
    "iframe": ["src"], "video": ["src"], "audio": ["src"], "source": ["src", "type"], "embed": ["src"],
    "object": ["data"], "abbr": ["title"], "q": ["cite"], "blockquote": ["cite"],
  ]
  static let urlAttributes: Set<String> = ["href", "src", "data", "cite"]

  // MARK: - HTML

  static func html(_ root: PageNode, baseURL: URL?) -> String {
    var out = ""
    let resolver = ArticleLinkResolver(baseURL: baseURL)
    for child in root.children { write(child, into: &out, resolver: resolver) }
    return out
  }

  private static func write(_ node: PageNode, into out: inout String, resolver: ArticleLinkResolver) {
    if node.isText {
      out += escaped(node.text, quote: false)
      return
    }
    if droppedTags.contains(node.tag) || node.tag.hasPrefix("#") { return }
    out += "<" + node.tag
    var attributes = node.attributes
    if node.tag == "img", attributes["src"] == nil, let set = attributes["srcset"] {
      attributes["src"] = LazyImages.firstURL(inSrcset: set)
    }
    for key in (keptAttributes[node.tag] ?? []).sorted() {
      guard var value = attributes[key] else { continue }
      if urlAttributes.contains(key) {
        // Schemes allow-listed as the browser will parse them (docs/ROBUSTNESS.md); `data:` only as a picture.
        guard let resolved = resolver.resolve(value, image: node.tag == "img" && key == "src") else { continue }
        value = resolved
      }
      out += " \(key)=\"\(escaped(value, quote: true))\""
    }
    for key in ["lang", "dir"] { if let value = attributes[key] { out += " \(key)=\"\(escaped(value, quote: true))\"" } }
    out += ">"
    if voidTags.contains(node.tag) { return }
    for child in node.children { write(child, into: &out, resolver: resolver) }
    out += "</\(node.tag)>"
    if blockTags.contains(node.tag) { out += "\n" }
  }

  static func escaped(_ text: String, quote: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where quote: out += "&quot;"
      case "\n", "\t": out.unicodeScalars.append(quote ? " " : scalar)
      default: if !HTMLRenderer.isControl(scalar) { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  // MARK: - Plain text

  static let blockTags: Set<String> = [
    "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "h1", "h2", "h3", "h4", "h5", "h6",
    "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "pre", "table", "tr", "figure", "figcaption", "caption",
    "hr", "address", "details", "summary", "center", "form", "fieldset", "body", "html", "tbody", "thead", "tfoot",
  ]

  /// The article's text: blocks (paragraphs, headings, list items, table rows) separated by blank lines,
  /// whitespace collapsed except in `pre`, no images and no link numbers.
  static func text(_ root: PageNode) -> String {
    var writer = TextWriter()
    writer.walk(root)
    writer.endBlock()
    return writer.blocks.joined(separator: "\n\n")
  }

  private struct TextWriter {
    var blocks: [String] = []
    var current = ""
    var pendingSpace = false
    var preDepth = 0

    mutating func endBlock() {
      let scalars = current.unicodeScalars
      if let first = scalars.firstIndex(where: { !PageNode.isSpace($0) }),
        let last = scalars.lastIndex(where: { !PageNode.isSpace($0) })
      {
        if preDepth > 0 {
          // Indentation is part of code: only whole blank lines are trimmed.
          let start = scalars[..<first].lastIndex(of: "\n").map { scalars.index(after: $0) } ?? scalars.startIndex
          blocks.append(String(scalars[start...last]))
        } else {
          blocks.append(String(scalars[first...last]))
        }
      }
      current = ""
      pendingSpace = false
    }

    mutating func walk(_ node: PageNode) {
      if node.isText {
        append(node.text)
        return
      }
      if droppedTags.contains(node.tag) { return }
      switch node.tag {
      case "br":
        current += "\n"
        pendingSpace = false
        return
      case "td", "th":
        if !current.isEmpty { pendingSpace = true }
      default:
        break
      }
      let isBlock = blockTags.contains(node.tag)
      if isBlock { endBlock() }
      if node.tag == "pre" {
        preDepth += 1
        for child in node.children { walk(child) }
        endBlock()
        preDepth -= 1
        return
      }
      if node.tag == "li" { current += "- " }
      for child in node.children { walk(child) }
      if isBlock { endBlock() }
    }

    mutating func append(_ text: String) {
      for scalar in text.unicodeScalars {
        if preDepth > 0 {
          // Kept as written, but never a control character that could drive the terminal.
          if scalar == "\n" || scalar == "\t" || !HTMLRenderer.isControl(scalar) { current.unicodeScalars.append(scalar) }
        } else if PageNode.isSpace(scalar) {
          pendingSpace = true
        } else if !HTMLRenderer.isControl(scalar) {
          if pendingSpace, let last = current.unicodeScalars.last, last != "\n", last != " " { current += " " }
          pendingSpace = false
          current.unicodeScalars.append(scalar)
        }
      }
    }
  }
}
