/// What a terminal is given for one grapheme cluster: the rule that keeps text from strangers (feeds,
/// servers, files) from reaching the terminal as a command, and how the cluster falls into terminal cells.
/// Kept beside `DisplayWidth` so that measuring (wrapping) and drawing (the surface) follow one rule.
public enum Grapheme {
  /// Drawn in place of a control character, so an `ESC ] 52` clipboard write or a cursor move shows as
  /// harmless text instead of acting.
  public static let replacement: Character = "\u{FFFD}"

  /// The character to draw for `character`, or nil to draw nothing: C0 and C1 controls and DEL become
  /// `replacement`, tab a space, bidi embedding/override/isolate marks are dropped (they would reorder
  /// the rest of the line). The surface applies it; `DisplayWidth` measures what it returns.
  @inlinable
  public static func neutralized(_ character: Character) -> Character? {
    if let ascii = character.asciiValue {
      if ascii >= 0x20 && ascii < 0x7F { return character }
      if ascii == 0x09 { return " " }
      return replacement
    }
    for scalar in character.unicodeScalars {
      if isControl(scalar) { return replacement }
      if isBidiControl(scalar) { return nil }
    }
    return character
  }

  @inlinable
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  @inlinable
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
      || v == 0x061C
  }

  /// One terminal cell's worth of a cluster: the scalars a terminal stores in that cell and its width.
  public struct TerminalCell: Equatable, Sendable {
    public var scalars: [Unicode.Scalar]
    public var width: Int
  }

  /// The cells a cluster is sent to the terminal in: every scalar of non-zero width starts a cell of its
  /// own width, zero-width scalars join the cell before, and a zero-width joiner is not sent at all. tmux
  /// 3.3 joins the scalar after a joiner into the cell before (👩‍💻 two columns) while xterm gives every
  /// scalar its own width (four): without the joiner both draw 👩💻 in four, the width `DisplayWidth`
  /// measures (docs/DECISIONS.md, 2026-11-26). So 👍🏽 and 👩‍💻 are two cells of 2 columns, 🇯🇵 two cells
  /// of 1. Zero-width scalars before any cell get a cell of width 0.
  public static func cells(of character: Character) -> [TerminalCell] {
    var cells: [TerminalCell] = []
    for scalar in character.unicodeScalars where scalar != joiner {
      let width = DisplayWidth.of(scalar)
      if width > 0 || cells.isEmpty {
        cells.append(TerminalCell(scalars: [scalar], width: width))
      } else {
        cells[cells.count - 1].scalars.append(scalar)
      }
    }
    return cells
  }

  /// U+200D ZERO WIDTH JOINER, the scalar terminals disagree about (`cells(of:)`).
  public static let joiner: Unicode.Scalar = "\u{200D}"
}
