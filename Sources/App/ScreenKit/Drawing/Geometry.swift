/// Cell-based geometry: terminals address whole cells, so every coordinate is an `Int` column or row.
public struct Point: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
  public static let zero = Point(x: 0, y: 0)
}

/// A size in cells (width = columns, height = rows).
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  public static let zero = Size(width: 0, height: 0)
  public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells; `maxX`/`maxY` are exclusive.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
  }
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  public init(size: Size) { self.init(origin: .zero, size: size) }

  public var x: Int { origin.x }
  public var y: Int { origin.y }
  public var width: Int { size.width }
  public var height: Int { size.height }
  public var minX: Int { origin.x }
  public var minY: Int { origin.y }
  public var maxX: Int { origin.x + size.width }
  public var maxY: Int { origin.y + size.height }
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
  public var description: String { "(\(x),\(y) \(width)×\(height))" }

  public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : Rect(x: x0, y: y0, width: 0, height: 0)
  }

  /// The rectangle shrunk by the given amounts on each side (never negative).
  public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }
  public func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

  /// Splits off `rows` rows from the top: (top part, rest).
  public func dividedTop(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
  }
  /// Splits off `rows` rows from the bottom: (rest, bottom part).
  public func dividedBottom(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
  }
}
