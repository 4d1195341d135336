import Pixels
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
    var picture: Picture
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
  /// gives a loaded picture's object for its size in pixels (when the cell's is known), or nil while it
  /// is not ready to draw (then no half blocks are made).
  static func layout(
    _ text: StyledText, width: Int, paneRows: Int, cellPixels: PixelSize? = nil,
    graphics: ((String, PixelSize?) -> Picture?)? = nil, picture: ((ImageReference) -> ArticleImages.State)?
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
        case .loading, .skipped: break
        }
      }
    }
    var body = ArticleBody()
    var placed: Set<Int> = []
    func place(_ block: Int) {
      guard let (reference, state) = states[block], placed.insert(block).inserted else { return }
      body.placeRows(
        of: reference, state, block: text.blocks[block], index: block, width: width, paneRows: paneRows,
        cellPixels: cellPixels, graphics: graphics)
    }
    // A picture without a caption (no alt text, no link: the full article's lead picture) wraps to no
    // line of its own, so its rows go in before the next block's lines, or at the end.
    var pending = states.keys.sorted()[...]
    for line in text.wrap(width: width) {
      let block = line.source.block
      while let first = pending.first, first < block {
        place(first)
        pending.removeFirst()
      }
      if line.source.offset >= 0 { place(block) }
      body.lines.append(line)
    }
    pending.forEach(place)
    return body
  }

  private mutating func placeRows(
    of reference: ImageReference, _ state: ArticleImages.State, block: StyledBlock, index: Int, width: Int,
    paneRows: Int, cellPixels: PixelSize?, graphics: ((String, PixelSize?) -> Picture?)?
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
    case .failed, .skipped:
      size = nil
    }
    guard let size else { return }
    let indent = min(width / 2, block.restPrefix.reduce(0) { $0 + $1.width })
    let cells = ImageLayout.cells(
      width: size.width, height: size.height, columns: width - indent, paneRows: paneRows,
      cellPixels: cellPixels.map { ($0.width, $0.height) })
    guard cells.rows > 0 else { return }
    let pixels = cellPixels.map { PixelSize(width: cells.columns * $0.width, height: cells.rows * $0.height) }
    let object = bitmap == nil ? nil : graphics?(reference.url, pixels)
    let rows = graphics == nil ? bitmap?.halfBlocks(columns: cells.columns, rows: cells.rows) ?? [] : []
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
