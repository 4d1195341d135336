internal import CLibXML2
import Foundation

// Atom-only attribute handling: text constructs, links by rel, content by type and mode.
extension FeedBuilder {
  func titleKind(_ ns: FeedNamespace, _ attributes: SAXAttributes) -> PlainText.Kind {
    guard ns.isAtom else { return .guess }
    switch attributes.value(named: "type")?.lowercased() {
    case "html", "text/html": return .html
    case "xhtml", "application/xhtml+xml": return .text  // descendants' text, markup dropped
    case nil where ns == .atom03: return .guess
    default: return attributes.value(named: "mode") == "escaped" ? .html : .text
    }
  }

  func atomLink(_ attributes: SAXAttributes, target: Target) {
    guard let href = attributes.value(named: "href") else { return }
    let rel = attributes.value(named: "rel") ?? "alternate"
    switch rel {
    case "alternate", "http://www.iana.org/assignments/relation/alternate":
      // A byte search: `String.contains(String)` goes through Foundation's NSString search (~3k
      // instructions per link).
      let html = attributes.value(named: "type").map { containsBytes($0, "html") } ?? true
      setLink(href, target: target, priority: html ? 1 : 2)
    case "enclosure" where target == .item:
      addEnclosure(
        href, type: attributes.value(named: "type"),
        length: attributes.value(named: "length"))
    default:
      break
    }
  }

  func atomContent(_ attributes: SAXAttributes) {
    if attributes.value(named: "src") != nil { return }  // out-of-line content
    let type = attributes.value(named: "type")?.lowercased() ?? "text"
    let mode = attributes.value(named: "mode")?.lowercased()
    if mode == "base64" { return }
    switch type {
    case "xhtml", "application/xhtml+xml":
      begin(.content(priority: 1), depth: depth, mode: .xhtml)
    case "html", "text/html":
      begin(.content(priority: 1), depth: depth)
    case "text", "text/plain":
      begin(mode == "escaped" ? .content(priority: 1) : .textContent, depth: depth)
    default:
      if type.hasPrefix("text/") { begin(.textContent, depth: depth) }
    }
  }
}

/// Whether `needle`'s UTF-8 bytes occur in `haystack`'s (a literal search, as `NSString.range(of:)` without
/// options is for these ASCII needles).
private func containsBytes(_ haystack: String, _ needle: StaticString) -> Bool {
  let n = needle.utf8CodeUnitCount
  let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: n)
  var haystack = haystack
  return haystack.withUTF8 { bytes in
    guard bytes.count >= n else { return false }
    for start in 0...(bytes.count - n) where bytes[start] == pattern[0] {
      if (1..<n).allSatisfy({ bytes[start + $0] == pattern[$0] }) { return true }
    }
    return false
  }
}
