/// How a cell looks, in terminal-independent terms: the ncurses backend maps it to attributes and colour
/// pairs, tests assert it directly (docs/ARCHITECTURE.md, "A frame").
public struct Style: Hashable, Sendable {
  /// Text attributes a terminal can show.
  public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1 << 0)
    public static let dim = Attributes(rawValue: 1 << 1)
    public static let italic = Attributes(rawValue: 1 << 2)
    public static let underline = Attributes(rawValue: 1 << 3)
    public static let reverse = Attributes(rawValue: 1 << 4)
  }

  public var foreground: Color = .default
  public var background: Color = .default
  public var attributes: Attributes = []

  public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = Style()
  public static let bold = Style(attributes: .bold)
  public static let dim = Style(attributes: .dim)
  public static let reverse = Style(attributes: .reverse)
  public static let underline = Style(attributes: .underline)

  public func adding(_ a: Attributes) -> Style {
    var s = self
    s.attributes.formUnion(a)
    return s
  }
}

/// A terminal colour: the terminal's own default, or one of its indexed colours (0–7 ANSI, 8–15 bright,
/// up to 255 on 256-colour terminals).
public enum Color: Hashable, Sendable {
  case `default`
  case index(UInt8)

  public static let black = Color.index(0)
  public static let red = Color.index(1)
  public static let green = Color.index(2)
  public static let yellow = Color.index(3)
  public static let blue = Color.index(4)
  public static let magenta = Color.index(5)
  public static let cyan = Color.index(6)
  public static let white = Color.index(7)
}
