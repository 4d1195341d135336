/// Splits one line of a newsboat-style file (urls, config) into words: whitespace separates them, a
/// double-quoted word may hold spaces (`\"` and `\\` inside it), and a `#` that starts a word begins a
/// comment. Shared by `UrlsFile` and the config parser so both read quotes and comments alike.
public enum LineTokenizer {
  /// The words of `line`, or a message when a quote is left open.
  public static func words(_ line: Substring) -> Result<[String], TokenError> {
    tokens(line).map { $0.map(\.word) }
  }

  /// The words of `line` with where each is written (quotes included), for an edit that replaces one
  /// word and keeps the rest of the line as it was. Read byte by byte: every character that separates,
  /// quotes or escapes is ASCII, which UTF-8 never uses inside another character, so the words are the
  /// same as character by character, at a fraction of the cost (the urls file's words were most of its
  /// parse at a thousand feeds: docs/DECISIONS.md, "A million articles, the first screen").
  public static func tokens(_ line: Substring) -> Result<[(word: String, range: Range<Substring.Index>)], TokenError> {
    let bytes = line.utf8
    let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
    let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
    var words: [(word: String, range: Range<Substring.Index>)] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let c = bytes[index]
      if c == space || c == tab || c == cr {
        index = bytes.index(after: index)
        continue
      }
      if c == UInt8(ascii: "#") { break }
      let start = index
      let word: String
      if c == quote {
        var text: [UInt8] = []
        index = bytes.index(after: index)
        var closed = false
        while index < bytes.endIndex {
          let d = bytes[index]
          index = bytes.index(after: index)
          if d == quote {
            closed = true
            break
          }
          if d == backslash, index < bytes.endIndex {
            text.append(bytes[index])
            index = bytes.index(after: index)
          } else {
            text.append(d)
          }
        }
        guard closed else { return .failure(.unclosedQuote) }
        word = String(decoding: text, as: UTF8.self)
      } else {
        while index < bytes.endIndex, bytes[index] != space, bytes[index] != tab, bytes[index] != cr {
          index = bytes.index(after: index)
        }
        word = String(decoding: bytes[start..<index], as: UTF8.self)
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
