import Reader
import ScreenKit
import TextLayout

/// A scrolling list of rows of up to three wrapped lines with a selection (DESIGN §1, the tutorial's
/// table view), the base of the feed and article lists. A row may carry a right-aligned accessory
/// column (counts, a date) when the list is wide enough for it.
///
/// Drawing and key handling cost O(visible rows): rows are wrapped only when they can be on screen
/// (`ListMovement` asks for their heights), and the wrapped lines are cached per width. Layout computes
/// the visible rows (text, style, accessory); drawing only paints them.
@MainActor
class ListController: Controller {
  /// The selection and the scroll the list's keys, clicks and selections left. Layout does not write
  /// it: a frame shows it fitted to its height (`shown`), so a resize through a short size and back draws
  /// what a fresh start at that size draws (docs/ARCHITECTURE.md, "A resize").
  private(set) var movement = ListMovement()
  /// `movement` fitted to the frame of the last layout: the rows on screen, which a key or click acts from.
  private var shown = ListMovement()
  /// Lines a row may wrap to (DESIGN §1: at most 3).
  static let maxLinesPerRow = 3
  private var wrapped: [Int: [String]] = [:]
  private var wrappedWidth = -1
  private var wrappedEllipsis = ""

  // MARK: Data source (override)

  var rowCount: Int { 0 }
  func rowText(at index: Int) -> String { "" }
  /// The look of a row in `theme` (unread rows in `theme.unread`).
  func rowStyle(at index: Int, theme: Theme) -> Style { theme.list }
  /// Whether row `index` wraps to up to `maxLinesPerRow` lines; a row that does not is cut to one line
  /// with an ellipsis (a feed known only by its address: an address wrapped reads as several rows).
  func rowWraps(at index: Int) -> Bool { true }
  /// A one-column mark in the margin left of a row's first line (a starred article's star).
  func rowMark(at index: Int) -> String? { nil }
  /// Right-aligned text on a row's first line (at most `accessoryWidth` columns) and its style.
  func rowAccessory(at index: Int, theme: Theme) -> (text: String, style: Style)? { nil }
  /// Columns kept for the accessory; 0: none.
  var accessoryWidth: Int { 0 }
  /// The list width from which the accessory column is shown.
  var accessoryMinWidth: Int { 0 }
  /// Enter / `l` / `→` / a click on a row.
  func didActivateRow(at index: Int) {}
  /// Enter / `l` / `→` on a list with no rows.
  func didActivateEmptyList() {}
  /// Shown centred when there are no rows.
  var emptyText: String { "Nothing here" }
  /// Words marked in the rows' text (a search's results).
  var highlight: Highlight { Highlight([]) }
  /// Which `highlight` lines of the config paint this list's rows (`HighlightRule.Place`); nil: none.
  var highlightPlace: HighlightRule.Place? { nil }

  /// The revision of the data the rows are read from (the session's `dataRevision`, for some lists plus
  /// `Marking.revision` or `Reading.revision`: each only grows, so their sum moves whenever one does); 0
  /// for rows nothing changes under.
  var dataRevision: Int { 0 }

  /// The data changed (a reload ended, marks were written): re-read it, keeping the selection on the same
  /// row where it still exists. Subclasses re-query their source, then call super.
  func refresh() { reloadData() }

  /// Re-reads the row count (after the data changed), keeping the selection where it still exists.
  func reloadData() {
    readRevision = dataRevision
    movement.setCount(rowCount)
    wrapped.removeAll(keepingCapacity: true)
  }

  // MARK: Catching up (lists pull)

  /// `dataRevision` when the rows were last read.
  private var readRevision: Int?

  /// Re-reads the rows (`refresh`) when the data under them changed since they were read: a list catches
  /// up with what it shows when it is laid out, handed a key or asked for its rows — as the article pane
  /// does with the open article — and nothing pushes refreshes into it (docs/ARCHITECTURE.md, "Lists
  /// pull"). True when it read them again.
  @discardableResult
  func catchUp() -> Bool {
    let now = dataRevision
    guard now != readRevision else { return false }
    readRevision = now  // first: reading the rows asks for them, which must not catch up again
    refresh()
    return true
  }

  /// Selects row `index`; the next layout scrolls it into view. Nothing is scrolled for good here: a
  /// refresh keeping the selection on its article (marks written, a reload) while the terminal is short
  /// would keep that size's scroll after it grew back (docs/ARCHITECTURE.md, "A resize").
  func selectRow(_ index: Int) {
    movement.select(index)
  }

  var selectedIndex: Int { movement.selected }

  // MARK: Rows

  private var showsAccessory: Bool { accessoryWidth > 0 && frame.width >= accessoryMinWidth }
  private var textWidth: Int { max(1, frame.width - 2 - (showsAccessory ? accessoryWidth + 1 : 0)) }

  /// The wrapped lines of row `index` at the current width (cached; the cache is bounded).
  func lines(forRow index: Int) -> [String] {
    if let cached = wrapped[index] { return cached }
    if wrapped.count > 4096 { wrapped.removeAll(keepingCapacity: true) }
    var lines =
      rowWraps(at: index)
      ? TextWrapper.lines(rowText(at: index), width: textWidth, maxLines: Self.maxLinesPerRow, ellipsis: wrappedEllipsis)
      : [TextWrapper.truncate(rowText(at: index), width: textWidth, ellipsis: wrappedEllipsis)]
    if lines.isEmpty { lines = [""] }
    wrapped[index] = lines
    return lines
  }

  private func rowHeight(_ index: Int) -> Int { lines(forRow: index).count }

  private func scrollToSelection() {
    movement.scrollToSelection(viewport: frame.height, rowHeight: rowHeight)
  }

  /// A key or click acts on the rows the user sees: their scroll becomes the list's before it moves.
  private func actFromShown() {
    if shown.count == movement.count && shown.selected == movement.selected { movement = shown }
  }

  /// A row as it is drawn this frame.
  private struct VisibleRow {
    var rect: Rect
    var lines: [String]
    var style: Style
    var isSelected: Bool
    var mark: String?
    var accessory: (text: String, x: Int, style: Style)?
  }

  private var visible: [VisibleRow] = []
  /// `emptyText` wrapped to the list's width, when there are no rows.
  private var emptyLines: [String] = []

  override func layoutChildren() {
    catchUp()
    if movement.count != rowCount { movement.setCount(rowCount) }
    emptyLines = movement.count > 0 ? [] : TextWrapper.lines(emptyText, width: max(1, frame.width - 2))
    let ellipsis = glyphs.ellipsis
    if wrappedWidth != textWidth || wrappedEllipsis != ellipsis {
      wrappedWidth = textWidth
      wrappedEllipsis = ellipsis
      wrapped.removeAll(keepingCapacity: true)
    }
    shown = movement.fitted(viewport: frame.height, rowHeight: rowHeight)
    let theme = self.theme
    // The selection is bright in the focused pane and dim in the other one.
    let focused = hasFocus
    func selected(_ style: Style) -> Style { focused ? theme.selected(style) : theme.selected(style).adding(.dim) }
    visible = shown.visibleRows(viewport: frame.height, rowHeight: rowHeight).map { row in
      let isSelected = row.index == movement.selected
      var style = rowStyle(at: row.index, theme: theme)
      if isSelected { style = selected(style) }
      let rect = Rect(x: frame.minX, y: frame.minY + row.y, width: frame.width, height: row.height).intersection(frame)
      var shown = VisibleRow(
        rect: rect, lines: lines(forRow: row.index), style: style, isSelected: isSelected, mark: rowMark(at: row.index))
      if showsAccessory, let accessory = rowAccessory(at: row.index, theme: theme) {
        let text = TextWrapper.truncate(accessory.text, width: accessoryWidth, ellipsis: ellipsis)
        shown.accessory = (text, frame.maxX - 1 - DisplayWidth.of(text), isSelected ? selected(accessory.style) : accessory.style)
      }
      return shown
    }
  }

  override func draw(in surface: inout Surface) {
    surface.fill(frame, style: theme.list)
    guard movement.count > 0 else {
      let top = frame.minY + max(0, frame.height / 2 - (emptyLines.count - 1) / 2)
      for (i, line) in emptyLines.enumerated() {
        surface.putCentered(line, y: top + i, in: frame, style: .dim)
      }
      return
    }
    let highlight = self.highlight
    for row in visible {
      if row.isSelected { surface.fill(row.rect, style: row.style) }
      for (i, line) in row.lines.enumerated() where row.rect.minY + i < frame.maxY {
        var x = frame.minX + 1
        // The config's `highlight` rules paint every row but the selected one, whose selection must show.
        let ruleStyles = row.isSelected ? nil : highlightPlace.flatMap { theme.highlightStyles(of: line, in: $0) }
        var offset = 0
        for piece in highlight.pieces(of: line) {
          let parts = ruleStyles.map { theme.highlightPieces(piece.text, base: row.style, styles: $0, offset: offset) }
            ?? [(String(piece.text), row.style)]
          for part in parts {
            let style = piece.isMatch ? theme.matched(part.style) : part.style
            x += surface.put(part.text, at: Point(x: x, y: row.rect.minY + i), style: style, clip: frame)
          }
          offset += piece.text.count
        }
      }
      if let mark = row.mark {
        surface.put(mark, at: Point(x: frame.minX, y: row.rect.minY), style: row.style, clip: frame)
      }
      if let accessory = row.accessory {
        surface.put(accessory.text, at: Point(x: accessory.x, y: row.rect.minY), style: accessory.style, clip: frame)
      }
    }
  }

  // MARK: Keys and mouse

  override func handle(_ key: Key) -> Bool {
    catchUp()
    guard let action = keyMap.action(for: key, in: .list) else { return false }
    actFromShown()
    switch action {
    case .moveDown: movement.move(by: 1)
    case .moveUp: movement.move(by: -1)
    case .pageDown: movement.pageDown(viewport: frame.height, rowHeight: rowHeight)
    case .pageUp: movement.pageUp(viewport: frame.height, rowHeight: rowHeight)
    case .first: movement.moveToFirst()
    case .last: movement.moveToLast()
    case .open:
      guard movement.count > 0 else {
        didActivateEmptyList()
        return true
      }
      didActivateRow(at: movement.selected)
      return true
    default: return false
    }
    scrollToSelection()
    return true
  }

  /// The row drawn at screen line `y`, if any.
  func row(atLine y: Int) -> Int? {
    shown.visibleRows(viewport: frame.height, rowHeight: rowHeight)
      .first { frame.minY + $0.y <= y && y < frame.minY + $0.y + $0.height }?.index
  }

  override func handleMouse(_ event: MouseEvent) -> Bool {
    catchUp()
    actFromShown()
    switch event.kind {
    case .press:
      guard let index = row(atLine: event.point.y) else { return true }
      selectRow(index)
      didActivateRow(at: index)
    case .scrollDown:
      movement.move(by: 3)
      scrollToSelection()
    case .scrollUp:
      movement.move(by: -3)
      scrollToSelection()
    }
    return true
  }
}
