internal import CLibXML2

// No Foundation in this file: importing it beside CLibXML2 in one file makes the Clang importer see two
// different ICU `UErrorCode` enums (libxml2 is built with ICU) and fail.

/// The one place that calls libxml2's HTML parser, so that the article renderer and feed discovery parse
/// untrusted HTML with the same safe options: recover mode, no network, no error output.
enum HTMLDocument {
  typealias Node = UnsafeMutablePointer<xmlNode>

  /// Parses `bytes` (in `encoding`, or as declared by the page when nil) and calls `body` with the tree,
  /// which is freed afterwards. Nil when libxml2 built no document at all.
  static func withParsed<T>(
    _ bytes: UnsafeRawBufferPointer, encoding: String?, _ body: (htmlDocPtr) -> T
  ) -> T? {
    guard !bytes.isEmpty, bytes.count < Int(Int32.max),
      let pointer = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
    else { return nil }
    let options = Int32(
      bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue)
    LibXML.prepareThread()  // encoding errors must not reach the terminal via stderr
    guard let doc = htmlReadMemory(pointer, Int32(bytes.count), nil, encoding, options) else { return nil }
    defer { xmlFreeDoc(doc) }
    return body(doc)
  }

  /// The element's (lower-case) tag name.
  static func name(_ node: Node) -> String {
    node.pointee.name.map { String(cString: $0) } ?? ""
  }

  /// The value of attribute `key` (lower case), entities decoded; nil when absent.
  static func attribute(_ node: Node, _ key: String) -> String? {
    var attr = node.pointee.properties
    while let a = attr {
      if let name = a.pointee.name, String(cString: name) == key {
        var value = ""
        var child = a.pointee.children
        while let c = child {
          if let content = c.pointee.content { value += String(cString: content) }
          child = c.pointee.next
        }
        return value
      }
      attr = a.pointee.next
    }
    return nil
  }

  /// All the text under `node`, as written.
  static func text(of node: Node) -> String {
    var out = ""
    var stack: [Node] = []
    var child = node.pointee.children
    while let c = child {
      stack.append(c)
      child = c.pointee.next
    }
    stack.reverse()
    while let current = stack.popLast() {
      if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE {
        if let content = current.pointee.content { out += String(cString: content) }
        continue
      }
      var kids: [Node] = []
      var k = current.pointee.children
      while let c = k {
        kids.append(c)
        k = c.pointee.next
      }
      stack.append(contentsOf: kids.reversed())
    }
    return out
  }

  /// The element children of `node`, in order.
  static func elementChildren(_ node: Node) -> [Node] {
    var out: [Node] = []
    var child = node.pointee.children
    while let c = child {
      if c.pointee.type == XML_ELEMENT_NODE { out.append(c) }
      child = c.pointee.next
    }
    return out
  }
}
