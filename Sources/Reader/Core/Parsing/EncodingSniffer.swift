import Foundation

/// Decides which character encoding to impose on libxml2, because libxml2 alone honours only the BOM and
/// the XML declaration: the HTTP charset must override the declaration, and "ISO-8859-1" is in practice
/// windows-1252 (the WHATWG rule), whose curly quotes and dashes would otherwise become C1 controls.
enum EncodingSniffer {
  /// The encoding to force, or nil to let libxml2 decide (BOM, declaration, else UTF-8).
  static func override(for data: Data, httpCharset: String?) -> String? {
    if hasBOM(data) { return nil }
    if let charset = httpCharset.map(normalized), !charset.isEmpty { return upgraded(charset) }
    guard let declared = declaredEncoding(data).map(normalized) else { return nil }
    let upgraded = upgraded(declared)
    return upgraded == declared ? nil : upgraded
  }

  static func hasBOM(_ data: Data) -> Bool {
    let b = [UInt8](data.prefix(3))
    return (b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
      || (b.count >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)))
  }

  /// The first byte that is not whitespace or a UTF-8 BOM, or nil for an empty document.
  static func firstSignificantByte(_ data: Data) -> UInt8? {
    var skippedBOM = false
    var index = 0
    for c in data.prefix(4096) {
      defer { index += 1 }
      if index < 3, !skippedBOM, c == [0xEF, 0xBB, 0xBF][index] {
        if index == 2 { skippedBOM = true }
        continue
      }
      if isSpace(c) || c == 0 { continue }
      return c
    }
    return data.isEmpty || data.count <= 4096 ? nil : 0x3C
  }

  /// `encoding="…"` from an ASCII-compatible XML declaration.
  static func declaredEncoding(_ data: Data) -> String? {
    let head = String(decoding: data.prefix(256), as: UTF8.self)
    guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"),
      let end = head.range(of: "?>"),
      let key = head.range(of: "encoding", range: head.startIndex..<end.lowerBound)
    else { return nil }
    let rest = head[key.upperBound..<end.lowerBound].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    return String(rest.dropFirst().prefix { $0 != quote })
  }

  private static func normalized(_ name: String) -> String {
    name.trimmingCharacters(in: CharacterSet(charactersIn: "\"' ")).uppercased()
  }

  private static func upgraded(_ name: String) -> String {
    switch name {
    case "ISO-8859-1", "ISO8859-1", "ISO_8859-1", "LATIN1", "LATIN-1", "L1", "US-ASCII", "ASCII", "CP1252":
      return "WINDOWS-1252"
    case "UTF8": return "UTF-8"
    default: return name
    }
  }
}
