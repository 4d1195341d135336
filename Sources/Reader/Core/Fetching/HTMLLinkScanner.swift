internal import CLibXML2

// No Foundation in this file (see HTMLDocument.swift).

/// Lists the `<link>` and `<base>` elements of an HTML page, so that `FeedDiscovery` can report the feeds a
/// page advertises when the user gives a site address instead of a feed. Nothing is fetched.
enum HTMLLinkScanner {
  struct Link: Hashable, Sendable {
    var rel: String
    var type: String
    var href: String
  }

  /// `<link>` elements in document order, and the first `<base href>` if any.
  static func scan(_ bytes: UnsafeRawBufferPointer) -> (links: [Link], base: String?) {
    HTMLDocument.withParsed(bytes, encoding: nil) { doc in
      var links: [Link] = []
      var base: String? = nil
      // Iterative pre-order walk (hostile nesting cannot overflow the stack).
      var node = xmlDocGetRootElement(doc)
      let root = node
      while let current = node {
        if current.pointee.type == XML_ELEMENT_NODE {
          switch HTMLDocument.name(current) {
          case "link":
            links.append(
              Link(
                rel: HTMLDocument.attribute(current, "rel") ?? "",
                type: HTMLDocument.attribute(current, "type") ?? "",
                href: HTMLDocument.attribute(current, "href") ?? ""))
          case "base" where base == nil:
            base = HTMLDocument.attribute(current, "href")
          default:
            break
          }
        }
        if let child = current.pointee.children {
          node = child
          continue
        }
        var cursor = current
        node = nil
        while cursor != root {
          if let next = cursor.pointee.next {
            node = next
            break
          }
          guard let parent = cursor.pointee.parent else { break }
          cursor = parent
        }
      }
      return (links, base)
    } ?? ([], nil)
  }
}
