import TextLayout
internal import CLibXML2

// Links, replaced elements (images, media) and the attribute reading they share.
extension HTMLRenderer {
  // MARK: - Replaced elements

  mutating func image(_ node: Node) {
    // Alt text is plain text, but pages put markup in it (`<br><small>Photo: …</small>`): a browser shows
    // it as written, a reader wants the words. A figure's own caption says it better, and once.
    let alt = Self.hasCaption(node) ? "" : Self.collapsed(Self.withoutMarkup(attribute(node, "alt") ?? ""))
    if alt.isEmpty, attribute(node, "width") == "1" || attribute(node, "height") == "1" {
      return  // tracking pixel
    }
    // A picture the reader can fetch becomes a block of its own (DESIGN §1); inside a data-table cell or
    // preformatted text, or without an http(s) address, it stays a word in the line.
    guard cellDepth == 0, preDepth == 0, let url = imageSource(node) else {
      visible(alt.isEmpty ? "[image]" : "[image: \(alt)]", .dim)
      return
    }
    flush()
    var clean = ""  // alt text may carry control characters
    clean.unicodeScalars.append(contentsOf: alt.unicodeScalars.filter { !Self.isControl($0) })
    let text = clean.isEmpty ? "[image]" : "[image: \(clean)]"
    var reference = ImageReference(
      url: url, alt: clean, declaredWidth: pixels(attribute(node, "width")),
      declaredHeight: pixels(attribute(node, "height")))
    visibleCount += text.unicodeScalars.count
    var caption = [StyledRun(text, style.union(.dim))]
    // A linked picture carries its link's number on the caption, where the text would have had it, and
    // keeps it when the picture replaces the `[image]` words (`ImageReference.link`).
    if let index = frames.lastIndex(where: { if case .link = $0.exit { true } else { false } }),
      case .link(let link, _) = frames[index].exit
    {
      let number = number(for: link)
      reference.link = number
      caption.append(StyledRun("[\(number)]", .dim))
      frames[index].exit = .link(url: link, visibleAtStart: visibleCount)
    }
    appendBlock(StyledBlock(kind: .image(reference), runs: caption))
    lastLinkMark = nil
  }

  /// Whether the picture sits in a `<figure>` (its nearest) whose `<figcaption>` has words.
  static func hasCaption(_ node: Node) -> Bool {
    var ancestor = node.pointee.parent
    while let current = ancestor, current.pointee.type == XML_ELEMENT_NODE {
      if name(current) == "figure" {
        return elementChildren(current).contains { name($0) == "figcaption" && !collapsed(HTMLDocument.text(of: $0)).isEmpty }
      }
      ancestor = current.pointee.parent
    }
    return false
  }

  /// `text` without anything written like a tag (`<br>`, `<small>`, `</small>`), each a space.
  static func withoutMarkup(_ text: String) -> String {
    guard text.contains("<") else { return text }
    var out = ""
    var rest = text[...]
    while let open = rest.firstIndex(of: "<") {
      let after = rest.index(after: open)
      guard after < rest.endIndex, rest[after].isLetter || rest[after] == "/" || rest[after] == "!",
        let close = rest[after...].firstIndex(of: ">")
      else {
        out += rest[...open]
        rest = rest[after...]
        continue
      }
      out += rest[..<open] + " "
      rest = rest[rest.index(after: close)...]
    }
    return out + rest
  }

  /// The address to fetch: `src`, else the lazy-loading `data-src`, else the first of `srcset`; only
  /// http and https (never `file:` or `data:` from a page).
  private func imageSource(_ node: Node) -> String? {
    let candidates = [attribute(node, "src"), attribute(node, "data-src"),
      attribute(node, "srcset").flatMap(LazyImages.firstURL(inSrcset:))]
    for case let candidate? in candidates where !candidate.isEmpty {
      guard let url = resolve(candidate) else { continue }
      let lower = url.lowercased()
      if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return url }
    }
    return nil
  }

  /// A declared size in CSS pixels (`640`, `640px`); nil for percentages and nonsense.
  private func pixels(_ value: String?) -> Int? {
    guard var text = value.map({ Self.collapsed($0).lowercased() }) else { return nil }
    if text.hasSuffix("px") { text.removeLast(2) }
    guard let number = Int(text), number > 0, number <= 100_000 else { return nil }
    return number
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

  /// A link opens: when the last link to end was to the same address with nothing shown since (white space
  /// aside), its number goes, and the two read as one link (`<a>D</a><a>ata</a>` is `Data[3]`, not
  /// `D[3]ata[3]`).
  mutating func openLink(_ url: String) -> Int {
    guard let mark = lastLinkMark, mark.url == url, mark.visibleAfter == visibleCount, mark.runCount == runs.count,
      let last = runs.last, last.text.hasSuffix(mark.text)
    else { return visibleCount }
    runs[runs.count - 1].text.removeLast(mark.text.count)
    if runs[runs.count - 1].text.isEmpty { runs.removeLast() }
    visibleCount -= mark.text.unicodeScalars.count
    lastLinkMark = nil
    return mark.visibleAtStart
  }

  /// A link ends: its number follows its text when it showed any.
  mutating func closeLink(_ url: String, visibleAtStart: Int) {
    guard visibleCount > visibleAtStart else { return }
    let text = "[\(number(for: url))]"
    emit(text, .dim)
    lastLinkMark = LinkMark(url: url, text: text, visibleAtStart: visibleAtStart, visibleAfter: visibleCount, runCount: runs.count)
  }

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
