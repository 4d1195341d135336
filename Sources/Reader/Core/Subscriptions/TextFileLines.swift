/// The lines of a user's text file (urls, config) as newsboat users write them on any system: `\n` or
/// `\r\n` endings (a dotfiles repository shared with Windows), a UTF-8 byte order mark (Notepad) ignored.
/// Each line is decoded alone, so one byte that is not UTF-8 costs that line, not the file.
public enum TextFileLines {
  public enum Line: Equatable, Sendable {
    case text(String)
    /// The line is not UTF-8; `column` is the 1-based byte offset of the first bad byte.
    case notUTF8(column: Int)
  }

  /// Line `n` of the file is element `n - 1`; a final newline does not start another line.
  public static func split(_ bytes: some Collection<UInt8>) -> [Line] {
    var body = Array(bytes)[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var lines: [Line] = []
    var rest = body
    while !rest.isEmpty {
      let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
      var line = rest[..<end]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      lines.append(decode(line))
      rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
    }
    return lines
  }

  /// The words of each line that has any (see `LineTokenizer`), numbered as the user counts lines; a
  /// line that is not UTF-8 or leaves a quote open is a problem instead. The config and urls readers both
  /// start here, so they agree on line ends, encodings, quotes and comments.
  public static func wordLines(_ bytes: some Collection<UInt8>, fileName: String)
    -> (lines: [(number: Int, words: [String])], problems: [LineProblem])
  {
    var lines: [(number: Int, words: [String])] = []
    var problems: [LineProblem] = []
    for (offset, decoded) in split(bytes).enumerated() {
      let number = offset + 1
      guard case .text(let line) = decoded else {
        problems.append(LineProblem(file: fileName, line: number, message: LineProblem.notUTF8(decoded)))
        continue
      }
      switch LineTokenizer.words(line[...]) {
      case .success(let words) where !words.isEmpty: lines.append((number, words))
      case .success: continue
      case .failure(let error): problems.append(LineProblem(file: fileName, line: number, message: error.description))
      }
    }
    return (lines, problems)
  }

  /// The line as text, or where its first byte that is not UTF-8 is: the whole line validated at once,
  /// scalar by scalar only to find that byte.
  private static func decode(_ line: ArraySlice<UInt8>) -> Line {
    if let text = String(validating: line, as: UTF8.self) { return .text(text) }
    var iterator = line.makeIterator()
    var decoder = UTF8()
    var text = String.UnicodeScalarView()
    var consumed = 0
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        text.append(scalar)
        consumed += UTF8.width(scalar)
      case .emptyInput:
        return .text(String(text))
      case .error:
        return .notUTF8(column: consumed + 1)
      }
    }
  }
}
