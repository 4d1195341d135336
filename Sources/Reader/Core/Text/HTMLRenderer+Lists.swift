internal import CLibXML2

extension HTMLRenderer {
  /// List numbers as browsers keep them in practice; `start="9223372036854775807"` must not overflow.
  static let listNumbers = -1_000_000_000...1_000_000_000

  func listState(_ node: Node, ordered: Bool) -> ListState {
    guard ordered else {
      return ListState(ordered: false, next: 1, markerWidth: 2)
    }
    let start = attribute(node, "start").flatMap { ClampedInteger.parse($0, in: Self.listNumbers) } ?? 1
    var count = 0
    var child = node.pointee.children
    while let c = child {
      if c.pointee.type == XML_ELEMENT_NODE, String(cString: c.pointee.name) == "li" { count += 1 }
      child = c.pointee.next
    }
    let last = min(start + max(0, count - 1), Self.listNumbers.upperBound)
    let widest = max(String(start).count, String(last).count)
    return ListState(ordered: true, next: start, markerWidth: widest + 2)
  }

  mutating func listMarker(_ node: Node) -> String {
    guard let list = lists.last else { return "• " }
    if !list.ordered {
      let depth = lists.filter { !$0.ordered }.count - 1
      return ["• ", "◦ ", "▪ "][depth % 3]
    }
    var number = list.next
    if let value = attribute(node, "value").flatMap({ ClampedInteger.parse($0, in: Self.listNumbers) }) {
      number = value
    }
    lists[lists.count - 1].next = min(number + 1, Self.listNumbers.upperBound)
    let label = "\(number)."
    return String(repeating: " ", count: max(0, list.markerWidth - 1 - label.count)) + label + " "
  }
}
