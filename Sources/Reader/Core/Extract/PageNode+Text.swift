import Foundation

/// Text measures the scoring reads: a node's text as a reader sees it (whitespace collapsed), its commas, its
/// share of link text, and what its class and id say about it.
extension PageNode {
  /// All text under the node, as written.
  var textContent: String {
    if isText { return text }
    var out = ""
    var stack: [PageNode] = children.reversed()
    while let node = stack.popLast() {
      if node.isText { out += node.text } else { stack.append(contentsOf: node.children.reversed()) }
    }
    return out
  }

  /// The text with runs of whitespace collapsed to one space and the ends trimmed.
  var innerText: String { Self.collapsed(textContent) }

  /// Unicode white space (`isWhitespace`'s set) without the property lookup, which dominated profiles:
  /// every text measure runs over every character of deep trees.
  @inline(__always)
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value == 0x20 || (0x09...0x0D).contains(value) }
    switch value {
    case 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// Whether any text under the node is more than white space (stops at the first such character).
  var hasVisibleText: Bool {
    var stack: [PageNode] = [self]
    while let node = stack.popLast() {
      if node.isText {
        if node.text.unicodeScalars.contains(where: { !Self.isSpace($0) }) { return true }
      } else {
        stack.append(contentsOf: node.children)
      }
    }
    return false
  }

  static func collapsed(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if Self.isSpace(scalar) {
        pendingSpace = !out.isEmpty
      } else {
        if pendingSpace { out.unicodeScalars.append(" ") }
        pendingSpace = false
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Length in characters of `innerText` (counted in scalars: cheaper, and close enough for thresholds),
  /// counted without building the string: scoring asks for it on every level of deep trees.
  var textLength: Int {
    var length = CollapsedLength()
    var stack: [PageNode] = [self]
    while let node = stack.popLast() {
      guard node.isText else {
        stack.append(contentsOf: node.children.reversed())
        continue
      }
      length.add(node.text)
    }
    return length.count
  }

  /// Whether any element under the node satisfies `test` (stops at the first).
  func contains(where test: (PageNode) -> Bool) -> Bool {
    var stack: [PageNode] = children
    while let node = stack.popLast() {
      if node.isText { continue }
      if test(node) { return true }
      stack.append(contentsOf: node.children)
    }
    return false
  }

  /// Commas in several scripts (Latin, Arabic, CJK full-width, …), a sign of prose.
  static func commaCount(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { count, scalar in
      switch scalar.value {
      case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count + 1
      default: count
      }
    }
  }

  /// The share of the node's text that sits inside links (in-page `#` links count for less: they are
  /// footnotes and tables of contents more than navigation).
  var linkDensity: Double {
    let total = textLength
    guard total > 0 else { return 0 }
    var linked = 0.0
    for link in descendants(["a"]) {
      let href = link["href"] ?? ""
      linked += Double(link.textLength) * (href.hasPrefix("#") && href.count > 1 ? 0.3 : 1)
    }
    return linked / Double(total)
  }

  /// The class and id, lower-cased, as one string for the pattern tests.
  var classAndID: String {
    ((self["class"] ?? "") + " " + (self["id"] ?? "")).lowercased()
  }

  /// +25 for a positive class, −25 for a negative one, the same again for the id.
  var classWeight: Double {
    var weight = 0.0
    for value in [self["class"], self["id"]] {
      guard let value, !value.isEmpty else { continue }
      let lower = value.lowercased()
      if ExtractionPatterns.negative.matches(lower) { weight -= 25 }
      if ExtractionPatterns.positive.matches(lower) { weight += 25 }
    }
    return weight
  }

  /// The nearest ancestor named `tag` within `maxDepth` levels (0: any depth).
  func ancestor(_ tag: String, maxDepth: Int = 0) -> PageNode? {
    var node = parent
    var depth = 0
    while let current = node {
      depth += 1
      if maxDepth > 0, depth > maxDepth { return nil }
      if current.tag == tag { return current }
      node = current.parent
    }
    return nil
  }

  /// Up to `maxDepth` ancestors, nearest first.
  func ancestors(maxDepth: Int) -> [PageNode] {
    var out: [PageNode] = []
    var node = parent
    while let current = node, out.count < maxDepth, current.tag != "#document" {
      out.append(current)
      node = current.parent
    }
    return out
  }

  /// Hidden by its author: `hidden`, `aria-hidden`, an inline `display:none` / `visibility:hidden`, or a
  /// `<dialog>` not opened (browsers show none until a script opens it: a cookie consent's settings).
  var isHidden: Bool {
    if self["hidden"] != nil || (tag == "dialog" && self["open"] == nil) { return true }
    if self["aria-hidden"] == "true", !(self["class"] ?? "").contains("fallback-image") { return true }
    guard let style = self["style"]?.lowercased().filter({ !$0.isWhitespace }) else { return false }
    return style.contains("display:none") || style.contains("visibility:hidden")
  }
}

/// Word lists for class, id and role tests: the signals Readability-style extractors have learned from
/// real pages (what navigation, comments, ads and article bodies tend to be called).
enum ExtractionPatterns {
  struct Words: Sendable {
    var substrings: [String]
    /// Matched only as whole words, between any characters that are not letters or digits (short words
    /// that would hit inside others: `share` but not `shared`).
    var tokens: [String] = []

    func matches(_ lowercased: String) -> Bool {
      if lowercased.utf8.count < 2 { return false }
      let bytes = Array(lowercased.utf8)
      if substrings.contains(where: { Self.contains(bytes, $0.utf8) }) { return true }
      guard !tokens.isEmpty else { return false }
      return lowercased.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).contains { tokens.contains(String($0)) }
    }

    /// Byte-wise substring search: Foundation's `contains` bridges through NSString, which showed in
    /// profiles (every element's class and id is tested against every word).
    private static func contains(_ haystack: [UInt8], _ needle: String.UTF8View) -> Bool {
      let count = needle.count
      guard count <= haystack.count, let first = needle.first else { return false }
      var index = 0
      while index + count <= haystack.count {
        if haystack[index] == first, haystack[index..<(index + count)].elementsEqual(needle) { return true }
        index += 1
      }
      return false
    }
  }

  static let unlikely = Words(substrings: [
    "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus",
    "extra", "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox",
    "sidebar", "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager",
    "popup", "yom-remote", "cookie", "newsletter", "subscribe-",
  ])
  static let maybeCandidate = Words(substrings: ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"])
  static let positive = Words(substrings: [
    "article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text",
    "blog", "story",
  ])
  static let negative = Words(
    substrings: [
      "-ad-", "hidden", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media",
      "meta", "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor",
      "shopping", "tags", "widget",
    ], tokens: ["hid"])
  static let byline = Words(substrings: ["byline", "author", "dateline", "writtenby", "p-author"])
  static let share = Words(substrings: [], tokens: ["share", "sharedaddy"])
  /// A call to act ("Book a demo", "Get the guide"): a box beside the text that asks the reader to do
  /// something on the site. Its class says so in a word of its own (`cta`, `post-cta`, `cta_block`).
  static let callToAct = Words(substrings: [], tokens: ["cta"])
  static let unlikelyRoles: Set<String> = [
    "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
  ]
  /// Embedded players worth keeping (everything else embedded is an ad or a widget).
  static let videoHosts = [
    "youtube.com", "youtube-nocookie.com", "player.vimeo.com", "v.qq.com", "archive.org/embed", "upload.wikimedia.org",
    "player.twitch.tv", "dailymotion.com", "bilibili.com", "youku.com",
  ]
}

/// A length counted over one or more texts in a row, each run of whitespace as one character and the ends
/// trimmed: a run at the end of one text and the start of the next counts once (`textLength`,
/// `LinkMeasures.length`).
struct CollapsedLength {
  private(set) var count = 0
  private var pendingSpace = false

  mutating func add(_ text: String) {
    for scalar in text.unicodeScalars {
      if PageNode.isSpace(scalar) {
        pendingSpace = count > 0
      } else {
        count += pendingSpace ? 2 : 1
        pendingSpace = false
      }
    }
  }
}
