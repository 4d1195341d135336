import Pixels
import ScreenKit

extension ArticleController {
  /// Draws a picture's row of half-block cells from `x`: the upper half block with the top pixel as
  /// foreground and the bottom one as background (so each cell shows two pixels); transparent halves
  /// keep the pane's background.
  static func drawPicture(_ cells: [HalfBlock], x: Int, y: Int, clip: Rect, in surface: inout Surface) {
    func color(_ rgb: RGB) -> Color { .rgb(rgb.red, rgb.green, rgb.blue) }
    for (i, cell) in cells.enumerated() {
      switch (cell.top, cell.bottom) {
      case (nil, nil): continue
      case (let top?, nil): _ = surface.put("▀", at: Point(x: x + i, y: y), style: Style(foreground: color(top)), clip: clip)
      case (nil, let bottom?): _ = surface.put("▄", at: Point(x: x + i, y: y), style: Style(foreground: color(bottom)), clip: clip)
      case (let top?, let bottom?):
        _ = surface.put("▀", at: Point(x: x + i, y: y), style: Style(foreground: color(top), background: color(bottom)), clip: clip)
      }
    }
  }

  /// The terminal draws the pictures itself (sixel, kitty graphics) rather than as half blocks. The run's
  /// `pictureMode` is cells where the setting is `off` (the terminal was not asked), so `i` brings them
  /// back as cells there.
  var terminalDraws: Bool { pictureMode != .cells }

  /// The picture at `url` to draw at `size` pixels: for sixel, once made ready off the main thread
  /// (`ArticleImages.sixelPicture`).
  func picture(of url: String, fitting size: PixelSize?, in images: ArticleImages) -> Picture? {
    guard pictureMode == .sixel, let size else { return images.picture(of: url) }
    return images.sixelPicture(of: url, width: size.width, height: size.height)
  }

  /// Gives each picture at its size a kitty image id (layout: ids are handed out, which drawing may not do).
  static func giveKittyIDs(in body: inout ArticleBody, from images: ArticleImages) {
    for (line, row) in body.graphics.sorted(by: { $0.key < $1.key }) {
      body.graphics[line]?.kittyID = images.kittyIDs.id(for: kittyKey(row))
    }
  }

  /// A picture at one size, and which of its slices of `KittyGraphics.maxRows` rows: each slice is an
  /// image of its own, so a picture taller than the placeholders' row marks is drawn whole.
  static func kittyKey(_ row: ArticleBody.PictureRow) -> String {
    "\(row.url)#\(row.columns)x\(row.rows)#\(row.row / KittyGraphics.maxRows)"
  }

  /// Draws line `index` when it holds a row of a picture the terminal draws; false for any other line.
  /// kitty: the row's Unicode placeholders, ordinary cells whose foreground is the image id, and the
  /// picture among the frame's transmissions. Sixel: the first of the picture's rows in view places all
  /// of them (`Surface.place`): reserved cells, drawn over by the backend after the text, and left out
  /// wherever a popover or anything else is drawn on them later (docs/DESIGN.md §1, pictures).
  func drawGraphics(
    line index: Int, of body: ArticleBody, at point: Point, shown: Range<Int>, clip: Rect, in surface: inout Surface
  ) -> Bool {
    guard let row = body.graphics[index] else { return false }
    if pictureMode == .kitty {
      let first = row.row / KittyGraphics.maxRows * KittyGraphics.maxRows
      guard row.kittyID > 0, let text = KittyGraphics.placeholderRow(row.row - first, columns: row.columns) else { return true }
      surface.put(text, at: point, style: Style(foreground: .index(UInt8(row.kittyID))), clip: clip)
      surface.transmit(
        PictureTransmission(
          pixels: row.picture, id: row.kittyID, key: Self.kittyKey(row), columns: row.columns,
          rows: min(KittyGraphics.maxRows, row.rows - first), firstRow: first, totalRows: row.rows))
      return true
    }
    func continues(_ line: Int, from other: ArticleBody.PictureRow) -> Bool {
      guard let next = body.graphics[line] else { return false }
      return next.picture === other.picture && next.row == other.row + (line > index ? line - index : -1)
    }
    if index > shown.lowerBound, continues(index - 1, from: row) { return true }
    var count = 1
    while index + count < shown.upperBound, continues(index + count, from: row) { count += 1 }
    let frame = Rect(x: point.x, y: point.y, width: row.columns, height: count).intersection(clip)
    surface.place(PicturePlacement(pixels: row.picture, frame: frame, firstRow: row.row, rows: row.rows))
    return true
  }

  /// Whether pictures show (and so are fetched) in this article now: the settings, `i`, and a terminal
  /// that can draw the half blocks (an ASCII terminal gets the alt text). With `fetch-pictures on-key`
  /// an article opens on the alt text, as with `inline-images off`, and `i` fetches them; with `never`
  /// nothing is fetched at all (docs/MANUAL.md "Pictures").
  var picturesShown: Bool {
    let atOpen = configuration.inlineImages != .off && configuration.fetchPictures == .onOpen
    return (picturesToggled ? !atOpen : atOpen) && configuration.fetchPictures != .never && glyphs == .unicode
  }

  /// `i`: pictures ⇄ their alt text; with `fetch-pictures never` says why nothing comes.
  func toggleImages() {
    guard configuration.fetchPictures != .never else { return session?.status.notify(.picturesNeverFetched) ?? () }
    picturesToggled.toggle()
  }
}
