import Reader
import ScreenKit
import TextLayout

/// The article's lines at one width with its pictures laid in (DESIGN §1, secondary pane): each picture's
/// rows come right above its caption, sized by `ImageLayout` to the pane. Picture rows are lines like the
/// others, so scrolling, paging and the reading place (a position in the text) work across them: a row's
/// place is its block at a negative offset that grows down the picture (proportionally, so a resize keeps
/// the same part of it on top), and the blank line above a picture sorts before its rows.
struct ArticleBody {
  var lines: [StyledLine] = []
  /// The picture's cells drawn on a line (by line index), after its indent; empty while it loads, and
  /// for a picture the terminal draws itself (`graphics`).
  var pictures: [Int: [HalfBlock]] = [:]
  /// For a picture the terminal draws itself (sixel, kitty), which row of it a line holds.
  var graphics: [Int: PictureRow] = [:]

  /// A row of a loaded picture the terminal draws (DESIGN §1, pictures): the picture, the row and its
  /// size in cells, and its kitty image id (0 until the controller gives one, `ArticleController.body`).
  struct PictureRow {
    var picture: ArticlePicture
    var url: String
    var row: Int
    var rows: Int
    var columns: Int
    var kittyID = 0
  }

  static let gapOffset = -2_000_000
  static func rowOffset(_ row: Int, of rows: Int) -> Int { -1_000_000 + row * 1000 / max(1, rows) }

  /// `text` at `width` in a pane `paneRows` tall; `picture` gives each picture's state, nil when pictures
  /// are off (the captions show, as `[image: alt]`); `graphics`, when the terminal draws pictures itself,
  /// gives a loaded picture's object (then no half blocks are made).
  static func layout(
    _ text: StyledText, width: Int, paneRows: Int, cellPixels: PixelSize? = nil,
    graphics: ((String) -> ArticlePicture?)? = nil, picture: ((ImageReference) -> ArticleImages.State)?
  ) -> ArticleBody {
    var text = text
    var states: [Int: (ImageReference, ArticleImages.State)] = [:]
    if let picture {
      for index in text.blocks.indices {
        guard case .image(let reference) = text.blocks[index].kind else { continue }
        let state = picture(reference)
        states[index] = (reference, state)
        switch state {
        case .loaded:
          // The picture replaces the `[image: …]` words: its alt text is its caption, with the number of
          // the link it sits in.
          text.blocks[index].runs =
            (reference.alt.isEmpty ? [] : [StyledRun(reference.alt, [.dim, .italic])])
            + (reference.link.map { [StyledRun("[\($0)]", .dim)] } ?? [])
        case .failed(let why): text.blocks[index].runs.append(StyledRun(" (\(why))", .dim))
        case .loading: break
        }
      }
    }
    var body = ArticleBody()
    var placed: Set<Int> = []
    for line in text.wrap(width: width) {
      let block = line.source.block
      if line.source.offset >= 0, let (reference, state) = states[block], placed.insert(block).inserted {
        body.placeRows(
          of: reference, state, block: text.blocks[block], index: block, width: width, paneRows: paneRows,
          cellPixels: cellPixels, graphics: graphics)
      }
      body.lines.append(line)
    }
    return body
  }

  private mutating func placeRows(
    of reference: ImageReference, _ state: ArticleImages.State, block: StyledBlock, index: Int, width: Int,
    paneRows: Int, cellPixels: PixelSize?, graphics: ((String) -> ArticlePicture?)?
  ) {
    let size: (width: Int, height: Int)?
    var bitmap: Bitmap?
    switch state {
    case .loaded(let loaded):
      size = (loaded.sourceWidth, loaded.sourceHeight)
      bitmap = loaded
    case .loading:
      // The declared size keeps the picture's room while it loads, so the text does not jump.
      size = reference.declaredWidth.flatMap { w in reference.declaredHeight.map { (w, $0) } }
    case .failed:
      size = nil
    }
    guard let size else { return }
    let indent = min(width / 2, block.restPrefix.reduce(0) { $0 + $1.width })
    let cells = ImageLayout.cells(
      width: size.width, height: size.height, columns: width - indent, paneRows: paneRows,
      cellPixels: cellPixels.map { ($0.width, $0.height) })
    guard cells.rows > 0 else { return }
    let object = bitmap == nil ? nil : graphics?(reference.url)
    let rows = object == nil ? bitmap?.halfBlocks(columns: cells.columns, rows: cells.rows) ?? [] : []
    if let last = lines.indices.last, lines[last].source == TextPosition(block: index, offset: -1) {
      lines[last].source.offset = Self.gapOffset
    }
    for row in 0..<cells.rows {
      pictures[lines.count] = row < rows.count ? rows[row] : []
      if let object {
        self.graphics[lines.count] = PictureRow(picture: object, url: reference.url, row: row, rows: cells.rows, columns: cells.columns)
      }
      lines.append(StyledLine(indent: indent, source: TextPosition(block: index, offset: Self.rowOffset(row, of: cells.rows))))
    }
  }
}

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

  /// How pictures are drawn now (`Environment.pictureMode`).
  var pictureDrawing: InlineImages { environment.pictureMode }

  /// The terminal draws the pictures itself (sixel, kitty graphics) rather than as half blocks.
  var terminalDraws: Bool { pictureDrawing == .sixel || pictureDrawing == .kitty }

  /// Gives each picture at its size a kitty image id (layout: ids are handed out, which drawing may not do).
  static func giveKittyIDs(in body: inout ArticleBody, from images: ArticleImages) {
    for (line, row) in body.graphics.sorted(by: { $0.key < $1.key }) {
      body.graphics[line]?.kittyID = images.kittyIDs.id(for: kittyKey(row))
    }
  }

  static func kittyKey(_ row: ArticleBody.PictureRow) -> String { "\(row.url)#\(row.columns)x\(row.rows)" }

  /// Draws line `index` when it holds a row of a picture the terminal draws; false for any other line.
  /// kitty: the row's Unicode placeholders, ordinary cells whose foreground is the image id, and the
  /// picture among the frame's transmissions. Sixel: the first of the picture's rows in view places all
  /// of them (`Surface.place`): reserved cells, drawn over by the backend after the text, and left out
  /// wherever a popover or anything else is drawn on them later (docs/DESIGN.md §1, pictures).
  func drawGraphics(
    line index: Int, of body: ArticleBody, at point: Point, shown: Range<Int>, clip: Rect, in surface: inout Surface
  ) -> Bool {
    guard let row = body.graphics[index] else { return false }
    if pictureDrawing == .kitty {
      guard row.kittyID > 0, let text = KittyGraphics.placeholderRow(row.row, columns: row.columns) else { return true }
      surface.put(text, at: point, style: Style(foreground: .index(UInt8(row.kittyID))), clip: clip)
      surface.transmit(
        PictureTransmission(pixels: row.picture, id: row.kittyID, key: Self.kittyKey(row), columns: row.columns, rows: row.rows))
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

  /// Whether pictures show in this article now: the setting, `i`, and a terminal that can draw the
  /// half blocks (an ASCII terminal gets the alt text).
  var picturesShown: Bool {
    (picturesToggled ? configuration.inlineImages == .off : configuration.inlineImages != .off) && glyphs == .unicode
  }
}
