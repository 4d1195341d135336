/// Cell-based geometry: terminals address whole cells, so every coordinate is an `Int` column or row.
struct Point: Hashable, Sendable {
  var x: Int
  var y: Int
  static let zero = Point(x: 0, y: 0)
}

/// A size in cells (width = columns, height = rows).
struct Size: Hashable, Sendable, CustomStringConvertible {
  var width: Int
  var height: Int
  static let zero = Size(width: 0, height: 0)
  var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells; `maxX`/`maxY` are exclusive.
struct Rect: Hashable, Sendable, CustomStringConvertible {
  var origin: Point
  var size: Size

  static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  init(origin: Point, size: Size) {
    self.origin = origin
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
  }
  init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }
  init(size: Size) { self.init(origin: .zero, size: size) }

  var x: Int { origin.x }
  var y: Int { origin.y }
  var width: Int { size.width }
  var height: Int { size.height }
  var minX: Int { origin.x }
  var minY: Int { origin.y }
  var maxX: Int { origin.x + size.width }
  var maxY: Int { origin.y + size.height }
  var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
  var description: String { "(\(x),\(y) \(width)×\(height))" }

  func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

  func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : Rect(x: x0, y: y0, width: 0, height: 0)
  }

  /// The rectangle shrunk by the given amounts on each side (never negative).
  func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }
  func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

  /// Splits off `rows` rows from the top: (top part, rest).
  func dividedTop(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
  }
  /// Splits off `rows` rows from the bottom: (rest, bottom part).
  func dividedBottom(_ rows: Int) -> (Rect, Rect) {
    let r = min(max(0, rows), height)
    return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
  }
}
