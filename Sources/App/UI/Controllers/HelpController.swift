import Reader
import ScreenKit
import TextLayout

/// A modal box of text over the screen: the `?` overlay (DESIGN §5), every binding of the `KeyMap`,
/// generated from it so it never drifts, and the `E` list of failed feeds. It is presented full screen
/// but draws a centred box; keys other than the closing ones scroll or page it as they do a list (`Space`,
/// `PgDn`, `G`), or are swallowed, and its bottom border says when more follows. Lines wider than the box
/// wrap, keeping their indent; the keys' help stands in two columns where the screen is wide enough.
@MainActor
final class HelpController: Controller {
  let lines: [String]
  /// Whether the lines may stand in two columns side by side (the keys' help, whose sections stand
  /// alone); the `E` list keeps one.
  let allowsColumns: Bool
  /// `lines` wrapped to the box, one array per column (layout).
  private var columns: [[String]] = [[]]
  /// Text columns of one column of the box (layout).
  private var columnWidth = 1
  /// The first row in view.
  private var offset = 0

  init(title: String, lines: [String], allowsColumns: Bool = false) {
    self.lines = lines
    self.allowsColumns = allowsColumns
    super.init()
    self.title = title
  }

  convenience init(keyMap: KeyMap = .standard) {
    self.init(title: "Keys", lines: keyMap.helpLines + ["", "Esc, q or ? closes this help."], allowsColumns: true)
  }

  /// Columns between the two columns of text.
  static let columnGap = 3
  /// The narrowest a column of two may be: a key row's summary still fits beside its keys in most rows.
  static let minColumnWidth = 50

  /// Rows of text in the box (the taller column).
  private var rowCount: Int { columns.map(\.count).max() ?? 0 }

  /// The box's width: its columns and their margins, at least 40 columns, at most the screen.
  private var boxWidth: Int {
    min(frame.width, max(40, columnWidth * columns.count + Self.columnGap * (columns.count - 1) + 4))
  }

  private var box: Rect {
    let height = min(frame.height, rowCount + 2)
    return Rect(
      x: frame.minX + (frame.width - boxWidth) / 2, y: frame.minY + (frame.height - height) / 2, width: boxWidth,
      height: height)
  }

  /// Rows shown at once, inside the borders.
  private var pageHeight: Int { max(0, box.height - 2) }

  /// Wraps each line to the text's width inside the box (its borders and a column of margin each side).
  /// Where one column would not fit the screen's height but two of `minColumnWidth` fit its width, the
  /// lines stand in two columns, split at the blank line nearest the middle so no section is cut.
  override func layoutChildren() {
    let natural = lines.map { DisplayWidth.of($0) }.max() ?? 0
    let single = max(1, min(frame.width, max(40, natural + 4)) - 4)
    let oneColumn = lines.flatMap { Self.wrap($0, width: single) }
    let half = min(natural, (frame.width - 4 - Self.columnGap) / 2)
    if allowsColumns, oneColumn.count + 2 > frame.height, half >= Self.minColumnWidth {
      columnWidth = half
      columns = Self.split(lines.flatMap { Self.wrap($0, width: half) })
    } else {
      columnWidth = single
      columns = [oneColumn]
    }
    offset = max(0, min(offset, rowCount - pageHeight))
  }

  /// Two columns of `lines`: the left up to the blank line nearest the middle, the right after it.
  static func split(_ lines: [String]) -> [[String]] {
    let blanks = lines.indices.filter { lines[$0].isEmpty }
    guard let cut = blanks.min(by: { abs(2 * $0 - lines.count) < abs(2 * $1 - lines.count) }) else {
      let middle = (lines.count + 1) / 2
      return [Array(lines[..<middle]), Array(lines[middle...])]
    }
    return [Array(lines[..<cut]), Array(lines[(cut + 1)...])]
  }

  /// A line wider than `width` wraps under its own text: a key row's summary under the summary column
  /// (the text after the first gap of two spaces), so the keys stay a column of their own; any other
  /// line two columns in from its indent.
  static func wrap(_ line: String, width: Int) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    let indent = line.prefix { $0 == " " }
    let rest = line.dropFirst(indent.count)
    if let gap = rest.range(of: "  "), let start = rest[gap.upperBound...].firstIndex(where: { $0 != " " }) {
      let head = String(line[..<start])
      let column = DisplayWidth.of(head)
      if column <= width / 2 {
        let parts = TextWrapper.lines(String(line[start...]), width: width - column)
        let pad = String(repeating: " ", count: column)
        return parts.enumerated().map { (i, part) in (i == 0 ? head : pad) + part }
      }
    }
    let parts = TextWrapper.lines(String(rest), width: max(1, width - indent.count - 2))
    return parts.enumerated().map { (i, part) in indent + (i == 0 ? "" : "  ") + part }
  }

  override func draw(in surface: inout Surface) {
    let inner = surface.drawBox(box).inset(left: 1, right: 1)
    surface.put(" \(title) ", at: Point(x: box.minX + 2, y: box.minY), style: .bold, clip: box)
    for (c, column) in columns.enumerated() {
      let x = inner.minX + c * (columnWidth + Self.columnGap)
      let clip = Rect(x: x, y: inner.minY, width: max(0, min(columnWidth, inner.maxX - x)), height: inner.height)
      for (i, line) in column.dropFirst(offset).prefix(inner.height).enumerated() {
        let heading = !line.hasPrefix(" ") && !line.isEmpty
        surface.put(line, at: Point(x: x, y: inner.minY + i), style: heading ? .bold : .plain, clip: clip)
      }
    }
    // The bottom border says when more follows, and which key shows it: a box cut at the screen's
    // edge otherwise reads as the whole help.
    if offset + pageHeight < rowCount, box.height >= 2 {
      let key = keyMap.keys(for: .pageDown).first.map { " \($0)" } ?? ""
      let more = " \(glyphs.arrowDown) more\(key) "
      let width = DisplayWidth.of(more)
      surface.put(more, at: Point(x: max(box.minX + 1, box.maxX - 2 - width), y: box.maxY - 1), style: .bold, clip: box)
    }
  }

  override func handle(_ key: Key) -> Bool {
    switch keyMap.action(for: key, in: .window) {
    case .help, .quit, .back, .showErrors: dismiss()
    default:
      // The list's movement keys page through the help as they page through an article.
      let page = max(1, pageHeight - 1)
      switch keyMap.action(for: key, in: .list) {
      case .moveDown: offset += 1
      case .moveUp: offset -= 1
      case .pageDown: offset += page
      case .pageUp: offset -= page
      case .first: offset = 0
      case .last: offset = rowCount
      default: break
      }
      offset = max(0, min(offset, rowCount - pageHeight))
    }
    return true
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    dismiss()
    return true
  }
}
