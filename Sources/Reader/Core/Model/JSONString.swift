/// The one JSON string-literal writer (RFC 8259 §7), shared by `splitfeed dump` and the cache's
/// hand-written JSON columns, which skip JSONEncoder because it is slow per item.
public enum JSONString {
  /// Appends `string` as a quoted JSON literal: quote, backslash and control characters escaped, and
  /// U+2028/U+2029 too (so the output is also valid JavaScript). DEL, the C1 controls (U+0080–U+009F: a
  /// UTF-8 terminal may take U+009B for CSI) and the bidi controls are escaped as well, although JSON
  /// allows them raw: `splitfeed dump` prints to a terminal, and a feed must not drive it. The
  /// escapes decode to the same string. Everything else as is.
  public static func append(_ string: String, to out: inout String) {
    out += "\""
    guard
      string.utf8.contains(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 || $0 == 0x7F
          || $0 == 0xC2 || $0 == 0xD8
      })
    else {
      out += string  // the common case: nothing to escape
      out += "\""
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  /// The invisible controls that reorder text (embeddings, overrides, isolates, marks).
  static func isBidiControl(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
  }

  /// `string` as a JSON literal, or `null`.
  public static func literal(_ string: String?) -> String {
    guard let string else { return "null" }
    var out = ""
    append(string, to: &out)
    return out
  }
}
