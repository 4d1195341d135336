internal import CLibXML2

// No Foundation in this file (see HTMLDocument.swift): it only copies libxml2's tree into `PageNode`s.

/// A web page's DOM as plain Swift objects, so that the extractor can score, move and delete nodes freely
/// without libxml2 pointers leaving the one function that parses (they stay on that thread and in that
/// scope, as libxml2 requires).
final class PageNode {
  /// Lower-case element name, or `#text` for a text node.
  var tag: String
  var attributes: [String: String]
  /// The text of a text node (empty for elements).
  var text: String
  var children: [PageNode] = []
  weak var parent: PageNode?

  /// Readability-style content score, valid when `scored`.
  var score: Double = 0
  var scored = false
  var isDataTable = false

  init(tag: String, attributes: [String: String] = [:], text: String = "") {
    self.tag = tag
    self.attributes = attributes
    self.text = text
  }

  static func textNode(_ text: String) -> PageNode { PageNode(tag: "#text", text: text) }

  var isText: Bool { tag == "#text" }

  subscript(attribute: String) -> String? {
    get { attributes[attribute] }
    set { attributes[attribute] = newValue }
  }

  func append(_ child: PageNode) {
    child.parent?.removeChild(child)
    child.parent = self
    children.append(child)
  }

  func insert(_ child: PageNode, at index: Int) {
    child.parent?.removeChild(child)
    child.parent = self
    children.insert(child, at: min(index, children.count))
  }

  func removeChild(_ child: PageNode) {
    if let index = children.firstIndex(where: { $0 === child }) { children.remove(at: index) }
    child.parent = nil
  }

  /// Takes this node out of the tree.
  func remove() { parent?.removeChild(self) }

  /// Takes `nodes` out of the tree with one pass over each parent's children: removing them one by one
  /// searches and shifts the parent's children for each, quadratic when a page holds thousands of them
  /// side by side (docs/ROBUSTNESS.md).
  static func remove(_ nodes: [PageNode]) {
    guard nodes.count > 1 else {
      nodes.first?.remove()
      return
    }
    var gone = Set<ObjectIdentifier>()
    var parents: [PageNode] = []
    var seen = Set<ObjectIdentifier>()
    for node in nodes {
      guard let parent = node.parent else { continue }
      gone.insert(ObjectIdentifier(node))
      if seen.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
    }
    for parent in parents {
      parent.children.removeAll { child in
        guard gone.contains(ObjectIdentifier(child)) else { return false }
        child.parent = nil
        return true
      }
    }
  }

  /// Appends `nodes`, in order, taking them from their parents in one batch (see `remove(_:)`).
  func adopt(_ nodes: [PageNode]) {
    Self.remove(nodes)
    for node in nodes { node.parent = self }
    children.append(contentsOf: nodes)
  }

  /// Puts `other` where this node is.
  func replace(with other: PageNode) {
    guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
    other.parent?.removeChild(other)
    parent.children[index] = other
    other.parent = parent
    self.parent = nil
  }

  /// The element children.
  var elements: [PageNode] { children.filter { !$0.isText } }

  /// A deep copy (scores reset), for a retry on the untouched page.
  func copy() -> PageNode {
    let root = PageNode(tag: tag, attributes: attributes, text: text)
    var stack: [(PageNode, PageNode)] = [(self, root)]
    while let (source, target) = stack.popLast() {
      target.children.reserveCapacity(source.children.count)
      for child in source.children {
        let clone = PageNode(tag: child.tag, attributes: child.attributes, text: child.text)
        clone.parent = target
        target.children.append(clone)
        if !child.children.isEmpty { stack.append((child, clone)) }
      }
    }
    return root
  }

  /// Every element under this node in document order (not the node itself), collected before the caller
  /// changes the tree.
  func descendants(_ tags: Set<String>? = nil) -> [PageNode] {
    var out: [PageNode] = []
    var stack: [PageNode] = []
    func push(_ nodes: [PageNode]) {
      var index = nodes.count - 1
      while index >= 0 {
        if !nodes[index].isText { stack.append(nodes[index]) }
        index -= 1
      }
    }
    push(children)
    while let node = stack.popLast() {
      if tags.map({ $0.contains(node.tag) }) ?? true { out.append(node) }
      if !node.children.isEmpty { push(node.children) }
    }
    return out
  }
}

/// Copies a parsed HTML page into `PageNode`s.
enum PageTree {
  /// Deeper elements are flattened into their ancestor at this depth: a hostile page cannot make the walks
  /// (or a recursive consumer) go deeper than this.
  static let maxDepth = 200

  /// Elements never worth copying: they carry no readable text (scripts are kept only for JSON-LD).
  static let skipped: Set<String> = ["style", "link", "template", "svg", "canvas"]

  /// Parses `bytes` (in `encoding`, or as declared by the page when nil) into a tree rooted at a `#document`
  /// node; nil when libxml2 built no document.
  static func parse(_ bytes: UnsafeRawBufferPointer, encoding: String?) -> PageNode? {
    HTMLDocument.withParsed(bytes, encoding: encoding) { doc in
      let root = PageNode(tag: "#document")
      var stack: [(xmlNodePtr, PageNode, Int)] = []
      var child = doc.pointee.children
      while let c = child {
        stack.append((c, root, 1))
        child = c.pointee.next
      }
      stack.reverse()
      while let (node, parent, depth) = stack.popLast() {
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
          if let content = node.pointee.content {
            let text = String(cString: content)
            if let last = parent.children.last, last.isText {
              last.text += text
            } else {
              let made = PageNode.textNode(text)
              made.parent = parent
              parent.children.append(made)
            }
          }
        case XML_ELEMENT_NODE:
          let name = HTMLDocument.name(node).lowercased()
          if name == "template", let id = HTMLDocument.attribute(node, "id"), StreamedSegments.isPlaceholder(id) {
            // A streamed segment's place, kept empty for `StreamedSegments`.
            let placeholder = PageNode(tag: name, attributes: ["id": id])
            placeholder.parent = parent
            parent.children.append(placeholder)
            continue
          }
          if skipped.contains(name) { continue }
          if name == "script", !(HTMLDocument.attribute(node, "type") ?? "").lowercased().contains("ld+json") {
            continue
          }
          let target: PageNode
          if depth > maxDepth {
            target = parent
          } else {
            target = PageNode(tag: name, attributes: attributes(of: node))
            target.parent = parent
            parent.children.append(target)
          }
          var kids: [(xmlNodePtr, PageNode, Int)] = []
          var k = node.pointee.children
          while let c = k {
            kids.append((c, target, min(depth + 1, maxDepth + 1)))
            k = c.pointee.next
          }
          stack.append(contentsOf: kids.reversed())
        case XML_COMMENT_NODE:
          // A streamed boundary's comments, for `StreamedSegments` (which drops them).
          if let content = node.pointee.content, StreamedSegments.boundaryComments.contains(String(cString: content)) {
            let comment = PageNode(tag: "#comment", text: String(cString: content))
            comment.parent = parent
            parent.children.append(comment)
          }
        default:
          break
        }
      }
      return root
    }
  }

  private static func attributes(of node: xmlNodePtr) -> [String: String] {
    var out: [String: String] = [:]
    var attr = node.pointee.properties
    while let a = attr {
      if let name = a.pointee.name {
        var value = ""
        var child = a.pointee.children
        while let c = child {
          if let content = c.pointee.content { value += String(cString: content) }
          child = c.pointee.next
        }
        out[String(cString: name).lowercased()] = value
      }
      attr = a.pointee.next
    }
    return out
  }
}
