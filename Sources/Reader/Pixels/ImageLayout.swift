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
