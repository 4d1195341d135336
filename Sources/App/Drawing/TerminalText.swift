/// Neutralizes text from strangers (feeds, servers, files) before it is drawn: the single choke point that
/// keeps terminal control sequences out of the terminal.
///
/// C0 and C1 controls (ESC, BEL, CSI, …) and DEL become U+FFFD, so an `ESC ] 52` clipboard write or a
/// cursor move shows as harmless text; tab becomes a space; bidi embedding/override/isolate controls are
/// dropped, so text cannot reorder the rest of the line.
enum TerminalText {
  static let replacement: Character = "\u{FFFD}"

  /// The character to draw for `character`, or nil to draw nothing.
  @inline(__always)
  static func safe(_ character: Character) -> Character? {
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
  static func sanitized(_ text: some StringProtocol) -> String {
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
