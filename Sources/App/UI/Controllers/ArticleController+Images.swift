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
  /// The picture's cells drawn on a line (by line index), after its indent; empty while it loads.
  var pictures: [Int: [HalfBlock]] = [:]

  static let gapOffset = -2_000_000
  static func rowOffset(_ row: Int, of rows: Int) -> Int { -1_000_000 + row * 1000 / max(1, rows) }

  /// `text` at `width` in a pane `paneRows` tall; `picture` gives each picture's state, nil when pictures
  /// are off (the captions show, as `[image: alt]`).
  static func layout(
    _ text: StyledText, width: Int, paneRows: Int, picture: ((ImageReference) -> ArticleImages.State)?
  ) -> ArticleBody {
    var text = text
    var states: [Int: (ImageReference, ArticleImages.State)] = [:]
    if let picture {
      for index in text.blocks.indices {
        guard case .image(let reference) = text.blocks[index].kind else { continue }
        let state = picture(reference)
        states[index] = (reference, state)
        switch state {
        case .loaded where !reference.alt.isEmpty: text.blocks[index].runs = [StyledRun(reference.alt, [.dim, .italic])]
        case .failed(let why): text.blocks[index].runs.append(StyledRun(" (\(why))", .dim))
        case .loaded, .loading: break
        }
      }
    }
    var body = ArticleBody()
    var placed: Set<Int> = []
    for line in text.wrap(width: width) {
      let block = line.source.block
      if line.source.offset >= 0, let (reference, state) = states[block], placed.insert(block).inserted {
        body.placeRows(of: reference, state, block: text.blocks[block], index: block, width: width, paneRows: paneRows)
      }
      body.lines.append(line)
    }
    return body
  }

  private mutating func placeRows(
    of reference: ImageReference, _ state: ArticleImages.State, block: StyledBlock, index: Int, width: Int,
    paneRows: Int
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
    let cells = ImageLayout.cells(width: size.width, height: size.height, columns: width - indent, paneRows: paneRows)
    guard cells.rows > 0 else { return }
    let rows = bitmap?.halfBlocks(columns: cells.columns, rows: cells.rows) ?? []
    if let last = lines.indices.last, lines[last].source == TextPosition(block: index, offset: -1) {
      lines[last].source.offset = Self.gapOffset
    }
    for row in 0..<cells.rows {
      pictures[lines.count] = row < rows.count ? rows[row] : []
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

  /// Whether pictures show in this article now: the setting, `i`, and a terminal that can draw the
  /// half blocks (an ASCII terminal gets the alt text).
  var picturesShown: Bool {
    (picturesToggled ? configuration.inlineImages == .off : configuration.inlineImages != .off) && glyphs == .unicode
  }
}
