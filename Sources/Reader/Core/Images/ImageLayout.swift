/// How big a picture is drawn in the article pane, in terminal cells (DESIGN §1, secondary pane): as
/// wide as the pane allows but never wider than the picture's own size, and never taller than two thirds
/// of the pane, so text stays in view around it.
public enum ImageLayout {
  /// The pixels a terminal cell covers on a typical terminal: a picture's own size in cells.
  public static let cellPixelWidth = 8
  public static let cellPixelHeight = 16

  /// Columns and rows for a picture of `width` × `height` pixels in a pane `columns` wide and `paneRows`
  /// tall. A half-block cell shows two pixels stacked, and a cell is about twice as tall as wide, so one
  /// row holds as much height as two columns hold width. With `cellPixels` (a terminal drawing pixels,
  /// sixel) the picture takes the cells its own pixels cover instead, its last row and column partly.
  public static func cells(
    width: Int, height: Int, columns: Int, paneRows: Int, cellPixels: (width: Int, height: Int)? = nil
  ) -> (columns: Int, rows: Int) {
    guard width > 0, height > 0, columns > 0, paneRows > 0 else { return (0, 0) }
    if let cell = cellPixels, cell.width > 0, cell.height > 0 {
      return pixelCells(width: width, height: height, columns: columns, paneRows: paneRows, cell: cell)
    }
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

  private static func pixelCells(
    width: Int, height: Int, columns: Int, paneRows: Int, cell: (width: Int, height: Int)
  ) -> (columns: Int, rows: Int) {
    let wide = min((width + cell.width - 1) / cell.width, columns)
    // The height the picture has at that width, in whole rows.
    let shownHeight = Double(min(width, wide * cell.width)) * Double(height) / Double(width)
    let rows = max(1, Int((shownHeight / Double(cell.height)).rounded(.up)))
    let cap = max(1, paneRows * 2 / 3)
    guard rows > cap else { return (wide, rows) }
    let narrower = Int((Double(cap * cell.height) * Double(width) / Double(height) / Double(cell.width)).rounded(.up))
    return (max(1, min(wide, narrower)), cap)
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

extension Bitmap {
  /// The picture scaled to fit `width` × `height` pixels with its shape kept (each pixel the mean of the
  /// area it covers, or the nearest one when growing): what a terminal drawing pixels (sixel) shows in
  /// the cells `ImageLayout.cells` gave it.
  public func scaled(fitting width: Int, _ height: Int) -> Bitmap {
    guard self.width > 0, self.height > 0, width > 0, height > 0 else { return Bitmap(width: 0, height: 0, pixels: []) }
    let scale = min(Double(width) / Double(self.width), Double(height) / Double(self.height))
    let w = min(width, max(1, Int((Double(self.width) * scale).rounded())))
    let h = min(height, max(1, Int((Double(self.height) * scale).rounded())))
    if w == self.width && h == self.height { return self }
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 0..<w {
        let mean = average(x0: x * self.width / w, x1: (x + 1) * self.width / w, y0: y * self.height / h, y1: (y + 1) * self.height / h)
        let o = (y * w + x) * 4
        out[o] = mean[0]
        out[o + 1] = mean[1]
        out[o + 2] = mean[2]
        out[o + 3] = mean[3]
      }
    }
    return Bitmap(width: w, height: h, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
  }

  /// Pixel rows `rows` (clamped) of the picture, with the pixels inside `hidden` made transparent: the
  /// part of a picture in view, less what is drawn over it.
  public func cropped(rows: Range<Int>, hiding hidden: [(x: Int, y: Int, width: Int, height: Int)]) -> Bitmap {
    let top = min(max(0, rows.lowerBound), height)
    let bottom = min(max(top, rows.upperBound), height)
    var out = Array(pixels[(top * width * 4)..<(bottom * width * 4)])
    for rect in hidden {
      let (x0, x1) = (max(0, rect.x), min(width, rect.x + rect.width))
      let (y0, y1) = (max(0, rect.y), min(bottom - top, rect.y + rect.height))
      guard x0 < x1, y0 < y1 else { continue }
      for y in y0..<y1 {
        for x in x0..<x1 { out[(y * width + x) * 4 + 3] = 0 }
      }
    }
    return Bitmap(width: width, height: bottom - top, pixels: out, sourceWidth: sourceWidth, sourceHeight: sourceHeight)
  }
}
