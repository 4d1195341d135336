import TextLayout

/// The few non-ASCII glyphs the UI draws (box borders, popover arrows, `‹ Back`, `◧`), with an ASCII set
/// for terminals whose locale is not UTF-8 (`TerminalBackend.supportsUnicode == false`). The set travels
/// with the `Surface`, so controllers never ask the backend.
public struct Glyphs: Equatable, Sendable {
  public var horizontal: String
  public var vertical: String
  public var topLeft: String
  public var topRight: String
  public var bottomLeft: String
  public var bottomRight: String
  public var cross: String
  public var arrowUp: String
  public var arrowDown: String
  public var back: String
  public var hideList: String
  public var ellipsis: String
  /// Beside a starred article.
  public var star: String

  public static let unicode = Glyphs(
    horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
    cross: "┼", arrowUp: "▲", arrowDown: "▼", back: "‹", hideList: "◧", ellipsis: "…", star: "★")
  public static let ascii = Glyphs(
    horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
    cross: "+", arrowUp: "^", arrowDown: "v", back: "<", hideList: "<|", ellipsis: "...", star: "*")
}

extension Surface {
  /// Draws a one-cell border just inside `rect` and clears its inside; returns the inside.
  @discardableResult
  public mutating func drawBox(_ rect: Rect, style: Style = .plain) -> Rect {
    guard rect.width >= 2, rect.height >= 2 else { return .zero }
    fill(rect, style: style)
    let g = glyphs
    let inner = String(repeating: g.horizontal, count: rect.width - 2)
    put(g.topLeft + inner + g.topRight, at: rect.origin, style: style)
    put(g.bottomLeft + inner + g.bottomRight, at: Point(x: rect.minX, y: rect.maxY - 1), style: style)
    for y in (rect.minY + 1)..<(rect.maxY - 1) {
      put(g.vertical, at: Point(x: rect.minX, y: y), style: style)
      put(g.vertical, at: Point(x: rect.maxX - 1, y: y), style: style)
    }
    return rect.inset(by: 1)
  }

  /// A horizontal rule across `rect`'s first row.
  public mutating func drawRule(_ rect: Rect, style: Style = .dim) {
    guard rect.width > 0, rect.height > 0 else { return }
    put(String(repeating: glyphs.horizontal, count: rect.width), at: rect.origin, style: style, clip: rect)
  }

  /// A vertical rule down `rect`'s first column.
  public mutating func drawVerticalRule(_ rect: Rect, style: Style = .dim) {
    for y in rect.minY..<rect.maxY { put(glyphs.vertical, at: Point(x: rect.minX, y: y), style: style, clip: rect) }
  }

  /// Draws `text` centred in `rect`'s row `y` (the placeholder, the too-small message).
  public mutating func putCentered(_ text: String, y: Int, in rect: Rect, style: Style = .plain) {
    let shown = TextWrapper.truncate(text, width: rect.width, ellipsis: glyphs.ellipsis)
    let x = rect.minX + max(0, (rect.width - DisplayWidth.of(shown)) / 2)
    put(shown, at: Point(x: x, y: y), style: style, clip: rect)
  }
}
