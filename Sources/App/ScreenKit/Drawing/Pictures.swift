import Pixels

/// A size in pixels: a terminal cell's, or a picture's.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
  /// The cell size assumed when the terminal does not say (DESIGN §1, pictures).
  public static let fallbackCell = PixelSize(width: 10, height: 20)
  public var description: String { "\(width)×\(height) px" }
}

/// A picture drawn by the terminal over cells of the frame (sixel): the cells are reserved blanks in the
/// text frame, so curses leaves them alone, and the backend draws the picture over them after the text.
/// Only the rows of the picture in view are placed (`frame`: those cells), `firstRow` of `rows` in all.
public struct PicturePlacement: Equatable, Sendable {
  /// The decoded picture itself (Pixels' `Picture`, compared by identity), which the backend encodes once
  /// it knows the cells' pixels and the part in view; ScreenKit knows no image format.
  public var pixels: Picture
  /// The cells the picture's rows in view cover, on screen.
  public var frame: Rect
  /// The picture's row at `frame`'s top, and how many rows the whole picture has.
  public var firstRow: Int
  public var rows: Int

  public init(pixels: Picture, frame: Rect, firstRow: Int = 0, rows: Int? = nil) {
    self.pixels = pixels
    self.frame = frame
    self.firstRow = firstRow
    self.rows = rows ?? frame.height
  }

  public static func == (a: PicturePlacement, b: PicturePlacement) -> Bool {
    a.pixels === b.pixels && a.frame == b.frame && a.firstRow == b.firstRow && a.rows == b.rows
  }
}

/// A picture the terminal must hold before its placeholder cells show it (kitty graphics): sent once per
/// `id`, `key` telling two pictures given the same id apart (docs/ARCHITECTURE.md, "A frame": pictures).
public struct PictureTransmission: Equatable, Sendable {
  public var pixels: Picture
  public var id: Int
  public var key: String
  public var columns: Int
  public var rows: Int
  /// The picture's rows this image holds from (`firstRow`, of `totalRows`): a picture taller than the
  /// placeholders' marks can number is sent as several images (`KittyGraphics.maxRows` rows each).
  public var firstRow: Int
  public var totalRows: Int

  public init(pixels: Picture, id: Int, key: String, columns: Int, rows: Int, firstRow: Int = 0, totalRows: Int? = nil) {
    self.pixels = pixels
    self.id = id
    self.key = key
    self.columns = columns
    self.rows = rows
    self.firstRow = firstRow
    self.totalRows = totalRows ?? rows
  }

  public static func == (a: PictureTransmission, b: PictureTransmission) -> Bool {
    a.pixels === b.pixels && a.id == b.id && a.key == b.key && a.columns == b.columns && a.rows == b.rows
      && a.firstRow == b.firstRow && a.totalRows == b.totalRows
  }
}

extension Surface {
  /// Places `placement`: its cells become reserved blanks (clipped to the surface) that anything drawn
  /// later replaces, which hides the picture there (`hiddenCells`).
  public mutating func place(_ placement: PicturePlacement) {
    let area = placement.frame.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX { self[x, y] = .reservedForPicture }
    }
    var clipped = placement
    clipped.firstRow += area.minY - placement.frame.minY
    clipped.frame = area
    placements.append(clipped)
  }

  /// Asks the backend to hand `transmission` to the terminal unless it already holds it (kitty).
  public mutating func transmit(_ transmission: PictureTransmission) {
    if !transmissions.contains(transmission) { transmissions.append(transmission) }
  }

  /// The cells of `placement` something was drawn over after it was placed (a popover, a border): the
  /// picture is left out there. Derived from the cells, so no drawing code has to know about pictures.
  public func hiddenCells(of placement: PicturePlacement) -> [Point] {
    let area = placement.frame.intersection(bounds)
    guard !area.isEmpty else { return [] }
    var hidden: [Point] = []
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX where self[x, y] != .reservedForPicture {
        hidden.append(Point(x: x - placement.frame.minX, y: y - placement.frame.minY))
      }
    }
    return hidden
  }
}

extension Cell {
  /// A blank that belongs to a picture the terminal draws: equal to no other cell, so a popover's blank
  /// over it counts as drawn over (`Surface.hiddenCells`).
  public static let reservedForPicture = Cell(grapheme: " ", isReservedForPicture: true)
}
