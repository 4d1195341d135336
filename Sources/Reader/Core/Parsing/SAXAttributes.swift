internal import CLibXML2

/// A view of the attribute array libxml2's SAX2 `startElementNs` passes (five pointers per attribute:
/// local name, prefix, URI, value start, value end), so values become Strings only when asked for.
struct SAXAttributes {
  let pointers: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  let count: Int

  /// The value of the attribute `name` in namespace `ns` (`.none`: an unprefixed attribute).
  func value(named name: StaticString, ns: FeedNamespace = .none) -> String? {
    guard let pointers, count > 0 else { return nil }
    for i in 0..<count {
      let at = pointers + 5 * i
      guard let local = at[0], xmlStrEqual(local, name.utf8Start) != 0 else { continue }
      if ns == .none ? at[2] != nil : FeedNamespace(uri: at[2]) != ns { continue }
      guard let start = at[3], let end = at[4] else { return "" }
      let raw = UnsafeBufferPointer(start: start, count: end - start)
      // Straight from libxml2's bytes unless there is an entity to decode: no intermediate array.
      if !raw.contains(UInt8(ascii: "&")) { return String(decoding: raw, as: UTF8.self) }
      return String(decoding: PlainText.decodeEntities(raw), as: UTF8.self)
    }
    return nil
  }

  /// Without entity substitution libxml2 hands attribute values over with `&amp;` as `&#38;` and other
  /// entity references unexpanded; this finishes the job.
  private static func decoded(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    raw.contains(UInt8(ascii: "&")) ? PlainText.decodeEntities(raw) : Array(raw)
  }

  /// Calls `body` with each attribute's local name and decoded UTF-8 value.
  func forEach(_ body: (UnsafePointer<xmlChar>, UnsafeBufferPointer<UInt8>) -> Void) {
    guard let pointers else { return }
    for i in 0..<count {
      let at = pointers + 5 * i
      guard let local = at[0], let start = at[3], let end = at[4] else { continue }
      Self.decoded(UnsafeBufferPointer(start: start, count: end - start)).withUnsafeBufferPointer {
        body(local, $0)
      }
    }
  }
}
