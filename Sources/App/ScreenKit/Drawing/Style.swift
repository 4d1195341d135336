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

/// A terminal colour: the terminal's own default, one of its indexed colours (0–7 ANSI, 8–15 bright,
/// up to 255 on 256-colour terminals), or a true colour (pictures' cells), which the backend sends as is
/// where the terminal has direct colour and as the nearest indexed colour elsewhere.
public enum Color: Hashable, Sendable {
  case `default`
  case index(UInt8)
  case rgb(UInt8, UInt8, UInt8)

  public static let black = Color.index(0)
  public static let red = Color.index(1)
  public static let green = Color.index(2)
  public static let yellow = Color.index(3)
  public static let blue = Color.index(4)
  public static let magenta = Color.index(5)
  public static let cyan = Color.index(6)
  public static let white = Color.index(7)
}

extension Color {
  /// The nearest of a terminal's `count` indexed colours to a true colour: the xterm 6×6×6 cube and grey
  /// ramp (16–255) on 256-colour terminals, else the 8 or 16 ANSI colours.
  public static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8, colors count: Int) -> UInt8 {
    let rgb = [Int(red), Int(green), Int(blue)]
    func distance(_ a: [Int]) -> Int { zip(a, rgb).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } }
    if count >= 256 {
      let levels = [0, 95, 135, 175, 215, 255]
      let steps = rgb.map { value in levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }! }
      let cube = 16 + 36 * steps[0] + 6 * steps[1] + steps[2]
      let average = rgb.reduce(0, +) / 3
      let grey = min(23, max(0, (average - 8 + 5) / 10))
      let greyValue = 8 + 10 * grey
      let cubeDistance = distance(steps.map { levels[$0] })
      return UInt8(distance([greyValue, greyValue, greyValue]) < cubeDistance ? 232 + grey : cube)
    }
    let ansi = [
      [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205],
      [229, 229, 229], [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255],
      [255, 0, 255], [0, 255, 255], [255, 255, 255],
    ]
    let palette = ansi.prefix(count >= 16 ? 16 : 8)
    return UInt8(palette.indices.min { distance(palette[$0]) < distance(palette[$1]) }!)
  }
}
