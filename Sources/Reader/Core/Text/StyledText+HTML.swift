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

/// Makes link targets found in article HTML absolute (through the one `LinkResolver`), and filters out the
/// ones a reader cannot follow (in-page anchors, `javascript:`), so that the numbered link list holds only
/// openable URLs.
struct ArticleLinkResolver: Sendable {
  var baseURL: URL?

  /// The absolute form of `href`, or nil when it is empty, an in-page anchor or a script. Control
  /// characters (C0, DEL, C1) come out percent-encoded, as a browser's URL parser would send them: the link
  /// list draws this text on the terminal and the launcher hands it to the browser (found by the
  /// FuzzHTML fuzzer: an `http:` href holding U+001F reached the link list verbatim, because an href with a
  /// scheme was returned as written).
  func resolve(_ href: String) -> String? {
    resolvedKeepingControls(href).map(Self.percentEncodingControls)
  }

  private func resolvedKeepingControls(_ href: String) -> String? {
    let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("javascript:") {
      return nil
    }
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
