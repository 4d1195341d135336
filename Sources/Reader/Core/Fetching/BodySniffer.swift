import Foundation

/// Looks at the bytes a server sent before anyone parses them, because the
/// transport cannot tell the fetcher everything that went wrong:
///
/// - libcurl decodes `Content-Encoding: gzip` itself and reports success
///   when the compressed stream stops early (seen with libcurl 7.88: a cut gzip body arrives as a
///   shorter document and a 200), so a truncated compressed feed would otherwise be parsed — and
///   libxml2's recovery would store a partial feed — without any error;
/// - servers label bodies wrongly, so the Content-Type says nothing reliable: an image served as
///   `text/xml` must be named for what it is rather than reported as broken XML.
enum BodySniffer {
  /// How a document begins, once a byte-order mark, white space, comments, processing instructions and
  /// a doctype are skipped.
  enum Start: Equatable {
    /// `{`: a JSON document.
    case json
    /// `<!doctype html …>`.
    case htmlDoctype
    /// The first element: its name as written and the offset just after the name.
    case element(name: String, afterName: Int)
    /// Anything else, including text in an encoding that is not ASCII-compatible (UTF-16).
    case other
  }

  /// How `data` begins, looking at its first `limit` bytes.
  static func start(of data: Data, limit: Int = 4096) -> Start {
    let head = data.prefix(limit)
    var i = head.startIndex
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { i += 3 }
    func lowerASCII(_ count: Int) -> String {
      String(decoding: head[i..<min(head.endIndex, i + count)], as: UTF8.self).lowercased()
    }
    func skip(past terminator: String) -> Bool {
      guard let end = head[i...].firstRange(of: Array(terminator.utf8)) else { return false }
      i = end.upperBound
      return true
    }
    while true {
      while i < head.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(head[i]) { i += 1 }
      guard i < head.endIndex else { return .other }
      if head[i] == UInt8(ascii: "{") { return .json }
      guard head[i] == UInt8(ascii: "<") else { return .other }
      if lowerASCII(14).hasPrefix("<!doctype html") { return .htmlDoctype }
      if lowerASCII(4) == "<!--" {
        guard skip(past: "-->") else { return .other }
        continue
      }
      if lowerASCII(2) == "<?" {
        guard skip(past: "?>") else { return .other }
        continue
      }
      if lowerASCII(2) == "<!" {
        // A doctype, possibly with an internal subset in brackets (entity declarations hold `>`).
        let close = head[i...].firstIndex(of: UInt8(ascii: ">"))
        if let open = head[i...].firstIndex(of: UInt8(ascii: "[")), close.map({ open < $0 }) ?? true {
          i = open
          guard skip(past: "]") else { return .other }
        }
        guard skip(past: ">") else { return .other }
        continue
      }
      let nameStart = i + 1
      var end = nameStart
      while end < head.endIndex, !Self.endsName(head[end]) { end += 1 }
      guard end > nameStart else { return .other }
      return .element(
        name: String(decoding: head[nameStart..<end], as: UTF8.self), afterName: end - data.startIndex)
    }
  }

  private static func endsName(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(byte)
  }

  /// Whether a document that arrived compressed stops before its end: an XML document whose root element
  /// is never closed, or a JSON document that does not end with `}`. Documents it cannot read (UTF-16,
  /// not markup) count as complete. Trailing junk after the root (PHP warnings…) does not count: only
  /// the root's end tag is looked for, from the end.
  static func looksTruncated(_ data: Data) -> Bool {
    switch start(of: data) {
    case .json:
      let last = data.last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
      return last != UInt8(ascii: "}")
    case .element(let name, let afterName):
      let rest = data[(data.startIndex + afterName)...]
      guard let tagEnd = rest.firstIndex(of: UInt8(ascii: ">")) else { return true }
      if tagEnd > rest.startIndex, data[tagEnd - 1] == UInt8(ascii: "/") { return false }  // <root/>
      return data[tagEnd...].range(of: Data("</\(name)".utf8), options: .backwards) == nil
    case .htmlDoctype, .other:
      return false
    }
  }

  /// What kind of file `data` is when its first bytes are the signature of a well-known binary format
  /// ("a PNG image"), else nil. Only signatures no feed can begin with are listed (UTF-16 text, which
  /// holds zero bytes, is not binary here).
  static func binaryKind(_ data: Data) -> String? {
    let head = [UInt8](data.prefix(12))
    func has(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
    }
    if has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
    if has(Array("GIF87a".utf8)) || has(Array("GIF89a".utf8)) { return "a GIF image" }
    if has([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
    if has(Array("RIFF".utf8)) && has(Array("WEBP".utf8), at: 8) { return "a WebP image" }
    if has(Array("%PDF-".utf8)) { return "a PDF document" }
    if has([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
    if has([0x1F, 0x8B]) { return "a gzip file (compressed without Content-Encoding)" }
    return nil
  }
}
