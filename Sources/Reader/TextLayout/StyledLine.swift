/// One terminal line of a rendered article, already wrapped to a width: what the article pane draws row by
/// row. `indent` blank columns come first, then the runs; `width` never exceeds the width it was wrapped to.
public struct StyledLine: Hashable, Sendable {
  /// Leading blank columns (list hanging indents, definition indents) before the first run.
  public var indent: Int
  public var runs: [StyledRun]
  /// Where the line starts in the text it was wrapped from, so a reader keeps its place by words at
  /// any width.
  public var source: TextPosition

  public init(indent: Int = 0, runs: [StyledRun] = [], source: TextPosition = TextPosition()) {
    self.indent = indent
    self.runs = runs
    self.source = source
  }

  /// Terminal columns taken, indentation included.
  public var width: Int { runs.reduce(indent) { $0 + $1.width } }

  /// The line as plain text, indentation included (tests, search, copying).
  public var text: String {
    var s = String(repeating: " ", count: indent)
    for run in runs { s += run.text }
    return s
  }

  /// Builds a line from runs: merges neighbours of the same style, drops empty runs and turns leading
  /// unstyled spaces into `indent`.
  init(normalizing input: [StyledRun], source: TextPosition = TextPosition()) {
    var runs: [StyledRun] = []
    runs.reserveCapacity(input.count)
    for run in input where !run.text.isEmpty {
      if let last = runs.last, last.style == run.style {
        runs[runs.count - 1].text += run.text
      } else {
        runs.append(run)
      }
    }
    var indent = 0
    if let first = runs.first, first.style.isEmpty {
      let spaces = first.text.utf8.prefix { $0 == 0x20 }.count
      if spaces == first.text.utf8.count {
        runs.removeFirst()
      } else if spaces > 0 {
        runs[0].text = String(first.text.dropFirst(spaces))
      }
      indent = spaces
    }
    self.init(indent: indent, runs: runs, source: source)
  }
}

/// A place in a `StyledText`: the block's index and a character offset in the block's runs (a block's
/// gap line sits at offset -1, before its first character).
public struct TextPosition: Hashable, Comparable, Sendable {
  public var block: Int
  public var offset: Int

  public init(block: Int = 0, offset: Int = 0) {
    self.block = block
    self.offset = offset
  }

  public static func < (a: TextPosition, b: TextPosition) -> Bool {
    (a.block, a.offset) < (b.block, b.offset)
  }
}
