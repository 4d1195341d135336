import Foundation

/// The JSON text of the list-valued item columns (enclosures, categories). Empty lists are stored as
/// NULL, so the common item costs no encoding at all on the reload path.
enum ItemColumns {
  private struct StoredEnclosure: Codable {
    var url: String
    var type: String?
    var length: Int?
  }

  static func json(_ enclosures: [Enclosure]) -> String? {
    guard !enclosures.isEmpty else { return nil }
    let stored = enclosures.map { StoredEnclosure(url: $0.url, type: $0.type, length: $0.length) }
    return (try? JSONEncoder().encode(stored)).map { String(decoding: $0, as: UTF8.self) }
  }

  static func json(_ strings: [String]) -> String? {
    guard !strings.isEmpty else { return nil }
    return (try? JSONEncoder().encode(strings)).map { String(decoding: $0, as: UTF8.self) }
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
