import ScreenKit

/// Key names in `bind-key` lines (newsboat's spelling, case-insensitive for the named keys): one
/// character (`j`, `?`), `^R` for Ctrl-R, and `ENTER`, `TAB`, `SPACE`, `ESC`, `BACKSPACE`, `DELETE`, the
/// arrows `UP` `DOWN` `LEFT` `RIGHT`, `HOME`, `END`, `PGUP`/`PPAGE`, `PGDN`/`NPAGE`, `F1`…`F12`.
enum KeyName {
  static func parse(_ text: String) -> Key? {
    if text.count == 1, let c = text.first, !c.isWhitespace {
      return .character(c)
    }
    if text.count == 2, text.first == "^", let letter = text.last, letter.isASCII, letter.isLetter {
      return .control(Character(letter.lowercased()))
    }
    let upper = text.uppercased()
    if upper.hasPrefix("F"), let n = Int(upper.dropFirst()), (1...12).contains(n) { return .function(n) }
    return named[upper]
  }

  private static let named: [String: Key] = [
    "ENTER": .enter, "RETURN": .enter, "TAB": .tab, "BACKTAB": .backTab, "SPACE": .character(" "),
    "ESC": .escape, "ESCAPE": .escape, "BACKSPACE": .backspace, "DELETE": .delete, "DEL": .delete,
    "UP": .up, "DOWN": .down, "LEFT": .left, "RIGHT": .right, "HOME": .home, "END": .end,
    "PGUP": .pageUp, "PPAGE": .pageUp, "PAGEUP": .pageUp, "PGDN": .pageDown, "NPAGE": .pageDown,
    "PAGEDOWN": .pageDown,
  ]
}
