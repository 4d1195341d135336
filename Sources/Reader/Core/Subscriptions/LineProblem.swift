/// A problem found on one line of a user's file (urls, config): reported, never fatal, so a typo costs a
/// message instead of the program (issue 5, "Config file"). Reads `config line 7: unknown setting "foo"`.
public struct LineProblem: Sendable, Equatable, CustomStringConvertible {
  /// The file's short name as the user knows it (`config`, `urls`), or a path.
  public var file: String
  public var line: Int
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  /// Line 0 means the file as a whole (it could not be read, say).
  public var description: String { line > 0 ? "\(file) line \(line): \(message)" : "\(file): \(message)" }
}
