/// How a cell looks, in terminal-independent terms: the ncurses backend maps it to attributes and colour
/// pairs, tests assert it directly (ARCHITECTURE §2).
struct Style: Hashable, Sendable {
  /// Text attributes a terminal can show.
  struct Attributes: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let bold = Attributes(rawValue: 1 << 0)
    static let dim = Attributes(rawValue: 1 << 1)
    static let italic = Attributes(rawValue: 1 << 2)
    static let underline = Attributes(rawValue: 1 << 3)
    static let reverse = Attributes(rawValue: 1 << 4)
  }

  var foreground: Color = .default
  var background: Color = .default
  var attributes: Attributes = []

  init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  static let plain = Style()
  static let bold = Style(attributes: .bold)
  static let dim = Style(attributes: .dim)
  static let reverse = Style(attributes: .reverse)
  static let underline = Style(attributes: .underline)

  func adding(_ a: Attributes) -> Style {
    var s = self
    s.attributes.formUnion(a)
    return s
  }
}

/// A terminal colour: the terminal's own default, or one of its indexed colours (0–7 ANSI, 8–15 bright,
/// up to 255 on 256-colour terminals).
enum Color: Hashable, Sendable {
  case `default`
  case index(UInt8)

  static let black = Color.index(0)
  static let red = Color.index(1)
  static let green = Color.index(2)
  static let yellow = Color.index(3)
  static let blue = Color.index(4)
  static let magenta = Color.index(5)
  static let cyan = Color.index(6)
  static let white = Color.index(7)
}
