import Foundation

/// The JSON text of the list-valued item columns (enclosures, categories). Empty lists are stored as
/// NULL, so the common item costs no encoding at all on the reload path.
enum ItemColumns {
  private struct StoredEnclosure: Codable {
    var url: String
    var type: String?
    var length: Int?
    var duration: Int?
  }

  // The two encoders below write by hand the JSON that `enclosures(_:)` / `strings(_:)` read back with
  // JSONDecoder: a JSONEncoder per item was 5% of a 10,000-item reload's CPU (perf), for a few short
  // strings. (JSONEncoder would also escape "/"; JSON does not require it.) They write UTF-8 bytes,
  // which the reload binds as they are (`ItemUpsert`): `String` appends per item were 4.5 % of the
  // cache writer's instructions (docs/DECISIONS.md, "The reload's own CPU").

  static func json(_ enclosures: [Enclosure]) -> String? { jsonBytes(enclosures).map { String(decoding: $0, as: UTF8.self) } }

  static func json(_ strings: [String]) -> String? { jsonBytes(strings).map { String(decoding: $0, as: UTF8.self) } }

  static func jsonBytes(_ enclosures: [Enclosure]) -> [UInt8]? {
    guard !enclosures.isEmpty else { return nil }
    var out: [UInt8] = [UInt8(ascii: "[")]
    for (index, enclosure) in enclosures.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"url":"#.utf8)
      JSONString.append(enclosure.url, to: &out)
      if let type = enclosure.type {
        out.append(contentsOf: #","type":"#.utf8)
        JSONString.append(type, to: &out)
      }
      if let length = enclosure.length { out.append(contentsOf: #","length":\#(length)"#.utf8) }
      if let duration = enclosure.duration { out.append(contentsOf: #","duration":\#(duration)"#.utf8) }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  static func jsonBytes(_ strings: [String]) -> [UInt8]? {
    guard !strings.isEmpty else { return nil }
    var out: [UInt8] = [UInt8(ascii: "[")]
    for (index, string) in strings.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      JSONString.append(string, to: &out)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  static func enclosures(_ text: String?) -> [Enclosure] {
    guard let text, let stored = try? JSONDecoder().decode([StoredEnclosure].self, from: Data(text.utf8))
    else { return [] }
    return stored.map { Enclosure(url: $0.url, type: $0.type, length: $0.length, duration: $0.duration) }
  }

  /// A JSON array of strings. The empty array, what most feeds' tags (`json_group_array` of none) and
  /// warnings are, skips the decoder: three decoders a feed were most of the feed list's read at 1,000
  /// feeds (docs/DECISIONS.md, "A million articles, the first frame").
  ///
  /// SQLite's `json_group_array` writes `["a","b"]`, escaping only with a backslash: such text without
  /// one is split at its `","`, not given to a decoder for each tagged feed of the list (docs/DECISIONS.md,
  /// "The first frame at a million, per feed"). Anything else —
  /// an escape, a space, a control character, a quote left in a piece — goes to the decoder, as before.
  static func strings(_ text: String?) -> [String] {
    guard let text, text != "[]" else { return [] }
    if let plain = plainStrings(text) { return plain }
    return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }

  /// `strings` of `["…","…"]` with no backslash, quote or control character inside a string; nil otherwise.
  static func plainStrings(_ text: String) -> [String]? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 4, bytes.starts(with: [0x5B, 0x22]), bytes.suffix(2).elementsEqual([0x22, 0x5D]),
      !bytes.contains(where: { $0 == 0x5C || $0 < 0x20 })
    else { return nil }
    let inner = bytes[2..<(bytes.count - 2)]
    var strings: [String] = []
    var start = inner.startIndex
    var index = inner.startIndex
    while index <= inner.endIndex {
      if index == inner.endIndex || inner[index...].starts(with: [0x22, 0x2C, 0x22]) {  // `","`
        let piece = inner[start..<index]
        guard !piece.contains(0x22) else { return nil }
        strings.append(String(decoding: piece, as: UTF8.self))
        if index == inner.endIndex { break }
        index += 3
        start = index
      } else {
        index += 1
      }
    }
    return strings
  }
}
