/// Article HTML as plain wrapped paragraphs: a stop-gap until the reader issue's HTML renderer lands
/// (it will replace this file). Block tags end paragraphs, other tags are dropped, the common entities
/// are decoded, whitespace is collapsed; paragraphs are wrapped to `width` with a blank line between.
enum ArticleText {
  static func lines(fromHTML html: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in paragraphs(fromHTML: html) {
      if !lines.isEmpty { lines.append("") }
      lines += TextWrap.lines(paragraph, width: width)
    }
    return lines
  }

  static func paragraphs(fromHTML html: String) -> [String] {
    let blockTags: Set<String> = [
      "p", "br", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr",
      "table", "hr", "section", "article", "figure", "figcaption", "header", "footer",
    ]
    var paragraphs: [String] = []
    var current = ""
    var index = html.startIndex
    func endParagraph() {
      let collapsed = current.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
      if !collapsed.isEmpty { paragraphs.append(decodeEntities(collapsed)) }
      current = ""
    }
    while index < html.endIndex {
      let c = html[index]
      if c == "<", let close = html[index...].firstIndex(of: ">") {
        let tag = html[html.index(after: index)..<close]
          .drop(while: { $0 == "/" })
          .prefix(while: { $0.isLetter || $0.isNumber })
          .lowercased()
        if blockTags.contains(tag) { endParagraph() } else { current.append(" ") }
        index = html.index(after: close)
        continue
      }
      current.append(c)
      index = html.index(after: index)
    }
    endParagraph()
    return paragraphs
  }

  private static let entities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "mdash": "—", "ndash": "–",
    "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
  ]

  static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      out += rest[..<amp]
      let after = rest[rest.index(after: amp)...]
      if let semi = after.prefix(10).firstIndex(of: ";") {
        let name = after[..<semi]
        var replacement: String?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
          replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        } else if name.hasPrefix("#") {
          replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
        } else {
          replacement = entities[String(name)]
        }
        if let replacement {
          out += replacement
          rest = after[after.index(after: semi)...]
          continue
        }
      }
      out += "&"
      rest = after
    }
    return out + rest
  }
}
