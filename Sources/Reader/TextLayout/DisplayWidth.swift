/// Terminal column width of text, computed in pure Swift so that wrapping (HTML → lines) and the drawing
/// surface agree with each other and with the terminal without depending on `setlocale`/`wcwidth`.
///
/// A scalar takes what glibc's `wcwidth` gives it (ncurses and tmux both ask `wcwidth`): East Asian
/// Wide/Fullwidth and emoji-presentation characters two cells, combining marks and most format
/// characters none, everything else one. A grapheme cluster takes the sum of its scalars' widths, the
/// columns both tmux 3.3 and xterm draw for the cells it is sent in (`Grapheme.cells`, which leaves out
/// the zero-width joiner the two disagree about): 👩‍💻 four, 👍🏽 four, 🇯🇵 two, ☺️ one. Text is measured
/// as the surface draws it (`Grapheme.neutralized`): a control takes one column (its replacement).
public enum DisplayWidth {
  /// Width of one scalar in terminal cells (0, 1 or 2), as `wcwidth` gives it (controls 0).
  @inlinable
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x7F { return v >= 0x20 ? 1 : 0 }
    if v < 0xA0 { return 0 }
    if v < 0x300 { return 1 }
    return slowWidth(scalar)
  }

  @usableFromInline
  static func slowWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if (0x1F1E6...0x1F1FF).contains(v) { return 1 }  // a regional indicator: a flag is two of them
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator:
      return 0
    case .format:
      return isPrependedMark(v) ? 1 : 0
    default: break
    }
    if v == 0x200B || (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 }
    if isWide(v) { return 2 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Format characters that `wcwidth` counts as one column: the soft hyphen and the prepended
  /// concatenation marks (Arabic number signs and the like, drawn as a sign of their own).
  @usableFromInline
  static func isPrependedMark(_ v: UInt32) -> Bool {
    switch v {
    case 0xAD, 0x600...0x605, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x110BD, 0x110CD: return true
    default: return false
    }
  }

  /// East Asian Wide and Fullwidth ranges; emoji from 0x1F300 up are wide by `isEmojiPresentation`,
  /// since the rest of those blocks (🌡, 🕷 without U+FE0F) is narrow for `wcwidth`.
  @usableFromInline
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
      0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4DC0...0x4DFF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x18CD5,
      0x18D00...0x18D08, 0x1AFF0...0x1AFFE, 0x1B000...0x1B2FF, 0x1F200...0x1F265,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// Width of one grapheme cluster (a Swift `Character`) as drawn: the sum of its scalars' widths (the
  /// width of its `Grapheme.cells`), one column for a control (drawn as `Grapheme.replacement`).
  @inlinable
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let only = scalars.first { return Grapheme.isControl(only) ? 1 : of(only) }
    var width = 0
    for scalar in scalars {
      if Grapheme.isControl(scalar) { return 1 }
      width += of(scalar)
    }
    return width
  }

  /// Width of a string: the sum of its grapheme clusters' widths.
  public static func of(_ text: some StringProtocol) -> Int {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }  // printable ASCII
    var total = 0
    for character in text { total += of(character) }
    return total
  }
}
