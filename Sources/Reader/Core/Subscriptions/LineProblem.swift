/// A problem found on one line of a user's file (urls, config): reported, never fatal, so a typo costs a
/// message instead of the program. Reads `config line 7: unknown setting "foo"`.
public struct LineProblem: Sendable, Equatable, CustomStringConvertible {
  /// The file's short name as the user knows it (`config`, `urls`), or a path.
  public var file: String
  public var line: Int
  public var message: String

  /// A message longer than `maxMessageLength` keeps its start and its end around an ellipsis: it quotes
  /// words of the line, and a line can be megabytes long.
  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message.count <= Self.maxMessageLength
      ? message : message.prefix(Self.maxMessageLength - 41) + " … " + message.suffix(38)
  }

  public static let maxMessageLength = 200

  /// The message for a line that `TextFileLines` could not decode.
  public static func notUTF8(_ line: TextFileLines.Line) -> String {
    guard case .notUTF8(let column) = line else { return "" }
    return "not UTF-8 text (an invalid byte at column \(column)); line skipped (save the file as UTF-8)"
  }

  /// Line 0 means the file as a whole (it could not be read, say).
  public var description: String { line > 0 ? "\(file) line \(line): \(message)" : "\(file): \(message)" }
}
