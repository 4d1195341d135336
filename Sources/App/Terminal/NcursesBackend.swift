import CNcurses
import Foundation
import Glibc
import Pixels
import ScreenKit
import TextLayout

/// The ncurses terminal: the only Swift file that imports CNcurses. It turns `Surface` frames into the
/// fewest ncurses calls (cells changed since the previous frame, one `doupdate` per frame) and decodes
/// ncurses key codes into `Key`s.
@MainActor
public final class NcursesBackend: TerminalBackend {
  public private(set) var size: Size
  public private(set) var supportsUnicode = true
  private var previous: Surface?
  private var pairs: [ColorPairKey: Int16] = [:]
  private var decoder = InputDecoder()
  /// False on a terminal without colours and when `NO_COLOR` is set (no-color.org): then styles keep
  /// their attributes (reverse, bold) and every colour, the theme's and the config's, is left out.
  private var usesColor = false
  /// A frame needed more colour pairs than were left (`pair(for:)`).
  private var pairsFull = false
  /// The bytes of the pictures the terminal draws itself, around each frame's text.
  private var pictures: PictureOutput
  public var cellPixels: PixelSize? { pictures.terminal.drawing.placesPixels ? pictures.terminal.cell : nil }
  public var pictureMode: PictureMode? { pictures.terminal.drawing }

  private struct ColorPairKey: Hashable {
    var foreground: Color
    var background: Color
  }

  /// Errors that prevent a full-screen UI (unknown TERM, no tty): reported before anything is drawn.
  public struct StartError: Error, CustomStringConvertible {
    public var description: String
  }

  /// `pictures`: how the terminal draws pictures (`GraphicsProbe`), as cells by default.
  public init(pictures terminal: PictureTerminal = PictureTerminal()) throws {
    pictures = PictureOutput(terminal: terminal)
    var buffer = [CChar](repeating: 0, count: 512)
    let shellModes = TerminatingSignals.shellModes()
    if cnc_start(&buffer, buffer.count) != 0 {
      let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      throw StartError(description: message)
    }
    cnc_install_crash_handlers()
    TerminatingSignals.install(restoring: shellModes)
    supportsUnicode = cnc_locale_is_utf8() != 0
    usesColor = Self.usesColor(terminalHasColors: cnc_has_colors() != 0, noColor: getenv("NO_COLOR").map { String(cString: $0) })
    size = Size(width: Int(cnc_cols()), height: Int(cnc_lines()))
  }

  /// Restores the terminal. Idempotent.
  public static func stop() { cnc_stop() }

  /// Colour only on a terminal that has it and when `NO_COLOR` is unset or empty (no-color.org: "when
  /// present and not an empty string").
  nonisolated static func usesColor(terminalHasColors: Bool, noColor: String?) -> Bool {
    terminalHasColors && (noColor ?? "").isEmpty
  }

  /// Re-reads the terminal size (after SIGWINCH, or `fg`) and tells curses; returns the new size. The
  /// next frame is always sent whole, even at an unchanged size: a terminal that shrank and grew back
  /// between two looks (a burst of resizes coalesced into one) has lost the cells it cut off.
  @discardableResult
  public func refreshSize() -> Size {
    var cols: Int32 = 0
    var lines: Int32 = 0
    cnc_terminal_size(&cols, &lines)
    let newSize = Size(width: Int(cols), height: Int(lines))
    if newSize != size || Int(cnc_cols()) != newSize.width || Int(cnc_lines()) != newSize.height {
      cnc_resize(lines, cols)
      size = newSize
    }
    // A new font size changes the cell's pixels; a terminal that leaves them unset keeps the start's.
    if let cell = GraphicsProbe.cellPixels() { pictures.terminal.cell = cell }
    invalidate()
    return size
  }

  /// The text through curses; around it what the terminal's own graphics need (`PictureOutput`).
  public func present(_ frame: Surface) {
    let graphics = pictures.bytes(for: frame, screen: size)
    Self.write(graphics.before)
    send(frame, retrying: true)
    Self.write(graphics.after)
  }

  /// `text` to the terminal's clipboard: OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`), written past curses
  /// between frames. The text goes as base64, so no byte of it reaches the terminal as a control.
  public func copyToClipboard(_ text: String) {
    Self.write(Self.clipboardSequence(text))
  }

  /// The OSC 52 sequence that sets the clipboard (`c`) to `text`.
  nonisolated static func clipboardSequence(_ text: String) -> String {
    "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
  }

  /// Writes `text` to the terminal as is, past curses (which has flushed its own output by then).
  private static func write(_ text: String) {
    guard !text.isEmpty else { return }
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let n = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR || errno == EAGAIN { continue }
      guard n > 0 else { return }
      bytes = bytes.dropFirst(n)
    }
  }

  private func send(_ frame: Surface, retrying: Bool) {
    let changes = frame.changes(since: previous)
    guard !changes.isEmpty else { return }
    var chars: [wchar_t] = []
    chars.reserveCapacity(4)
    for (point, cell) in changes where !cell.isContinuation {
      guard point.x < size.width, point.y < size.height else { continue }
      let attributes = attributes(cell.style)
      // A kitty placeholder's colour names its picture: sent even with NO_COLOR, or no picture shows.
      let pair = pair(for: cell.style, always: cell.grapheme.unicodeScalars.first == "\u{10EEEE}")
      if !usesColor, Self.isPicture(cell.style) {
        // A picture's cell is only its colours: without them it goes out blank, not as a solid block.
        cnc_put_cell(Int32(point.y), Int32(point.x), [0x20], 1, attributes, 0)
        continue
      }
      if cell.grapheme.unicodeScalars.count <= 1 {
        chars.removeAll(keepingCapacity: true)
        chars.append(wchar_t(bitPattern: cell.grapheme.unicodeScalars.first?.value ?? 0x20))
        cnc_put_cell(Int32(point.y), Int32(point.x), chars, 1, attributes, pair)
        continue
      }
      // A cluster goes out in the cells the terminal makes of it (👍🏽 is two), each whole.
      var x = point.x
      for character in cell.grapheme {
        for piece in Grapheme.cells(of: character) where piece.width > 0 && x < size.width {
          chars.removeAll(keepingCapacity: true)
          for scalar in piece.scalars { chars.append(wchar_t(bitPattern: scalar.value)) }
          cnc_put_cell(Int32(point.y), Int32(x), chars, Int32(chars.count), attributes, pair)
          x += piece.width
        }
      }
    }
    if pairsFull, retrying {
      // Some cells went out uncoloured: the whole frame again, every pair defined afresh.
      pairs.removeAll(keepingCapacity: true)
      pairsFull = false
      previous = nil
      send(frame, retrying: false)
      return
    }
    pairsFull = false
    cnc_flush()
    previous = frame
  }

  /// Forces the next frame to be sent whole (after a child program or a suspend used the terminal).
  public func invalidate() {
    previous = nil
    pictures.screenCleared()
    cnc_clear()
  }

  /// Hands the terminal to a child program (text-mode browsers) or the shell (Ctrl-Z) and takes it back
  /// afterwards; `resume` forces a whole frame, since the terminal's contents are someone else's by then.
  public func suspend() { cnc_suspend() }
  public func resume() {
    cnc_resume()
    invalidate()
  }

  private func attributes(_ style: Style) -> UInt32 {
    var a: UInt32 = 0
    if style.attributes.contains(.bold) { a |= UInt32(CNC_ATTR_BOLD) }
    if style.attributes.contains(.dim) { a |= UInt32(CNC_ATTR_DIM) }
    if style.attributes.contains(.italic) { a |= UInt32(CNC_ATTR_ITALIC) }
    if style.attributes.contains(.underline) { a |= UInt32(CNC_ATTR_UNDERLINE) }
    if style.attributes.contains(.reverse) { a |= UInt32(CNC_ATTR_REVERSE) }
    return a
  }

  private static func isPicture(_ style: Style) -> Bool {
    if case .rgb = style.foreground { return true }
    if case .rgb = style.background { return true }
    return false
  }

  /// Colour pairs are allocated once per (foreground, background) and reused (not TermKit's counter).
  /// Pictures bring many pairs: when the terminal's table is full, the frame is sent again whole from
  /// an empty table (`present`), which one screen of cells never fills.
  private func pair(for style: Style, always: Bool = false) -> Int16 {
    if style.foreground == .default && style.background == .default { return 0 }
    guard usesColor || (always && cnc_has_colors() != 0) else { return 0 }
    let key = ColorPairKey(foreground: style.foreground, background: style.background)
    if let existing = pairs[key] { return existing }
    guard pairs.count + 1 < min(Int(cnc_color_pairs()), Int(Int16.max)) else {
      pairsFull = true
      return 0
    }
    let number = Int16(pairs.count + 1)
    let colors = Int(cnc_color_count())
    func code(_ c: Color) -> Int32 {
      switch c {
      case .default: return -1
      case .index(let i): return Int(i) < colors ? Int32(i) : Int32(i % 8)
      case .rgb(let r, let g, let b):
        // Direct-colour terminals (TERM=xterm-direct) number colours by their RGB value.
        if colors >= 1 << 24 { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
        return Int32(Color.nearestIndex(red: r, green: g, blue: b, colors: colors))
      }
    }
    guard cnc_init_extended_pair(Int32(number), code(style.foreground), code(style.background)) == 0 else { return 0 }
    pairs[key] = number
    return number
  }

  /// Reads every pending input without blocking: ncurses decodes function keys, clicks and the paste
  /// markers, `InputDecoder` the text bytes and pastes.
  public func readEvents() -> [InputEvent] {
    var inputs: [RawInput] = []
    var code: Int32 = 0
    while true {
      let kind = cnc_read_key(&code)
      if kind == Int32(CNC_KEY_NONE) { break }
      if kind == Int32(CNC_KEY_BYTE) {
        inputs.append(.byte(UInt8(truncatingIfNeeded: code)))
        continue
      }
      switch code {
      case Int32(CNC_KEY_PASTE_BEGIN): inputs.append(.pasteBegin)
      case Int32(CNC_KEY_PASTE_END): inputs.append(.pasteEnd)
      case cnc_key_mouse():
        var m = cnc_mouse()
        guard cnc_read_mouse(&m) == 0 else { continue }
        let point = Point(x: Int(m.x), y: Int(m.y))
        if m.wheel < 0 {
          inputs.append(.event(.mouse(MouseEvent(kind: .scrollUp, point: point))))
        } else if m.wheel > 0 {
          inputs.append(.event(.mouse(MouseEvent(kind: .scrollDown, point: point))))
        } else if m.pressed != 0 {
          inputs.append(.event(.mouse(MouseEvent(kind: .press, point: point))))
        }
      default:
        if let key = Self.functionKey(code) { inputs.append(.event(.key(key))) }
      }
    }
    return decoder.decode(inputs)
  }

  private static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case cnc_key_up(): return .up
    case cnc_key_down(): return .down
    case cnc_key_left(): return .left
    case cnc_key_right(): return .right
    case cnc_key_home(): return .home
    case cnc_key_end(): return .end
    case cnc_key_npage(): return .pageDown
    case cnc_key_ppage(): return .pageUp
    case cnc_key_backspace(): return .backspace
    case cnc_key_enter(): return .enter
    case cnc_key_dc(): return .delete
    case cnc_key_btab(): return .backTab
    default:
      for n in 1...12 where code == cnc_key_f(Int32(n)) { return .function(n) }
      return nil
    }
  }
}
