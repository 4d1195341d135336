import Pixels
import ScreenKit

/// How the terminal draws pictures, as decided at start (`GraphicsProbe`, docs/MANUAL.md "Pictures"): the run's
/// `PictureMode` and what the backend needs to draw it.
public struct PictureTerminal: Sendable, Equatable {
  public var drawing: PictureMode
  /// A cell's size in pixels (sixel scales the picture to the cells it covers).
  public var cell: PixelSize
  /// Inside tmux with `allow-passthrough`: kitty's commands go to the outer terminal wrapped.
  public var passthrough: Bool
  /// The sixel colour registers a picture's palette may use (the probe does not ask: the VT340's and
  /// xterm's 256 unless set).
  public var registers = IndexedBitmap.defaultRegisters

  public init(drawing: PictureMode = .cells, cell: PixelSize = .fallbackCell, passthrough: Bool = false) {
    self.drawing = drawing
    self.cell = cell
    self.passthrough = passthrough
  }

  /// The terminal drawing in `mode`: inside tmux kitty's commands go wrapped to the terminal outside it,
  /// and sixel goes to tmux itself, which draws it when it lists sixel in its own DA1 answer.
  public init(_ mode: PictureMode, cell: PixelSize = .fallbackCell, insideTmux: Bool = false) {
    switch mode {
    case .kitty: self.init(drawing: .kitty, cell: cell, passthrough: insideTmux)
    case .sixel, .kittyDirect, .iterm: self.init(drawing: mode, cell: cell)
    case .cells: self.init()
    }
  }
}

/// The bytes the terminal's own graphics need around a text frame (docs/ARCHITECTURE.md, "A frame":
/// pictures). Pure: the backend writes `before` ahead of curses's update and `after` once it is on
/// screen.
///
/// Sixel: xterm wipes the pixels of a cell that text is written to, and keeps them where nothing is
/// written. Curses writes only the cells that changed, so when the pictures on screen change (moved,
/// scrolled, a popover over them), the old ones are erased first (ECH over their cells: the terminal then
/// holds the blanks curses believes are there), and every picture is drawn again after the text, its
/// pixels under anything drawn over its cells left out (transparent, so that text stays). Each drawing
/// goes between DECSC and DECRC, so curses's cursor and attributes are as it left them.
///
/// kitty direct placements and iTerm2's inline images are drawn the same way (DESIGN §1): at the cell,
/// after the text, again whenever the pictures on screen change. kitty keeps its images on a layer of
/// their own that text does not wipe, so the old ones are deleted by id rather than erased.
///
/// kitty placeholders: each picture is transmitted once per id (a virtual placement; its placeholder
/// cells are text), before the text that shows it.
public struct PictureOutput {
  public var terminal: PictureTerminal
  /// The sixel pictures on screen: where, and which of their cells were left out.
  private var drawn: [Drawn] = []
  /// What each kitty id holds now.
  private var sent: [Int: String] = [:]
  /// The last streams made, by what they show wherever it is, so a picture scrolled whole or drawn
  /// again is not encoded again.
  private var streams: [Shown: String] = [:]
  /// How many sixel streams were made: what `streams` saves (the tests count it).
  private(set) var encodedStreams = 0
  /// kitty direct placements the terminal may still show after a cleared screen, deleted before the next
  /// drawing.
  private var orphans: [UInt32] = []

  /// The kitty image id of the `n`th picture drawn directly: far above the 1…255 the placeholders use.
  static func directID(_ n: Int) -> UInt32 { 4_000 + UInt32(n) }

  struct Drawn: Equatable {
    var placement: PicturePlacement
    var hidden: [Point]

    /// What the stream depends on: not where it goes.
    var shown: Shown {
      Shown(pixels: ObjectIdentifier(placement.pixels), size: placement.frame.size, firstRow: placement.firstRow, rows: placement.rows, hidden: hidden)
    }
  }

  /// A picture's part as drawn, keyed by the picture's identity (kept alive by `drawn` meanwhile).
  struct Shown: Hashable {
    var pixels: ObjectIdentifier
    var size: Size
    var firstRow: Int
    var rows: Int
    var hidden: [Point]
    /// The kitty id a direct placement carries; 0 for the others.
    var id: UInt32 = 0
  }

  public init(terminal: PictureTerminal) { self.terminal = terminal }

  /// The screen was cleared (a whole frame follows): no sixel picture is left on it.
  public mutating func screenCleared() {
    if terminal.drawing == .kittyDirect { orphans += drawn.indices.map(Self.directID) }
    drawn = []
  }

  /// What goes out for `frame` on a screen of `size`: `before` curses writes the text, `after` it.
  public mutating func bytes(for frame: Surface, screen size: Size) -> (before: String, after: String) {
    switch terminal.drawing {
    case .cells: return ("", "")
    case .kitty: return (transmissions(frame), "")
    case .sixel, .kittyDirect, .iterm: return placed(frame, screen: size)
    }
  }

  private mutating func transmissions(_ frame: Surface) -> String {
    var out = ""
    for transmission in frame.transmissions where sent[transmission.id] != transmission.key {
      let command = transmission.pixels.kittyTransmission(
        id: transmission.id, columns: transmission.columns, rows: transmission.rows, from: transmission.firstRow,
        of: transmission.totalRows)
      out += terminal.passthrough ? Self.passthrough(command) : command
      sent[transmission.id] = transmission.key
    }
    return out
  }

  private mutating func placed(_ frame: Surface, screen size: Size) -> (before: String, after: String) {
    var wanted: [Drawn] = []
    for var placement in frame.placements {
      // Never on the screen's last row: a sixel reaching it would scroll the terminal.
      placement.frame = placement.frame.intersection(Rect(x: 0, y: 0, width: size.width, height: size.height - 1))
      guard !placement.frame.isEmpty else { continue }
      let hidden = frame.hiddenCells(of: placement)
      guard hidden.count < placement.frame.width * placement.frame.height else { continue }
      wanted.append(Drawn(placement: placement, hidden: hidden))
    }
    guard wanted != drawn || !orphans.isEmpty else { return ("", "") }
    var before = ""
    if terminal.drawing == .kittyDirect {
      before = (orphans + drawn.indices.map(Self.directID)).map { KittyGraphics.delete(id: $0) }.joined()
      orphans = []
    }
    for old in drawn where terminal.drawing != .kittyDirect {
      let f = old.placement.frame
      before += "\u{1B}7\u{1B}[0m"
      for y in f.minY..<f.maxY { before += "\u{1B}[\(y + 1);\(f.minX + 1)H\u{1B}[\(f.width)X" }
      before += "\u{1B}8"
    }
    var after = ""
    var made: [Shown: String] = [:]
    for (n, picture) in wanted.enumerated() {
      // A kitty placement names its id, so its stream is kept per place in the list.
      var shown = picture.shown
      if terminal.drawing == .kittyDirect { shown.id = Self.directID(n) }
      let stream = made[shown] ?? streams[shown] ?? encode(picture, id: shown.id)
      made[shown] = stream
      let f = picture.placement.frame
      after += "\u{1B}7\u{1B}[\(f.minY + 1);\(f.minX + 1)H" + stream + "\u{1B}8"
    }
    streams = made
    drawn = wanted
    return (before, after)
  }

  /// The stream of the picture's rows in view at this terminal's cell size, its hidden cells left out,
  /// in the terminal's protocol.
  private mutating func encode(_ picture: Drawn, id: UInt32) -> String {
    encodedStreams += 1
    let cell = terminal.cell
    let p = picture.placement
    let size = PixelSize(width: p.frame.width * cell.width, height: p.rows * cell.height)
    let top = p.firstRow * cell.height
    let rows = top..<top + p.frame.height * cell.height
    switch terminal.drawing {
    case .kittyDirect: return KittyGraphics.place(p.pixels.part(fitting: size, rows: rows, hidden: picture.hidden, cell: cell), id: id)
    case .iterm: return ITermImages.place(p.pixels.part(fitting: size, rows: rows, hidden: picture.hidden, cell: cell))
    default: return p.pixels.sixel(fitting: size, rows: rows, hidden: picture.hidden, cell: cell, registers: terminal.registers)
    }
  }

  /// A command for the terminal outside tmux: in a DCS passthrough, its ESCs doubled (tmux's manual,
  /// `allow-passthrough`).
  static func passthrough(_ command: String) -> String {
    "\u{1B}Ptmux;" + command.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
  }
}

extension Picture {
  /// The sixel stream of the picture scaled to fit `size`, only its pixel rows `rows` of that, with the
  /// pixels of the `hidden` cells (of `cell` pixels, counted from the first row shown) left out: the
  /// terminal's cells turned into the picture's pixels.
  public func sixel(
    fitting size: PixelSize, rows: Range<Int>, hidden: [Point], cell: PixelSize, registers: Int = IndexedBitmap.defaultRegisters
  ) -> String {
    sixel(fitting: size.width, size.height, rows: rows, hiding: Self.pixels(of: hidden, cell: cell), registers: registers)
  }

  /// The pixels `sixel(fitting:rows:hidden:cell:)` encodes, for any protocol drawing at a cell.
  func part(fitting size: PixelSize, rows: Range<Int>, hidden: [Point], cell: PixelSize) -> Bitmap {
    part(fitting: size.width, size.height, rows: rows, hiding: Self.pixels(of: hidden, cell: cell))
  }

  /// The pixels of cells of `cell` pixels each.
  static func pixels(of cells: [Point], cell: PixelSize) -> [(x: Int, y: Int, width: Int, height: Int)] {
    cells.map { ($0.x * cell.width, $0.y * cell.height, cell.width, cell.height) }
  }
}
