import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// OPML subscription lists (`splitfeed import` / `export`, SPEC §6). Reading uses Foundation's
/// `XMLParser` rather than the feed parser's libxml2 SAX layer: an OPML file is small and read once, so
/// the simpler event API wins, and with external entities left unresolved (its default) it reads no file
/// and fetches nothing. Folders (outlines without `xmlUrl`) become tags of the feeds inside them.
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
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    let reader = Reader()
    parser.delegate = reader
    let ok = parser.parse()
    if !reader.sawRoot {
      if ok || reader.rootName != nil { throw .notOPML(root: reader.rootName ?? "") }
    }
    guard ok else {
      throw .malformed(line: parser.lineNumber, reason: parser.parserError?.localizedDescription ?? "parse error")
    }
    // FoundationXML on Linux reports a document cut off inside an element as a success.
    guard reader.openElements == 0 else {
      throw .malformed(line: parser.lineNumber, reason: "the document ends before its elements are closed")
    }
    return Document(subscriptions: reader.subscriptions, outlinesWithoutURL: reader.withoutURL)
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

  /// Collects outlines while `XMLParser` walks the document.
  private final class Reader: NSObject, XMLParserDelegate {
    var subscriptions: [Subscription] = []
    var withoutURL = 0
    var rootName: String?
    var sawRoot = false
    var openElements = 0
    /// One entry per open `outline`: the folder title it contributes, or nil for a feed outline.
    private var stack: [String?] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      openElements += 1
      if rootName == nil {
        rootName = name
        sawRoot = name.lowercased() == "opml"
        if !sawRoot { parser.abortParsing() }
        return
      }
      guard name == "outline" else { return }
      let title = nonEmpty(attributes["title"]) ?? nonEmpty(attributes["text"])
      if let url = nonEmpty(attributes["xmlUrl"] ?? attributes["xmlurl"]) {
        subscriptions.append(
          Subscription(url: url, title: title, siteLink: nonEmpty(attributes["htmlUrl"]), tags: stack.compactMap { $0 }))
        stack.append(nil)
      } else {
        if let type = attributes["type"]?.lowercased(), type == "rss" || type == "atom" { withoutURL += 1 }
        stack.append(title)
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      openElements -= 1
      if name == "outline", !stack.isEmpty { stack.removeLast() }
    }

    private func nonEmpty(_ s: String?) -> String? {
      guard let t = s?.trimmingCharacters(in: .whitespacesAndNewlines), !t.isEmpty else { return nil }
      return t
    }
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
}
