import Testing

@testable import Pixels

/// The pure picture functions (`ImageLayout`, `Bitmap`): a picture's cells in a pane, its half blocks,
/// and the scaled and cropped part a terminal drawing pixels shows.
struct ImageLayoutTests {
  /// (picture width, height in pixels, pane columns, pane rows) → (columns, rows).
  @Test(arguments: [
    (800, 400, 80, 30, 80, 20),  // wider than the pane: the pane's width
    (800, 400, 40, 30, 40, 10),  // half the width, half the rows
    (800, 400, 20, 30, 20, 5),
    (160, 80, 80, 30, 20, 5),  // never wider than its own size (8 pixels a column)
    (400, 1600, 80, 24, 8, 16),  // tall: two thirds of the pane, narrower to keep the shape
    (3, 1000, 1, 3, 1, 2),
    (100, 1, 80, 24, 13, 1),  // a thin strip keeps one row
  ])
  func picturesAreSizedToThePane(
    width: Int, height: Int, columns: Int, paneRows: Int, expectedColumns: Int, expectedRows: Int
  ) {
    let cells = ImageLayout.cells(width: width, height: height, columns: columns, paneRows: paneRows)
    #expect(cells.columns == expectedColumns && cells.rows == expectedRows)
  }

  @Test func halfBlocksTakeTheTopAndBottomPixels() {
    let bitmap = Bitmap(width: 1, height: 2, pixels: [255, 0, 0, 255, 0, 0, 255, 0])
    #expect(bitmap.halfBlocks(columns: 1, rows: 1) == [[HalfBlock(top: RGB(255, 0, 0), bottom: nil)]])
  }

  /// What sixel draws: the picture scaled into its cells' pixels with its shape kept, then the rows in
  /// view, the pixels under a popover transparent.
  @Test func scaledToFitThenCroppedWithHoles() {
    let red = Bitmap(width: 4, height: 2, pixels: Array(repeating: [255, 0, 0, 255] as [UInt8], count: 8).flatMap { $0 })
    let scaled = red.scaled(fitting: 12, 12)
    #expect(scaled.width == 12 && scaled.height == 6)
    #expect(scaled.pixels == Array(repeating: [255, 0, 0, 255] as [UInt8], count: 72).flatMap { $0 })
    #expect(red.scaled(fitting: 2, 12).width == 2 && red.scaled(fitting: 2, 12).height == 1)
    let part = scaled.cropped(rows: 2..<5, hiding: [(x: 10, y: 1, width: 6, height: 13)])
    #expect(part.width == 12 && part.height == 3)
    let alpha = (0..<3).map { y in (0..<12).map { x in part.pixels[(y * 12 + x) * 4 + 3] } }
    #expect(alpha[0] == Array(repeating: 255, count: 12))
    #expect(alpha[1] == Array(repeating: 255, count: 10) + [0, 0] && alpha[2] == alpha[1])
  }

  /// With the cell's pixels (sixel) a picture takes the cells its own pixels cover, the last ones partly,
  /// never more than the pane's width or two thirds of its height (then narrower, shape kept).
  @Test func cellsFromTheCellsPixels() {
    #expect(ImageLayout.cells(width: 200, height: 100, columns: 80, paneRows: 30, cellPixels: (6, 13)) == (34, 8))
    #expect(ImageLayout.cells(width: 200, height: 100, columns: 20, paneRows: 30, cellPixels: (6, 13)) == (20, 5))
    #expect(ImageLayout.cells(width: 100, height: 1000, columns: 80, paneRows: 12, cellPixels: (6, 13)) == (2, 8))
    #expect(ImageLayout.cells(width: 200, height: 100, columns: 80, paneRows: 30, cellPixels: (10, 20)) == (20, 5))
  }
}
