/// The meaning of a piece of article text (bold, a link, code …) without saying how it looks: the renderer
/// stays free of ANSI and ncurses, and the UI maps each flag to terminal attributes (DESIGN §1, secondary
/// pane). Flags combine, e.g. a bold link inside a block quote is `[.bold, .link, .quote]`.
public struct TextStyle: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = TextStyle(rawValue: 1 << 0)
  public static let italic = TextStyle(rawValue: 1 << 1)
  public static let underline = TextStyle(rawValue: 1 << 2)
  /// Inline `code` and preformatted blocks.
  public static let code = TextStyle(rawValue: 1 << 3)
  /// `h1`…`h6` text.
  public static let heading = TextStyle(rawValue: 1 << 4)
  /// The text of an `<a href>`; its `[n]` marker is `.dim`.
  public static let link = TextStyle(rawValue: 1 << 5)
  /// Text inside a block quote, and the quote bar itself.
  public static let quote = TextStyle(rawValue: 1 << 6)
  /// Secondary text: link markers, image placeholders, table separators, rules, the link list.
  public static let dim = TextStyle(rawValue: 1 << 7)
  /// `del`, `s`, `strike`.
  public static let strikethrough = TextStyle(rawValue: 1 << 8)
}

/// A stretch of text in one style: the unit the UI draws (one `addstr` with one attribute set).
public struct StyledRun: Hashable, Sendable {
  public var text: String
  public var style: TextStyle

  public init(_ text: String, _ style: TextStyle = []) {
    self.text = text
    self.style = style
  }

  /// Terminal columns this run takes (`DisplayWidth`).
  public var width: Int { DisplayWidth.of(text) }
}
