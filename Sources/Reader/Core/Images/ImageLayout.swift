/// How big a picture is drawn in the article pane, in terminal cells (DESIGN §1, secondary pane): as
/// wide as the pane allows but never wider than the picture's own size, and never taller than two thirds
/// of the pane, so text stays in view around it.
public enum ImageLayout {
  /// The pixels a terminal cell covers on a typical terminal: a picture's own size in cells.
  public static let cellPixelWidth = 8
  public static let cellPixelHeight = 16

  /// Columns and rows for a picture of `width` × `height` pixels in a pane `columns` wide and `paneRows`
  /// tall. A half-block cell shows two pixels stacked, and a cell is about twice as tall as wide, so one
  /// row holds as much height as two columns hold width.
  public static func cells(width: Int, height: Int, columns: Int, paneRows: Int) -> (columns: Int, rows: Int) {
    guard width > 0, height > 0, columns > 0, paneRows > 0 else { return (0, 0) }
    let own = (width + cellPixelWidth - 1) / cellPixelWidth
    var wide = min(own, columns)
    let aspect = Double(height) / Double(width)
    var rows = max(1, Int((Double(wide) * aspect / 2).rounded()))
    let cap = max(1, paneRows * 2 / 3)
    if rows > cap {
      rows = cap
      wide = max(1, min(wide, Int((Double(rows) * 2 / aspect).rounded())))
    }
    return (wide, rows)
  }
}

/// A colour of a picture's pixel.
public struct RGB: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }
}

/// One terminal cell of a picture drawn with the upper half block: its top and bottom pixel (nil where
/// the picture is transparent, so the pane's background shows).
public struct HalfBlock: Hashable, Sendable {
  public var top: RGB?
  public var bottom: RGB?

  public init(top: RGB?, bottom: RGB?) {
    self.top = top
    self.bottom = bottom
  }
}

extension Bitmap {
  /// The picture as `rows` rows of `columns` half-block cells, each pixel the mean of the area it covers.
  public func halfBlocks(columns: Int, rows: Int) -> [[HalfBlock]] {
    guard columns > 0, rows > 0, width > 0, height > 0 else { return [] }
    func pixel(_ x: Int, _ y: Int) -> RGB? {
      let mean = average(
        x0: x * width / columns, x1: (x + 1) * width / columns, y0: y * height / (rows * 2),
        y1: (y + 1) * height / (rows * 2))
      return mean[3] < 128 ? nil : RGB(mean[0], mean[1], mean[2])
    }
    return (0..<rows).map { row in
      (0..<columns).map { column in HalfBlock(top: pixel(column, row * 2), bottom: pixel(column, row * 2 + 1)) }
    }
  }
}
