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
  // strings. (JSONEncoder would also escape "/"; JSON does not require it.)

  static func json(_ enclosures: [Enclosure]) -> String? {
    guard !enclosures.isEmpty else { return nil }
    var out = "["
    for (index, enclosure) in enclosures.enumerated() {
      if index > 0 { out += "," }
      out += "{\"url\":"
      JSONString.append(enclosure.url, to: &out)
      if let type = enclosure.type {
        out += ",\"type\":"
        JSONString.append(type, to: &out)
      }
      if let length = enclosure.length { out += ",\"length\":\(length)" }
      if let duration = enclosure.duration { out += ",\"duration\":\(duration)" }
      out += "}"
    }
    return out + "]"
  }

  static func json(_ strings: [String]) -> String? {
    guard !strings.isEmpty else { return nil }
    var out = "["
    for (index, string) in strings.enumerated() {
      if index > 0 { out += "," }
      JSONString.append(string, to: &out)
    }
    return out + "]"
  }

  static func enclosures(_ text: String?) -> [Enclosure] {
    guard let text, let stored = try? JSONDecoder().decode([StoredEnclosure].self, from: Data(text.utf8))
    else { return [] }
    return stored.map { Enclosure(url: $0.url, type: $0.type, length: $0.length, duration: $0.duration) }
  }

  static func strings(_ text: String?) -> [String] {
    guard let text else { return [] }
    return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
  }
}
