/// Word wrapping by display width (SPEC §1: list titles in at most 3 lines), a pure function so that
/// CJK, emoji and long words are unit-tested. Widths come from `DisplayWidth`, the same measure the
/// surface uses, so a wrapped line always fits the columns it was wrapped for.
public enum TextWrap {
  /// `text` wrapped at spaces into lines at most `width` columns wide; words longer than a line are cut
  /// by grapheme. With `maxLines`, the last kept line ends in `ellipsis` when text was left out.
  public static func lines(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var current = ""
    var currentWidth = 0
    var truncated = false

    func flush() {
      lines.append(current)
      current = ""
      currentWidth = 0
    }

    outer: for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
      let wordWidth = DisplayWidth.of(word)
      if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
        current += " " + word
        currentWidth += 1 + wordWidth
        continue
      }
      if currentWidth > 0 {
        flush()
        if lines.count == maxLines { truncated = true; break outer }
      }
      if wordWidth <= width {
        current = String(word)
        currentWidth = wordWidth
        continue
      }
      // A word wider than the line: cut it by grapheme.
      for character in word {
        let w = DisplayWidth.of(character)
        if currentWidth + w > width {
          flush()
          if lines.count == maxLines { truncated = true; break outer }
        }
        current.append(character)
        currentWidth += w
      }
    }
    if currentWidth > 0 {
      if lines.count == maxLines { truncated = true } else { flush() }
    }
    if truncated, let last = lines.popLast() {
      lines.append(withEllipsis(last, width: width, ellipsis: ellipsis))
    }
    return lines
  }

  /// `line` shortened so that `ellipsis` fits after it within `width` columns.
  public static func withEllipsis(_ line: String, width: Int, ellipsis: String) -> String {
    let room = width - DisplayWidth.of(ellipsis)
    guard room > 0 else { return String(ellipsis.prefix(max(0, width))) }
    var out = ""
    var used = 0
    for character in line {
      let w = DisplayWidth.of(character)
      if used + w > room { break }
      out.append(character)
      used += w
    }
    while out.last == " " { out.removeLast() }
    return out + ellipsis
  }

  /// `text` cut to `width` columns, with `ellipsis` when it did not fit (single-line titles).
  public static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
    DisplayWidth.of(text) <= width ? text : withEllipsis(text, width: width, ellipsis: ellipsis)
  }
}
