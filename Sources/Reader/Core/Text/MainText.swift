import TextLayout
import Foundation

/// The part of a web page that is the article: the first `<article>` element,
/// else `<main>`, else the `<body>`, as HTML for `StyledText` (which already drops scripts, styles and
/// hidden elements). A plain text cut, not a readability heuristic: it keeps the page's own markup and
/// never loses text when a page has none of these elements.
public enum MainText {
  public static func html(ofPage data: Data, charset: String? = nil) -> String {
    let text = decode(data, charset: charset)
    for tag in ["article", "main", "body"] {
      if let inner = element(tag, in: text) { return inner }
    }
    return text
  }

  /// The inner HTML of the first `<tag …>…</tag>` (case-insensitive); to the end when it is not closed.
  static func element(_ tag: String, in text: String) -> String? {
    var search = text.startIndex
    while let open = text.range(of: "<" + tag, options: .caseInsensitive, range: search..<text.endIndex) {
      search = open.upperBound
      guard search < text.endIndex, let next = text[search...].first, next == ">" || next.isWhitespace else { continue }
      guard let end = text.range(of: ">", range: search..<text.endIndex) else { return nil }
      let close = text.range(of: "</" + tag, options: [.caseInsensitive, .backwards], range: end.upperBound..<text.endIndex)
      return String(text[end.upperBound..<(close?.lowerBound ?? text.endIndex)])
    }
    return nil
  }

  /// The page as text: the HTTP charset, else a `charset=` in the first bytes, else UTF-8 (invalid bytes
  /// replaced).
  static func decode(_ data: Data, charset: String?) -> String {
    let head = String(decoding: data.prefix(2048), as: UTF8.self).lowercased()
    let declared = charset ?? head.range(of: "charset=").map { range in
      String(head[range.upperBound...].drop { $0 == "\"" || $0 == "'" }.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
    let encodings: [String: String.Encoding] = [
      "iso-8859-1": .isoLatin1, "latin1": .isoLatin1, "windows-1252": .windowsCP1252, "cp1252": .windowsCP1252,
      "iso-8859-2": .isoLatin2, "utf-16": .utf16, "shift_jis": .shiftJIS, "euc-jp": .japaneseEUC,
    ]
    if let declared, let encoding = encodings[declared.lowercased()], let text = String(data: data, encoding: encoding) {
      return text
    }
    return String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
  }
}
