import TextLayout
import Foundation

extension StyledText {
  /// Renders article HTML (a fragment or a whole page) for the terminal: libxml2's HTML parser in recover
  /// mode without network access, then one walk over the tree (`HTMLRenderer`). Relative links and media
  /// sources are made absolute against `baseURL` (the article's link, else the feed's URL). Never fails:
  /// broken markup renders as whatever text libxml2 recovered.
  public init(html: String, baseURL: URL? = nil) {
    self = HTMLRenderer.render(html, resolver: ArticleLinkResolver(baseURL: baseURL))
  }
}

/// Makes link targets found in article HTML absolute (through the one `LinkResolver`), and keeps only the
/// ones a reader can follow safely, so that the numbered link list and `extract --html` hold only openable
/// URLs: schemes are allow-listed (http, https, mailto; `data:` for pictures) on the address as a browser
/// parses it, never on the text as written (docs/ROBUSTNESS.md: `java&#9;script:` passed a prefix check,
/// since a browser's URL parser drops the tab first).
struct ArticleLinkResolver: Sendable {
  var baseURL: URL?
  /// Schemes kept beside `allowedSchemes` for this resolver alone: `file` for the feeds a saved page read
  /// from a file advertises (a page from the web never reaches the user's files this way).
  var alsoAllowed: Set<String> = []

  /// Schemes any kept address may have.
  static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

  /// The absolute form of `href`, or nil when it is empty, an in-page anchor, or its scheme is not allowed
  /// (`javascript:`, `file:`, `vbscript:`, …; `data:` unless `image`, the source of a picture). A relative
  /// address with no base to resolve it against stays relative. Control characters (C0, DEL, C1) come out
  /// percent-encoded, as a browser's URL parser would send them: the link list draws this text on the
  /// terminal and the launcher hands it to the browser (found by the FuzzHTML fuzzer: an `http:` href
  /// holding U+001F reached the link list verbatim, because an href with a scheme was returned as written).
  func resolve(_ href: String, image: Bool = false) -> String? {
    guard let resolved = resolvedKeepingControls(Self.parsedAsBrowsersDo(href)) else { return nil }
    guard Self.isAllowed(resolved, image: image) || alsoAllowed.contains(Self.scheme(of: resolved)) else { return nil }
    return Self.percentEncodingControls(resolved)
  }

  /// What a browser's URL parser reads in `href` before anything else (the WHATWG URL standard): leading
  /// and trailing C0 controls and spaces stripped, every tab, CR and LF removed wherever it is.
  static func parsedAsBrowsersDo(_ href: String) -> String {
    let scalars = href.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0.value > 0x20 }),
      let last = scalars.lastIndex(where: { $0.value > 0x20 })
    else { return "" }
    var out = ""
    out.unicodeScalars.append(contentsOf: scalars[first...last].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    return out
  }

  /// Whether `url` (already resolved) may be kept: its scheme is allowed, or it has none (relative).
  static func isAllowed(_ url: String, image: Bool) -> Bool {
    guard LinkResolver.hasScheme(url), let colon = url.firstIndex(of: ":") else {
      // No scheme: a relative reference, unless something a browser would still read as a scheme
      // (a control character before the colon) is there.
      return !url.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" }).contains(":")
    }
    let scheme = url[..<colon].lowercased()
    return allowedSchemes.contains(scheme) || (image && scheme == "data")
  }

  /// The scheme of an absolute address, lowercased; empty for a relative one.
  static func scheme(of url: String) -> String {
    guard LinkResolver.hasScheme(url), let colon = url.firstIndex(of: ":") else { return "" }
    return url[..<colon].lowercased()
  }

  private func resolvedKeepingControls(_ href: String) -> String? {
    let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    if LinkResolver.hasScheme(trimmed) || URL(string: trimmed) != nil {
      return LinkResolver.resolve(trimmed, against: baseURL)
    }
    if let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: Self.urlCharacters),
      URL(string: escaped) != nil
    {
      return LinkResolver.resolve(escaped, against: baseURL)
    }
    return String(String.UnicodeScalarView(trimmed.unicodeScalars.filter { !HTMLRenderer.isControl($0) }))
  }

  /// `link` with every control scalar replaced by the `%XX` escapes of its UTF-8 bytes.
  static func percentEncodingControls(_ link: String) -> String {
    guard link.unicodeScalars.contains(where: HTMLRenderer.isControl) else { return link }
    var out = ""
    for scalar in link.unicodeScalars {
      if HTMLRenderer.isControl(scalar) {
        for byte in String(scalar).utf8 {
          out += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static let urlCharacters: CharacterSet = {
    var set = CharacterSet.urlQueryAllowed
    set.insert(charactersIn: "#%")
    return set
  }()
}
