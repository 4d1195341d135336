internal import CLibXML2
import Foundation

/// OPML subscription lists (`splitfeed import` / `export`, DESIGN §6). Reading uses libxml2's pull reader
/// (the same libxml2 as the feeds, strict XML, no network, no external entities): Foundation's
/// `XMLParser` crashed on malformed files the fuzzer made. Folders (outlines without `xmlUrl`) become
/// tags of the feeds inside them.
public enum OPML {
  /// One subscription.
  public struct Subscription: Sendable, Equatable {
    public var url: String
    public var title: String?
    public var siteLink: String?
    /// Titles of the enclosing folders, outermost first.
    public var tags: [String]

    public init(url: String, title: String? = nil, siteLink: String? = nil, tags: [String] = []) {
      self.url = url
      self.title = title
      self.siteLink = siteLink
      self.tags = tags
    }
  }

  /// The result of reading a file: its feeds in document order, and how many outlines had a `type`
  /// of a feed but no `xmlUrl` (reported, not fatal).
  public struct Document: Sendable, Equatable {
    public var subscriptions: [Subscription]
    public var outlinesWithoutURL: Int
  }

  public static func parse(_ data: Data) throws(OPMLError) -> Document {
    // FoundationXML traps on a name or attribute that is not UTF-8 (found by FuzzUserFiles): refuse such
    // a file first. A file that declares another encoding reaches the parser, which converts it.
    if String(validating: data, as: UTF8.self) == nil && !declaresOtherEncoding(data) {
      let bad = TextFileLines.split(data).firstIndex { if case .notUTF8 = $0 { true } else { false } } ?? 0
      throw .malformed(line: bad + 1, reason: "the file is not UTF-8 text and declares no other encoding")
    }
    guard data.count < Int32.max else { throw .malformed(line: 0, reason: "the file is too large") }
    let result = data.withUnsafeBytes { raw in Result { () throws(OPMLError) in try read(raw) } }
    return try result.get()
  }

  /// Walks the document with libxml2's `xmlTextReader`, which reads `raw` in place (it must outlive the
  /// reader).
  private static func read(_ raw: UnsafeRawBufferPointer) throws(OPMLError) -> Document {
    LibXML.prepareThread()
    xmlResetLastError()
    let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    guard raw.count > 0, let base, let reader = xmlReaderForMemory(base, Int32(raw.count), nil, nil, options) else {
      throw .malformed(line: 1, reason: "the file is empty")
    }
    defer { xmlFreeTextReader(reader) }
    var document = Document(subscriptions: [], outlinesWithoutURL: 0)
    var rootName: String?
    /// One entry per open `outline`: the folder title it contributes, or nil for a feed outline.
    var stack: [String?] = []
    while true {
      let status = xmlTextReaderRead(reader)
      if status == 0 { break }
      guard status > 0 else {
        let error = xmlGetLastError()
        let line = error.map { Int($0.pointee.line) } ?? Int(xmlTextReaderGetParserLineNumber(reader))
        throw .malformed(line: line, reason: OPMLError.reason(code: error.map { Int($0.pointee.code) }))
      }
      let type = xmlTextReaderNodeType(reader)
      let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
      if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
        if name == "outline", !stack.isEmpty { stack.removeLast() }
        continue
      }
      guard type == Int32(XML_READER_TYPE_ELEMENT.rawValue) else { continue }
      if rootName == nil {
        rootName = name
        guard name.lowercased() == "opml" else { throw .notOPML(root: name) }
        continue
      }
      guard name == "outline" else { continue }
      let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
      let attributes = Self.attributes(reader)
      let title = nonEmpty(attributes["title"]) ?? nonEmpty(attributes["text"])
      let entry: String?
      if let url = nonEmpty(attributes["xmlUrl"] ?? attributes["xmlurl"]) {
        document.subscriptions.append(
          Subscription(url: url, title: title, siteLink: nonEmpty(attributes["htmlUrl"]), tags: stack.compactMap { $0 }))
        entry = nil
      } else {
        if let type = attributes["type"]?.lowercased(), type == "rss" || type == "atom" { document.outlinesWithoutURL += 1 }
        entry = title
      }
      // An empty element (`<outline …/>`) has no end event of its own.
      if !isEmpty { stack.append(entry) }
    }
    guard rootName != nil else { throw .notOPML(root: "") }
    return document
  }

  /// The current element's attributes by local name (values already decoded by libxml2).
  private static func attributes(_ reader: xmlTextReaderPtr) -> [String: String] {
    var attributes: [String: String] = [:]
    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
      guard let name = xmlTextReaderConstLocalName(reader) else { continue }
      attributes[String(cString: name)] = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
    }
    xmlTextReaderMoveToElement(reader)
    return attributes
  }

  /// Titles and folder names on one line (`UrlsFile.oneLine`): an attribute may hold `&#10;`, and a folder
  /// name becomes a tag in the line-based urls file.
  private static func nonEmpty(_ s: String?) -> String? {
    guard let t = s.map(UrlsFile.oneLine), !t.isEmpty else { return nil }
    return t
  }

  /// True when the XML declaration names an encoding other than UTF-8.
  private static func declaresOtherEncoding(_ data: Data) -> Bool {
    let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
    guard head.hasPrefix("<?xml"), let end = head.range(of: "?>"),
      let found = head[..<end.lowerBound].range(of: "encoding=")
    else { return false }
    let value = head[found.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
    return value != "utf-8" && value != "utf8"
  }

  /// An OPML 2.0 document listing `subscriptions`; feeds sharing a first tag sit in a folder of that
  /// name (so an import/export round trip keeps one level of folders).
  public static func render(_ subscriptions: [Subscription], title: String = "splitfeed subscriptions") -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <opml version="2.0">
        <head>
          <title>\(escape(title))</title>
        </head>
        <body>

      """
    var folders: [String] = []
    var inFolder: [String: [Subscription]] = [:]
    for subscription in subscriptions {
      guard let tag = subscription.tags.first else { continue }
      if inFolder[tag] == nil { folders.append(tag) }
      inFolder[tag, default: []].append(subscription)
    }
    var emitted = Set<String>()
    for subscription in subscriptions {
      guard let tag = subscription.tags.first else {
        out += "    " + outline(subscription) + "\n"
        continue
      }
      guard emitted.insert(tag).inserted else { continue }
      out += "    <outline text=\"\(escape(tag))\" title=\"\(escape(tag))\">\n"
      for member in inFolder[tag] ?? [] { out += "      " + outline(member) + "\n" }
      out += "    </outline>\n"
    }
    return out + "  </body>\n</opml>\n"
  }

  private static func outline(_ s: Subscription) -> String {
    let title = escape(s.title ?? s.url)
    var line = "<outline type=\"rss\" text=\"\(title)\" title=\"\(title)\" xmlUrl=\"\(escape(s.url))\""
    if let link = s.siteLink { line += " htmlUrl=\"\(escape(link))\"" }
    return line + "/>"
  }

  /// Text for an XML attribute or element: markup characters escaped, characters XML forbids dropped, and
  /// DEL, C1 controls and bidi controls dropped too: `export` writes to a terminal as often as to a file,
  /// and feed data must neither drive the terminal nor make a line read in another order.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "\n": out += "&#10;"
      case "\t": out += "&#9;"
      default:
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) || (0xFFFE...0xFFFF).contains(v) { continue }
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
          || v == 0x061C
        {
          continue
        }
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

/// Why an OPML file could not be read.
public enum OPMLError: Error, Equatable, Sendable, CustomStringConvertible {
  case notOPML(root: String)
  case malformed(line: Int, reason: String)

  public var description: String {
    switch self {
    case .notOPML(let root):
      return root.isEmpty ? "The file is not OPML (it has no root element)." : "The file is not OPML: its root element is <\(root)>, not <opml>."
    case .malformed(let line, let reason):
      return "The OPML file is not well-formed XML (line \(line): \(reason))."
    }
  }

  /// What went wrong, in words, for libxml2's error codes (its own messages name parser internals).
  static func reason(code: Int?) -> String {
    guard let code else { return "the XML is malformed" }
    switch code {
    case 4: return "the file is empty"
    case 5, 77: return "the file ends in the middle of an element"
    case 6, 7, 8, 10...13: return "a character reference (&#…;) is invalid"
    case 9: return "a character that XML does not allow"
    case 14...25: return "an entity reference (&…;) is malformed, perhaps a bare & that should be &amp;"
    case 26, 27: return "an entity is not defined (only &amp; &lt; &gt; &quot; &apos; are, without a DTD)"
    case 28...30: return "the file uses external or parameter entities, which are not read"
    case 31, 32, 79, 81: return "the declared encoding is unknown or does not match the bytes"
    case 33, 34, 39...44: return "an attribute's value is not quoted or not closed"
    case 38: return "an attribute's value contains <"
    case 45: return "a comment is not closed"
    case 64: return "a processing instruction or XML declaration is misplaced"
    case 68: return "a name was expected (a stray < or & perhaps)"
    case 73: return "a tag is not closed with >"
    case 76: return "an end tag does not match the element it closes"
    case 85, 86: return "there is content after the document's root element"
    default: return "the XML is malformed (libxml2 error \(code))"
    }
  }
}
