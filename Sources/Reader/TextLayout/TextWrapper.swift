/// The one line breaker: lays `StyledBlock`s (articles) and plain strings (list titles, bars, messages,
/// `TextWrapper.lines`) out into lines of at most `width` columns, measured with `DisplayWidth`.
///
/// One linear pass per block (no re-measuring of a growing line), so wrapping cost is proportional to the
/// text. Rules:
/// - flow text breaks at spaces and tabs, and before or after wide characters (CJK, emoji) except before
///   closing punctuation and after opening punctuation; a word wider than the space left is broken
///   between grapheme clusters, never inside one;
/// - prefixes (quote bars, list markers) take at most half the width, so text always has room;
/// - a cluster wider than the whole text area (a CJK character at width 1) is drawn as `…`;
/// - with `maxLines`, wrapping stops there and `truncated` tells that text was left out.
public struct TextWrapper {
  public let width: Int
  public let maxLines: Int
  public private(set) var lines: [StyledLine] = []
  /// Text was left out because `maxLines` lines were full.
  public private(set) var truncated = false

  // The line being filled.
  private var runs: [StyledRun] = []
  private var used = 0
  private var capacity = 0
  private var restPrefix: [StyledRun] = []
  // Where the lines come from: the block being added, the characters of it consumed so far, and the
  // offset of the first character on the line being filled.
  private(set) var blockIndex = 0
  private var offset = 0
  private var lineStart: Int?

  public init(width: Int, maxLines: Int = .max) {
    self.width = max(1, width)
    self.maxLines = max(0, maxLines)
  }

  public mutating func add(_ block: StyledBlock) {
    guard !truncated else { return }
    let first = Self.fit(block.firstPrefix, within: width / 2)
    let rest = Self.fit(block.restPrefix, within: width / 2)
    if block.gapBefore && !lines.isEmpty {
      let gap = Self.fit(block.gapPrefix, within: width / 2)
      emit(StyledLine(normalizing: Self.trimmingTrailingSpaces(gap), source: TextPosition(block: blockIndex, offset: -1)))
    }
    defer { blockIndex += 1 }
    offset = 0
    lineStart = nil
    start(prefix: first, rest: rest)
    switch block.kind {
    case .flow: flow(block.runs, hardBreaks: true)
    case .verbatim: verbatim(block.runs)
    case .image: flow(block.runs, hardBreaks: false)
    case .table(let table): self.table(table, first: first, rest: rest)
    case .rule:
      lineStart = 0
      append(String(repeating: "─", count: capacity), .dim)
      used = capacity
      endLine()
    }
  }

  // MARK: - Flow text

  /// The word being collected: slices of the runs' text (no per-character copies) and its width.
  private struct Word {
    var pieces: [(text: Substring, style: TextStyle)] = []
    var width = 0
    /// The offset of its first character in the block.
    var start = 0
  }

  /// Flow text; with `hardBreaks` a `"\n"` ends the line (`<br>`), without it a newline is a character
  /// like any other control (plain strings: the surface shows it as a replacement character).
  mutating func flow(_ input: [StyledRun], hardBreaks: Bool) {
    var word = Word()
    var pendingSpace: TextStyle? = nil
    var breakAfter = false  // the word ends with a character that may end a line (CJK)
    var emitted = false

    for run in input where !truncated {
      let text = run.text
      var pieceStart: String.Index? = nil  // where the word's slice of this run begins
      var position = text.startIndex
      func closePiece(at end: String.Index) {
        if let start = pieceStart, start < end { word.pieces.append((text[start..<end], run.style)) }
        pieceStart = nil
      }
      for c in text {
        let next = text.utf8.index(position, offsetBy: c.utf8.count)
        defer {
          position = next
          offset += 1
        }
        if truncated { break }
        let ascii = c.asciiValue
        if ascii == 0x20 || ascii == 0x09 || (hardBreaks && ascii == 0x0A) {
          closePiece(at: position)
          place(&word, space: pendingSpace)
          breakAfter = false
          if ascii != 0x0A {
            if pendingSpace == nil { pendingSpace = run.style }
          } else {
            pendingSpace = nil
            endLine(force: true)
            emitted = true
          }
          continue
        }
        let cw: Int
        let glued: Bool
        if let ascii {
          cw = 1  // a control too: the surface draws it as one replacement character
          glued = Self.asciiNoBreakBefore(ascii)
        } else {
          cw = DisplayWidth.of(c)
          glued = c.unicodeScalars.first.map { Self.noBreakBefore.contains($0.value) } ?? false
        }
        if !glued && (breakAfter || cw >= 2) && (pieceStart != nil || !word.pieces.isEmpty) {
          closePiece(at: position)
          place(&word, space: pendingSpace)
          pendingSpace = nil
        }
        if pieceStart == nil && word.pieces.isEmpty { word.start = offset }
        if pieceStart == nil { pieceStart = position }
        word.width += cw
        breakAfter =
          cw >= 2 && !(c.unicodeScalars.first.map { Self.noBreakAfter.contains($0.value) } ?? false)
      }
      closePiece(at: text.endIndex)
    }
    place(&word, space: pendingSpace)
    if used > 0 || !emitted { endLine() }
  }

  /// Puts a collected word on the line (after a space when `space` is set and the line is not empty), on the
  /// next line when it does not fit, broken between characters when it is wider than a whole line.
  private mutating func place(_ word: inout Word, space: TextStyle?) {
    guard !word.pieces.isEmpty else { return }
    defer {
      word.pieces.removeAll(keepingCapacity: true)
      word.width = 0
    }
    let spaceWidth = (space != nil && used > 0) ? 1 : 0
    if used + spaceWidth + word.width <= capacity {
      if used == 0 { lineStart = lineStart ?? word.start }
      if spaceWidth == 1, let style = space { append(" ", style) }
      for piece in word.pieces { append(piece.text, piece.style) }
      used += spaceWidth + word.width
      return
    }
    if used > 0 { endLine() }
    if word.width <= capacity {
      lineStart = lineStart ?? word.start
      for piece in word.pieces { append(piece.text, piece.style) }
      used += word.width
    } else {
      var at = word.start
      for piece in word.pieces {
        for c in piece.text {
          appendBreaking(c, piece.style, at: at)
          at += 1
        }
      }
    }
  }

  /// ASCII closing punctuation that must not start a line.
  private static func asciiNoBreakBefore(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"),
      UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "%"):
      return true
    default:
      return false
    }
  }

  /// Other closing punctuation (CJK and typographic) that must not start a line.
  private static let noBreakBefore: Set<UInt32> = Set(
    "\u{2019}\u{201D}、。，．：；！？）」』】〉》〕…ーゝゞ々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ".unicodeScalars.map(\.value))

  /// Opening punctuation that must not end a line.
  private static let noBreakAfter: Set<UInt32> = Set("（「『【〈《〔\u{2018}\u{201C}".unicodeScalars.map(\.value))

  // MARK: - Verbatim text

  private mutating func verbatim(_ input: [StyledRun]) {
    var column = 0  // column in the source line, for tab stops
    for run in input {
      for c in run.text {
        defer { offset += 1 }
        if c == "\n" {
          endLine(force: true)
          column = 0
        } else if c == "\t" {
          let spaces = 8 - column % 8
          for _ in 0..<spaces { appendBreaking(" ", run.style, at: offset) }
          column += spaces
        } else {
          appendBreaking(c, run.style, at: offset)
          column += DisplayWidth.of(c)
        }
      }
    }
    endLine(force: true)
  }

  // MARK: - Lines

  mutating func start(prefix: [StyledRun], rest: [StyledRun]) {
    runs = prefix
    restPrefix = rest
    used = 0
    capacity = max(1, width - Self.width(of: prefix))
  }

  /// Appends text without counting its width (the caller does).
  private mutating func append(_ text: some StringProtocol, _ style: TextStyle) {
    if let last = runs.last, last.style == style {
      runs[runs.count - 1].text += text
    } else {
      runs.append(StyledRun(String(text), style))
    }
  }

  /// Appends one character, starting a new line first when it does not fit.
  private mutating func appendBreaking(_ c: Character, _ style: TextStyle, at source: Int) {
    var c = c
    var cw = DisplayWidth.of(c)
    if cw > capacity {
      c = "…"
      cw = 1
    }
    if used + cw > capacity { endLine() }
    if used == 0 { lineStart = lineStart ?? source }
    append(String(c), style)
    used += cw
  }

  /// Ends the line being filled (an empty one only when `force`) and starts the next with the rest prefix.
  private mutating func endLine(force: Bool = false) {
    if used > 0 || force {
      emit(StyledLine(normalizing: runs, source: TextPosition(block: blockIndex, offset: lineStart ?? offset)))
    }
    lineStart = nil
    runs = restPrefix
    used = 0
    capacity = max(1, width - Self.width(of: restPrefix))
  }

  mutating func emit(_ line: StyledLine) {
    if lines.count < maxLines { lines.append(line) } else { truncated = true }
  }

  // MARK: - Prefixes

  private static func width(of runs: [StyledRun]) -> Int {
    runs.reduce(0) { $0 + $1.width }
  }

  /// `prefix` cut to at most `limit` columns (deep nesting in a narrow pane).
  static func fit(_ prefix: [StyledRun], within limit: Int) -> [StyledRun] {
    if width(of: prefix) <= limit { return prefix }
    var out: [StyledRun] = []
    var total = 0
    for run in prefix {
      let text = Self.prefix(of: run.text[...], fitting: limit - total)
      if !text.isEmpty { out.append(StyledRun(String(text), run.style)) }
      total += DisplayWidth.of(text)
      if text.endIndex < run.text.endIndex || total >= limit { break }
    }
    return out
  }

  static func trimmingTrailingSpaces(_ prefix: [StyledRun]) -> [StyledRun] {
    var out = prefix
    while let last = out.last {
      let trimmed = String(last.text.reversed().drop { $0 == " " }.reversed())
      if trimmed.isEmpty {
        out.removeLast()
      } else {
        out[out.count - 1].text = trimmed
        break
      }
    }
    return out
  }
}
