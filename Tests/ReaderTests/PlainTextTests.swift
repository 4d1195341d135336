import Reader
import Testing

@Suite("Titles as plain text")
struct PlainTextTests {
  @Test(arguments: [
    ("Plain title", PlainText.Kind.guess, "Plain title"),
    ("  spaced \n\t out  ", .guess, "spaced out"),
    ("Caf&eacute; &amp; more&hellip;", .guess, "Café & more…"),
    ("&#8230; &#x1F600; &#150;", .guess, "… 😀 –"),
    ("<b>Bold</b> news<br/>today", .guess, "Bold news today"),
    ("Why <lorem> tags matter", .guess, "Why <lorem> tags matter"),
    ("5 < 7 && 9 > 3: Q&A", .guess, "5 < 7 && 9 > 3: Q&A"),
    ("&unknown; stays", .guess, "&unknown; stays"),
    ("<lorem>any</lorem> tag &lt;goes&gt;", .html, "any tag <goes>"),
    ("a <!-- comment --> b", .html, "a b"),
    ("literal &amp; <b>", .text, "literal &amp; <b>"),
    // Controls never survive into a title (they would reach the terminal): raw, decoded, C1 and DEL.
    ("a\u{7F}\u{7F}b \u{1B}]52;c;x\u{07}", .text, "ab ]52;c;x"),
    ("&#27;[2J &#x1b;cleared", .guess, "[2J cleared"),
    ("\u{9B}31m red\u{85} \u{0}nul", .html, "31m red nul"),
  ])
  func titles(input: String, kind: PlainText.Kind, expected: String) {
    #expect(PlainText.title(input, kind: kind) == expected)
  }
}

/// `PlainText.title` works in one pass; what it must yield is defined by three simple passes over the
/// text (strip tags, decode entities once, collapse whitespace), written out here and compared on
/// generated titles made of the pieces the passes treat specially, next to each other in every order.
@Suite("Plain text in one pass")
struct PlainTextOnePassTests {
  @Test(arguments: [PlainText.Kind.html, .guess, .text])
  func theOnePassTextEqualsTheThreePassDefinition(kind: PlainText.Kind) {
    let pieces = [
      "word", " ", "  ", "\t", "\n", "\r\n", "\u{A0}", "\u{85}", "\u{9F}", "\u{A1}", "\u{7F}", "\u{1B}", "é", "😀",
      "<b>", "</b>", "<br/>", "<lorem>", "<p class=\"a>b\">", "<!-- c -->", "<!-- open", "<", ">", "< b>",
      "&amp;", "&lt;b&gt;", "&nbsp;", "&#32;", "&#10;", "&#27;", "&#133;", "&#129;", "&#x1F600;", "&#xA0;",
      "&#0;", "&#99999999;", "&apos;", "&unknown;", "&", "&#", "&#x;", "&am", "p;", ";", "#",
      // Tags and quotes left open, so `TagScanner` meets searches that failed before it.
      "\"", "'", "<b \"", "<b '", "<p a='", "-->",
    ]
    var random = SplitMix64(seed: 0x5EED)
    for _ in 0..<20_000 {
      let count = Int(random.next() % 16) + 1
      let title = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
      #expect(PlainText.title(title, kind: kind) == Self.threePasses(title, kind: kind), "\(title.debugDescription)")
    }
  }

  /// The definition: strip, then decode, then collapse (`.text`: collapse only).
  static func threePasses(_ title: String, kind: PlainText.Kind) -> String {
    var bytes = Array(title.utf8)
    if kind != .text, bytes.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) {
      bytes = stripTags(bytes, all: kind == .html)
      bytes = bytes.withUnsafeBufferPointer { PlainText.decodeEntities($0) }
    }
    return collapse(bytes)
  }

  static func stripTags(_ bytes: [UInt8], all: Bool) -> [UInt8] {
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "<"), let end = tagEnd(bytes, from: i, all: all) {
        out.append(0x20)
        i = end
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }

  /// The known HTML elements among the pieces (`<lorem>` is not one).
  static let knownTags: Set<String> = ["b", "br", "p"]

  static func tagEnd(_ bytes: [UInt8], from start: Int, all: Bool) -> Int? {
    let rest = bytes[start...]
    if rest.starts(with: Array("<!--".utf8)) {
      var j = start + 4
      while j + 2 < bytes.count {
        if bytes[j...].starts(with: Array("-->".utf8)) { return j + 3 }
        j += 1
      }
      return nil
    }
    var i = start + 1
    if i < bytes.count, bytes[i] == UInt8(ascii: "/") { i += 1 }
    let nameStart = i
    let letter = { (c: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c | 0x20) }
    while i < bytes.count, letter(bytes[i]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
    guard i > nameStart, letter(bytes[nameStart]), i < bytes.count,
      [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[i])
    else { return nil }
    if !all, !knownTags.contains(String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()) { return nil }
    var quote: UInt8?
    while i < bytes.count {
      let c = bytes[i]
      if let q = quote {
        if c == q { quote = nil }
      } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
        quote = c
      } else if c == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return nil
  }

  /// Whitespace and no-break spaces become one space between words; other controls, DEL and C1 go.
  static func collapse(_ bytes: [UInt8]) -> String {
    var words: [String] = []
    var word = ""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0xA0:
        if !word.isEmpty { words.append(word) }
        word = ""
      case 0..<0x20, 0x7F, 0x80...0x9F: continue
      default: word.unicodeScalars.append(scalar)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words.joined(separator: " ")
  }
}
