/// Splits one line of a newsboat-style file (urls, config) into words: whitespace separates them, a
/// double-quoted word may hold spaces (`\"` and `\\` inside it), and a `#` that starts a word begins a
/// comment. Shared by `UrlsFile` and the config parser so both read quotes and comments alike.
public enum LineTokenizer {
  /// The words of `line`, or a message when a quote is left open.
  public static func words(_ line: Substring) -> Result<[String], TokenError> {
    tokens(line).map { $0.map(\.word) }
  }

  /// The words of `line` with where each is written (quotes included), for an edit that replaces one
  /// word and keeps the rest of the line as it was.
  public static func tokens(_ line: Substring) -> Result<[(word: String, range: Range<Substring.Index>)], TokenError> {
    var words: [(word: String, range: Range<Substring.Index>)] = []
    var index = line.startIndex
    while index < line.endIndex {
      let c = line[index]
      if c == " " || c == "\t" || c == "\r" {
        index = line.index(after: index)
        continue
      }
      if c == "#" { break }
      let start = index
      var word = ""
      if c == "\"" {
        index = line.index(after: index)
        var closed = false
        while index < line.endIndex {
          let d = line[index]
          index = line.index(after: index)
          if d == "\"" {
            closed = true
            break
          }
          if d == "\\", index < line.endIndex {
            word.append(line[index])
            index = line.index(after: index)
          } else {
            word.append(d)
          }
        }
        guard closed else { return .failure(.unclosedQuote) }
      } else {
        while index < line.endIndex, line[index] != " ", line[index] != "\t", line[index] != "\r" {
          word.append(line[index])
          index = line.index(after: index)
        }
      }
      words.append((word, start..<index))
    }
    return .success(words)
  }

  /// `word` as it must be written back: quoted (with escapes) when it holds a space, a quote, a `#` or
  /// a backslash, or is empty.
  public static func quote(_ word: String) -> String {
    let needs = word.isEmpty || word.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "#" || $0 == "\\" }
    guard needs else { return word }
    var out = "\""
    for c in word {
      if c == "\"" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out + "\""
  }

  public enum TokenError: Error, Equatable, Sendable, CustomStringConvertible {
    case unclosedQuote
    public var description: String { "a quoted value is not closed (missing \")" }
  }
}
