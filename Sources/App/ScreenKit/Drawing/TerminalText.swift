import Foundation
import TextLayout

/// Text from strangers (feeds, servers, files) for places that are not a `Surface`: stderr lines, and the
/// ASCII look of a frame for a terminal that cannot show Unicode. Drawing needs none of it: `Surface.put`
/// neutralizes by the same rule (`Grapheme.neutralized`).
public enum TerminalText {
  /// `text` with every character neutralized (C0/C1 controls and DEL as U+FFFD, tab as a space, bidi
  /// controls dropped), for lines written to a terminal without a surface.
  public static func sanitized(_ text: some StringProtocol) -> String {
    // Printable ASCII is already safe: skip the grapheme walk.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(text) }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text {
      if let s = Grapheme.neutralized(c) { out.append(s) }
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
