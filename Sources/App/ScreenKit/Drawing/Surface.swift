import TextLayout

/// The desired frame as a grid of cells: what controllers draw into instead of the terminal, so a frame
/// can be diffed by the ncurses backend and asserted exactly by tests (ratatui's Buffer;
/// docs/ARCHITECTURE.md, "A frame").
///
/// Invariant: every grapheme stored here is printable — `put` neutralizes control characters, escape
/// sequences and bidi overrides — so nothing drawn from a feed can reach the terminal as a command, and
/// callers never sanitize text themselves.
public struct Surface: Equatable, Sendable {
  public private(set) var size: Size
  private var cells: [Cell]
  /// Box-drawing and arrow glyphs for this terminal (ASCII when it cannot show Unicode).
  public var glyphs = Glyphs.unicode
  /// Pictures the terminal draws over reserved cells after the text (sixel), in drawing order.
  public internal(set) var placements: [PicturePlacement] = []
  /// Pictures the terminal must hold for this frame's placeholder cells (kitty graphics).
  public internal(set) var transmissions: [PictureTransmission] = []

  public init(size: Size) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: .blank, count: self.size.width * self.size.height)
  }

  public var bounds: Rect { Rect(size: size) }

  /// A cell by coordinates. Out of bounds is a programming error, checked in debug builds: without the
  /// check, `x == width` would silently land on the next row's first cell.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      assert(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell (\(x),\(y)) outside \(size)")
      return cells[y * size.width + x]
    }
    set {
      assert(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell (\(x),\(y)) outside \(size)")
      cells[y * size.width + x] = newValue
    }
  }

  /// Writes `text` at `point`, clipped to `clip` (and the surface); returns the columns used. The one
  /// place text is neutralized (`Grapheme.neutralized`), so callers pass text as it came. A grapheme
  /// cluster takes one cell and as many continuation cells as it is wide (`DisplayWidth`), and is not
  /// drawn at all when only part of it would fit.
  @discardableResult
  public mutating func put(_ text: some StringProtocol, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    guard point.y >= area.minY, point.y < area.maxY else { return 0 }
    var x = point.x
    var string = String(text)
    let drawnASCII: Int? = string.withUTF8 { bytes in
      // Printable ASCII (most titles, every date and count): a byte is a cell, with nothing to
      // neutralize or measure, so the common row skips grapheme segmentation.
      guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
      for byte in bytes {
        if x + 1 > area.maxX { break }
        if x >= area.minX { setCell(x: x, y: point.y, grapheme: String(Unicode.Scalar(byte)), style: style, width: 1) }
        x += 1
      }
      return x - point.x
    }
    if let drawnASCII { return drawnASCII }
    for character in text {
      guard let shown = Grapheme.neutralized(character) else { continue }
      let width = DisplayWidth.of(shown)
      if width == 0 { continue }  // a lone combining mark or format character: nothing to show
      if x + width > area.maxX { break }
      if x >= area.minX {
        setCell(x: x, y: point.y, grapheme: String(shown), style: style, width: width)
      }
      x += width
    }
    return x - point.x
  }

  /// Stores a cluster and its continuation cells. A cluster partly overwritten is blanked whole, so no
  /// orphan piece of a wide cluster is ever flushed.
  private mutating func setCell(x: Int, y: Int, grapheme: String, style: Style, width: Int) {
    let row = y * size.width
    if cells[row + x].isContinuation {
      var head = x
      while head > 0, cells[row + head].isContinuation { head -= 1 }
      for i in head..<x { cells[row + i] = Cell(grapheme: " ", style: cells[row + i].style) }
    }
    cells[row + x] = Cell(grapheme: grapheme, style: style)
    for i in (x + 1)..<(x + width) { cells[row + i] = Cell(grapheme: "", style: style, isContinuation: true) }
    var next = x + width
    while next < size.width, cells[row + next].isContinuation {
      cells[row + next] = Cell(grapheme: " ", style: cells[row + next].style)
      next += 1
    }
  }

  /// Fills `rect` (clipped) with `grapheme` in `style`; the usual way to clear a controller's frame.
  public mutating func fill(_ rect: Rect, with grapheme: String = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    let cell = Cell(grapheme: grapheme, style: style)
    for y in area.minY..<area.maxY {
      for x in area.minX..<area.maxX {
        self[x, y] = cell
      }
    }
  }

  /// Plain-text rows for snapshot assertions: continuations skipped, trailing blanks trimmed (as tmux's
  /// `capture-pane` does, so golden text reads the same in both tiers).
  public var lines: [String] {
    (0..<size.height).map { y in
      var row = ""
      for x in 0..<size.width {
        let cell = self[x, y]
        if !cell.isContinuation { row += cell.grapheme }
      }
      while row.last == " " { row.removeLast() }
      return row
    }
  }

  /// Cells that differ from `old`, row by row; every cell when there is no previous frame or its size
  /// differs. This is the backend's flush list, so unchanged cells cost nothing on the wire.
  public func changes(since old: Surface?) -> [(Point, Cell)] {
    var result: [(Point, Cell)] = []
    let previous = old.flatMap { $0.size == size ? $0.cells : nil }
    for y in 0..<size.height {
      for x in 0..<size.width {
        let i = y * size.width + x
        if previous?[i] != cells[i] {
          result.append((Point(x: x, y: y), cells[i]))
        }
      }
    }
    return result
  }
}
