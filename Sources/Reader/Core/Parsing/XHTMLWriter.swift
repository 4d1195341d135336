internal import CLibXML2

/// Serializes inline XHTML (Atom `type="xhtml"` content) back to HTML source, because the model carries
/// bodies as HTML text for the renderer whatever the feed's encoding of them was.
enum XHTMLWriter {
  static func appendStartTag<Sink: ByteSink & ~Copyable>(
    _ local: UnsafePointer<xmlChar>, attributes: SAXAttributes, to buffer: inout Sink
  ) {
    buffer.append(UInt8(ascii: "<"))
    appendName(local, to: &buffer)
    attributes.forEach { name, value in
      buffer.append(0x20)
      appendName(name, to: &buffer)
      buffer.append("=\"")
      appendEscaped(value, to: &buffer, attribute: true)
      buffer.append(UInt8(ascii: "\""))
    }
    buffer.append(UInt8(ascii: ">"))
  }

  static func appendEndTag<Sink: ByteSink & ~Copyable>(_ local: UnsafePointer<xmlChar>, to buffer: inout Sink) {
    if isVoid(local) { return }
    buffer.append("</")
    appendName(local, to: &buffer)
    buffer.append(UInt8(ascii: ">"))
  }

  /// Text as HTML: `&`, `<`, `>` (and `"` in attributes) escaped.
  static func appendEscaped<Sink: ByteSink & ~Copyable>(
    _ text: UnsafeBufferPointer<UInt8>, to buffer: inout Sink, attribute: Bool
  ) {
    for c in text {
      switch c {
      case UInt8(ascii: "&"): buffer.append("&amp;")
      case UInt8(ascii: "<"): buffer.append("&lt;")
      case UInt8(ascii: ">"): buffer.append("&gt;")
      case UInt8(ascii: "\"") where attribute: buffer.append("&quot;")
      default: buffer.append(c)
      }
    }
  }

  /// Plain text (Atom `type="text"`, JSON Feed `content_text`) as HTML: escaped, blank-line-separated
  /// paragraphs in `<p>`, single line breaks as `<br>`.
  static func htmlFromPlainText(_ text: UnsafeBufferPointer<UInt8>) -> String {
    var escaped: [UInt8] = []
    appendEscaped(text, to: &escaped, attribute: false)
    let source = String(decoding: escaped, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !source.isEmpty else { return "" }
    return source.replacingOccurrences(of: "\r\n", with: "\n")
      .components(separatedBy: "\n\n")
      .map { "<p>" + $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\n", with: "<br>") + "</p>" }
      .joined(separator: "\n")
  }

  static func htmlFromPlainText(_ text: String) -> String {
    var text = text
    return text.withUTF8 { htmlFromPlainText($0) }
  }

  private static func appendName<Sink: ByteSink & ~Copyable>(_ name: UnsafePointer<xmlChar>, to buffer: inout Sink) {
    var p = name
    while p.pointee != 0 {
      buffer.append(p.pointee)
      p += 1
    }
  }

  private static func isVoid(_ name: UnsafePointer<xmlChar>) -> Bool {
    for void in voidElements where xmlStrEqual(name, void) != 0 { return true }
    return false
  }

  private static let voidElements: [[UInt8]] = ["br", "img", "hr", "input", "meta", "link", "area", "col", "source", "wbr"]
    .map { Array($0.utf8) + [0] }
}
