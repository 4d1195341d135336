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
