import Foundation

/// Neutralizes text from strangers (feeds, servers, files) before it is drawn: the single choke point that
/// keeps terminal control sequences out of the terminal.
///
/// C0 and C1 controls (ESC, BEL, CSI, …) and DEL become U+FFFD, so an `ESC ] 52` clipboard write or a
/// cursor move shows as harmless text; tab becomes a space; bidi embedding/override/isolate controls are
/// dropped, so text cannot reorder the rest of the line.
public enum TerminalText {
  public static let replacement: Character = "\u{FFFD}"

  /// The character to draw for `character`, or nil to draw nothing.
  @inline(__always)
  public static func safe(_ character: Character) -> Character? {
    if let ascii = character.asciiValue {
      if ascii >= 0x20 && ascii < 0x7F { return character }
      if ascii == 0x09 { return " " }
      return replacement
    }
    for scalar in character.unicodeScalars {
      let v = scalar.value
      if v < 0x20 || (0x7F...0x9F).contains(v) { return replacement }
      if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
        || v == 0x061C
      {
        return nil
      }
    }
    return character
  }

  /// `text` with every character made safe (for titles and status lines built outside a surface).
  public static func sanitized(_ text: some StringProtocol) -> String {
    // Printable ASCII is already safe: skip the grapheme walk (list titles take this path on every scroll).
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(text) }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text {
      if let s = safe(c) { out.append(s) }
    }
    return out
  }
}

extension TerminalText {
  /// One ASCII character standing for `grapheme` in one cell, for a terminal whose locale is not UTF-8
  /// (`LANG=C`), where ncurses would print nothing for it and a wide character would leave a hole:
  /// typographic and box-drawing characters get their usual ASCII look (`│`→`|`, `•`→`*`, `…`→`.`,
  /// `→`→`>`), a letter with accents its base letter (`é`→`e`), anything else `?`. The layout is kept:
  /// the caller gives a wide grapheme's second cell a blank.
  public static func asciiFallback(_ grapheme: String) -> String {
    if grapheme.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return grapheme.isEmpty ? " " : grapheme }
    guard let first = grapheme.unicodeScalars.first else { return " " }
    if let mapped = asciiLookalikes[first.value] { return mapped }
    if (0x2500...0x257F).contains(first.value) { return "+" }  // other box-drawing corners and joints
    if let base = grapheme.decomposedStringWithCanonicalMapping.unicodeScalars.first, base.isASCII,
      base.properties.isAlphabetic
    {
      return String(base)
    }
    return "?"
  }

  private static let asciiLookalikes: [UInt32: String] = {
    var table: [UInt32: String] = [:]
    func add(_ ascii: String, _ scalars: String) { for s in scalars.unicodeScalars { table[s.value] = ascii } }
    add("-", "─━═╌╍┄┅‐‑‒–—―−▪■")
    add("|", "│┃║╎╏┆┇◧▌▐")
    add("^", "▲△↑▴")
    add("v", "▼▽↓▾")
    add("<", "←‹«◀◂")
    add(">", "→›»▶▸")
    add("*", "•·●∙⋅")
    add("o", "◦○")
    add(".", "…")
    add("x", "×")
    add("'", "‘’‚′")
    add("\"", "“”„″")
    add(" ", "\u{A0}\u{2007}\u{202F}")
    return table
  }()
}

extension Surface {
  /// Replaces every cell that is not printable ASCII by `TerminalText.asciiFallback` (the whole frame in
  /// one pass, after drawing: controllers keep measuring text by its real width). `Screen` calls it when
  /// the terminal's locale cannot show Unicode.
  public mutating func foldToASCII() {
    for y in 0..<size.height {
      for x in 0..<size.width {
        let cell = self[x, y]
        if cell.isContinuation {
          self[x, y] = Cell(grapheme: " ", style: cell.style)
        } else if !cell.grapheme.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) || cell.grapheme.isEmpty {
          self[x, y].grapheme = TerminalText.asciiFallback(cell.grapheme)
        }
      }
    }
  }
}
