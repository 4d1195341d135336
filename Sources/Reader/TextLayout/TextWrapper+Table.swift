// Data tables (DESIGN §1, secondary pane): aligned columns when they fit, else one block per row.
extension TextWrapper {
  /// Between two cells of a line.
  static let columnSeparator = StyledRun(" │ ", .dim)
  /// A column may be narrowed to its longest word, but no narrower than this when that word is longer
  /// (a long address then breaks inside its cell rather than turning the table into blocks).
  static let widestWordKept = 16

  /// Lays `table` out below `first` (its first line's prefix) and `rest` (the others'). The columns align
  /// when each can have at least its longest word (`widestWordKept` at most) beside the others: each
  /// column takes its text's width when all fit, else its word plus a share of the space left in
  /// proportion to what it lacks, and cells wrap inside their columns; a rule follows the header rows.
  /// When they cannot, each body row becomes a block of `header: value` lines, a blank line between rows.
  mutating func table(_ table: StyledTable, first: [StyledRun], rest: [StyledRun]) {
    let columns = table.rows.map(\.count).max() ?? 0
    guard columns > 0 else { return }
    let prefixWidth = max(first.reduce(0) { $0 + $1.width }, rest.reduce(0) { $0 + $1.width })
    let capacity = max(1, width - prefixWidth)
    var natural = [Int](repeating: 0, count: columns)
    var minimum = [Int](repeating: 1, count: columns)
    for row in table.rows {
      for (column, cell) in row.enumerated() {
        let measure = Self.measure(cell)
        natural[column] = max(natural[column], measure.width)
        minimum[column] = max(minimum[column], min(measure.longestWord, Self.widestWordKept))
      }
    }
    let space = capacity - Self.columnSeparator.width * (columns - 1)
    var lineCount = 0
    func emitLine(_ content: [StyledRun], row: Int) {
      emit(StyledLine(normalizing: (lineCount == 0 ? first : rest) + content, source: TextPosition(block: blockIndex, offset: row)))
      lineCount += 1
    }
    if minimum.reduce(0, +) <= space {
      let widths = Self.columnWidths(natural: natural, minimum: minimum, space: space)
      for (index, row) in table.rows.enumerated() {
        for content in Self.alignedLines(row, widths: widths) { emitLine(content, row: index) }
        if index + 1 == table.headerRows, index + 1 < table.rows.count {
          let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "─┼─")
          emitLine([StyledRun(rule, .dim)], row: index)
        }
      }
      return
    }
    let headers = table.rows.first.flatMap { table.headerRows > 0 ? $0 : nil } ?? []
    for index in table.rows.indices.dropFirst(table.headerRows) {
      if index > table.headerRows { emit(StyledLine(normalizing: Self.trimmingTrailingSpaces(rest), source: TextPosition(block: blockIndex, offset: index))) }
      for (column, cell) in table.rows[index].enumerated() {
        var label: [StyledRun] = []
        if column < headers.count, !headers[column].isEmpty {
          label = headers[column].map { StyledRun($0.text, $0.style.union(.bold)) } + [StyledRun(": ", .bold)]
        }
        var sub = TextWrapper(width: capacity)
        sub.add(StyledBlock(runs: label + cell))
        for line in sub.lines { emitLine(Self.runs(of: line), row: index) }
      }
    }
  }

  /// A cell's width on one line and its longest word.
  static func measure(_ cell: [StyledRun]) -> (width: Int, longestWord: Int) {
    var total = 0
    var word = 0
    var longest = 0
    for run in cell {
      for c in run.text {
        let w = c == " " ? 1 : DisplayWidth.of(c)
        total += w
        if c == " " {
          word = 0
        } else {
          word += w
          longest = max(longest, word)
        }
      }
    }
    return (total, longest)
  }

  /// Each column's width: its natural width when all fit in `space`, else its minimum plus a share of
  /// what is left in proportion to what it lacks (the leftover columns go left to right).
  static func columnWidths(natural: [Int], minimum: [Int], space: Int) -> [Int] {
    let natural = zip(natural, minimum).map { max($0, $1) }
    if natural.reduce(0, +) <= space { return natural }
    let lacking = zip(natural, minimum).map { $0 - $1 }
    let totalLacking = lacking.reduce(0, +)
    let spare = space - minimum.reduce(0, +)
    var widths = zip(minimum, lacking).map { $0 + (totalLacking > 0 ? $1 * spare / totalLacking : 0) }
    var left = space - widths.reduce(0, +)
    for column in widths.indices where left > 0 && widths[column] < natural[column] {
      widths[column] += 1
      left -= 1
    }
    return widths
  }

  /// One row's lines: each cell wrapped at its column's width, padded to it, the columns joined by the
  /// separator (the last cell is not padded).
  static func alignedLines(_ row: [[StyledRun]], widths: [Int]) -> [[StyledRun]] {
    let cells: [[StyledLine]] = widths.indices.map { column in
      guard column < row.count, !row[column].isEmpty else { return [] }
      var sub = TextWrapper(width: widths[column])
      sub.add(StyledBlock(runs: row[column]))
      return sub.lines
    }
    let height = max(1, cells.map(\.count).max() ?? 0)
    return (0..<height).map { lineIndex in
      var out: [StyledRun] = []
      for column in widths.indices {
        if column > 0 { out.append(columnSeparator) }
        let line = lineIndex < cells[column].count ? cells[column][lineIndex] : StyledLine()
        out += runs(of: line)
        if column + 1 < widths.count {
          out.append(StyledRun(String(repeating: " ", count: max(0, widths[column] - line.width))))
        }
      }
      return trimmingTrailingSpaces(out)
    }
  }

  /// A wrapped line back as runs, its indentation as spaces.
  static func runs(of line: StyledLine) -> [StyledRun] {
    line.indent > 0 ? [StyledRun(String(repeating: " ", count: line.indent))] + line.runs : line.runs
  }
}
