import Foundation

/// The JSON text of the list-valued item columns (enclosures, categories). Empty lists are stored as
/// NULL, so the common item costs no encoding at all on the reload path.
enum ItemColumns {
  private struct StoredEnclosure: Codable {
    var url: String
    var type: String?
    var length: Int?
  }

  // The two encoders below write by hand the JSON that `enclosures(_:)` / `strings(_:)` read back with
  // JSONDecoder: a JSONEncoder per item was 5% of a 10,000-item reload's CPU (perf), for a few short
  // strings. (JSONEncoder would also escape "/"; JSON does not require it.)

  static func json(_ enclosures: [Enclosure]) -> String? {
    guard !enclosures.isEmpty else { return nil }
    var out = "["
    for (index, enclosure) in enclosures.enumerated() {
      if index > 0 { out += "," }
      out += "{\"url\":"
      appendQuoted(enclosure.url, to: &out)
      if let type = enclosure.type {
        out += ",\"type\":"
        appendQuoted(type, to: &out)
      }
      if let length = enclosure.length { out += ",\"length\":\(length)" }
      out += "}"
    }
    return out + "]"
  }

  static func json(_ strings: [String]) -> String? {
    guard !strings.isEmpty else { return nil }
    var out = "["
    for (index, string) in strings.enumerated() {
      if index > 0 { out += "," }
      appendQuoted(string, to: &out)
    }
    return out + "]"
  }

  /// A JSON string literal (RFC 8259 §7): quote, backslash and control characters escaped, the rest as is.
  private static func appendQuoted(_ string: String, to out: inout String) {
    out += "\""
    guard string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
    else {
      out += string
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
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  static func enclosures(_ text: String?) -> [Enclosure] {
    guard let text, let stored = try? JSONDecoder().decode([StoredEnclosure].self, from: Data(text.utf8))
    else { return [] }
    return stored.map { Enclosure(url: $0.url, type: $0.type, length: $0.length) }
  }

  static func strings(_ text: String?) -> [String] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }
}
