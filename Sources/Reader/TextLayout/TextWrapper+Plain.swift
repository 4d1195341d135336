/// Plain strings on the one wrapper: list titles, bars, the status line and messages wrap and cut by the
/// same rules as articles (CJK breaks, grapheme clusters kept whole).
extension TextWrapper {
  /// `text` wrapped into lines at most `width` columns wide (none when `width` or `maxLines` is under 1).
  /// With `maxLines`, the last kept line ends in `ellipsis` when text was left out.
  public static func lines(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var wrapper = TextWrapper(width: width, maxLines: maxLines)
    wrapper.start(prefix: [], rest: [])
    wrapper.flow([StyledRun(text)], hardBreaks: false)
    var lines = wrapper.lines.map(\.text)
    if wrapper.truncated, let last = lines.popLast() {
      lines.append(withEllipsis(last[...], width: width, ellipsis: ellipsis))
    }
    return lines
  }

  /// `text` cut to `width` columns, ending in `ellipsis` when it did not fit (single-line titles).
  public static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
    DisplayWidth.of(text) <= width ? text : withEllipsis(text[...], width: width, ellipsis: ellipsis)
  }

  /// The longest prefix of `text` at most `width` columns wide, cut between grapheme clusters.
  public static func prefix(of text: Substring, fitting width: Int) -> Substring {
    var used = 0
    var end = text.startIndex
    for character in text {
      used += DisplayWidth.of(character)
      if used > width { break }
      end = text.index(after: end)
    }
    return text[..<end]
  }

  /// `line` shortened so that `ellipsis` fits after it within `width` columns (trailing spaces dropped).
  static func withEllipsis(_ line: Substring, width: Int, ellipsis: String) -> String {
    let room = width - DisplayWidth.of(ellipsis)
    guard room > 0 else { return String(prefix(of: ellipsis[...], fitting: max(0, width))) }
    var kept = prefix(of: line, fitting: room)
    while kept.last == " " { kept = kept.dropLast() }
    return kept + ellipsis
  }
}
