import Foundation

/// Makes feed links absolute (DESIGN §6) against the base in effect, skipping Foundation's URL parsing for
/// the common link that already has a scheme.
enum LinkResolver {
  /// `link` trimmed and resolved against `base`; unchanged when it is absolute, there is no base, or it
  /// does not parse as a URL reference.
  static func resolve(_ link: String, against base: URL?) -> String {
    let trimmed = trimmingASCIIWhitespace(link)
    if trimmed.isEmpty || hasScheme(trimmed) { return trimmed }
    guard let base, let url = URL(string: trimmed, relativeTo: base) else { return trimmed }
    return url.absoluteString
  }

  private static func trimmingASCIIWhitespace(_ s: String) -> String {
    let bytes = s.utf8
    guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return s }
    guard let start = bytes.firstIndex(where: { !isSpace($0) }),
      let end = bytes.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(s[start...end])
  }

  /// Whether `link` starts with `scheme:` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
  static func hasScheme(_ link: String) -> Bool {
    var first = true
    for c in link.utf8 {
      let isLetter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
      if c == UInt8(ascii: ":") { return !first }
      if first ? !isLetter : !(isLetter || (c >= 0x30 && c <= 0x39) || c == 0x2B || c == 0x2D || c == 0x2E) {
        return false
      }
      first = false
    }
    return false
  }
}
