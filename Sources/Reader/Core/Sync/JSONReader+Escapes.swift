/// The strings of `JSONReader` that hold escapes (`\"`, `\n`, `\uXXXX` and surrogate pairs), and the
/// UTF-8 check every string read goes through.
extension JSONReader {
  /// A string with escapes, from its first byte after the quote; the reader is past its closing quote.
  /// The runs between escapes are copied whole.
  mutating func escapedString(from start: Int) throws(Failure) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(2 * (position - start) + 64)
    var run = start
    var ascii = true
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
        position += 1
        if byte == UInt8(ascii: "\"") {
          return try out.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) throws(Failure) in
            try Self.text(text, ascii: ascii)
          }
        }
        if try unescape(into: &out) >= 0x80 { ascii = false }
        run = position
        continue
      }
      if byte < 0x20 { throw .syntax }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    throw .syntax
  }

  /// Appends the character of the escape after a backslash; returns its scalar value.
  @discardableResult
  private mutating func unescape(into out: inout [UInt8]) throws(Failure) -> UInt32 {
    let byte = try peek()
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
    case UInt8(ascii: "b"): out.append(0x08)
    case UInt8(ascii: "f"): out.append(0x0C)
    case UInt8(ascii: "n"): out.append(0x0A)
    case UInt8(ascii: "r"): out.append(0x0D)
    case UInt8(ascii: "t"): out.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = UInt32(try hex4())
      if (0xD800..<0xDC00).contains(scalar) {
        // A high surrogate must be followed by an escaped low one.
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        else { throw .syntax }
        position += 2
        let low = UInt32(try hex4())
        guard (0xDC00..<0xE000).contains(low) else { throw .syntax }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw .syntax
      }
      guard let character = Unicode.Scalar(scalar) else { throw .syntax }
      out.append(contentsOf: UTF8.encode(character)!)
      return scalar
    default:
      throw .syntax
    }
    return 0
  }

  private mutating func hex4() throws(Failure) -> UInt16 {
    guard position + 4 <= bytes.count else { throw .syntax }
    var value: UInt16 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .syntax
      }
      value = value << 4 | UInt16(digit)
      position += 1
    }
    return value
  }

  /// The text of a string's bytes: ASCII as is, anything else checked to be UTF-8.
  static func text(_ slice: UnsafeBufferPointer<UInt8>, ascii: Bool) throws(Failure) -> String {
    if ascii { return String(decoding: slice, as: UTF8.self) }
    guard let text = String(validating: slice, as: UTF8.self) else { throw .syntax }
    return text
  }
}
