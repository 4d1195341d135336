import TextLayout
internal import CLibXML2

// Links, replaced elements (images, media) and the attribute reading they share.
extension HTMLRenderer {
  // MARK: - Replaced elements

  mutating func image(_ node: Node) {
    let alt = Self.collapsed(attribute(node, "alt") ?? "")
    if alt.isEmpty, attribute(node, "width") == "1" || attribute(node, "height") == "1" {
      return  // tracking pixel
    }
    visible(alt.isEmpty ? "[image]" : "[image: \(alt)]", .dim)
  }

  mutating func media(_ node: Node, name: String) {
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

  // MARK: - Links

  mutating func number(for url: String) -> Int {
    if let n = linkNumbers[url] { return n }
    links.append(url)
    linkNumbers[url] = links.count
    return links.count
  }

  func resolve(_ href: String) -> String? { resolver.resolve(href) }

  // MARK: - Attributes

  func attribute(_ node: Node, _ key: String) -> String? { HTMLDocument.attribute(node, key) }

  static func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }
}
