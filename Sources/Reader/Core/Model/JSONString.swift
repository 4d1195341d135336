/// The one JSON string-literal writer (RFC 8259 §7), shared by `splitfeed dump` and the cache's
/// hand-written JSON columns, which skip JSONEncoder because it is slow per item.
///
/// Quote, backslash and control characters are escaped, and U+2028/U+2029 too (so the output is also
/// valid JavaScript). DEL, the C1 controls (U+0080–U+009F: a UTF-8 terminal may take U+009B for CSI) and
/// the bidi controls are escaped as well, although JSON allows them raw: `splitfeed dump` prints to a
/// terminal, and a feed must not drive it. The escapes decode to the same string. Everything else as is.
///
/// The work is done on the UTF-8 bytes: every character to escape is recognised by its first one or
/// two bytes (a Swift string is valid UTF-8), so a string with nothing to escape is one scan and one copy.
public enum JSONString {
  /// Appends `string` as a quoted JSON literal.
  public static func append(_ string: String, to out: inout String) {
    var string = string
    let plain = string.withUTF8 { firstEscape(in: $0) == nil }
    guard plain else {
      var bytes: [UInt8] = []
      append(string, to: &bytes)
      out += String(decoding: bytes, as: UTF8.self)
      return
    }
    out += "\""
    out += string  // the common case: nothing to escape
    out += "\""
  }

  /// Appends `string` as a quoted JSON literal, in UTF-8 (`dump` writes its document as bytes).
  public static func append(_ string: String, to out: inout [UInt8]) {
    var string = string
    out.append(UInt8(ascii: "\""))
    string.withUTF8 { bytes in
      var clean = 0  // bytes[clean..<i] are still to copy as they are
      var i = 0
      while let at = firstEscape(in: bytes, from: i) {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<at.index]))
        appendEscape(at.scalar, to: &out)
        i = at.index + at.length
        clean = i
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean...]))
    }
    out.append(UInt8(ascii: "\""))
  }

  /// `string` as a JSON literal, or `null`.
  public static func literal(_ string: String?) -> String {
    guard let string else { return "null" }
    var out = ""
    append(string, to: &out)
    return out
  }

  /// The first character at or after `from` that is written escaped: its index, its length in bytes
  /// and its scalar value.
  @inline(__always)
  static func firstEscape(
    in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0
  ) -> (index: Int, length: Int, scalar: UInt32)? {
    var i = from
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b >= 0x20, b < 0x7F, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      if b < 0x80 { return (i, 1, UInt32(b)) }  // a C0 control, DEL, quote or backslash
      if i + 1 < n {
        let b1 = bytes[i + 1]
        if b == 0xC2, b1 <= 0x9F { return (i, 2, UInt32(b1)) }  // C1: U+0080–U+009F
        if b == 0xD8, b1 == 0x9C { return (i, 2, 0x061C) }
        if b == 0xE2, i + 2 < n {
          let scalar = 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
          if scalar == 0x2028 || scalar == 0x2029 || isBidiControl(scalar) { return (i, 3, scalar) }
        }
      }
      i += 1
    }
    return nil
  }

  private static func appendEscape(_ scalar: UInt32, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\\"))
    switch scalar {
    case 0x22: out.append(UInt8(ascii: "\""))
    case 0x5C: out.append(UInt8(ascii: "\\"))
    case 0x0A: out.append(UInt8(ascii: "n"))
    case 0x0D: out.append(UInt8(ascii: "r"))
    case 0x09: out.append(UInt8(ascii: "t"))
    case 0x08: out.append(UInt8(ascii: "b"))
    case 0x0C: out.append(UInt8(ascii: "f"))
    default:
      out.append(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(hexDigits[Int(scalar >> UInt32(shift) & 0xF)])
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// The invisible controls that reorder text (embeddings, overrides, isolates, marks).
  static func isBidiControl(_ v: UInt32) -> Bool {
    (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
  }
}
