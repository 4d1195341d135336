/// Why a filter expression or a search could not be read: where (a 0-based character offset into the
/// text as written) and what was expected, in one line the status line or a urls-file problem can show.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 0-based character offset of the problem in the text.
  public var position: Int
  /// One line that names the position, e.g. `expected ")" at 14`.
  public var message: String

  public init(position: Int, message: String) {
    self.position = position
    self.message = message
  }

  /// An error at `position` whose message ends with " at `position`".
  static func at(_ position: Int, _ what: String) -> QueryError {
    QueryError(position: position, message: "\(what) at \(position)")
  }

  public var description: String { message }
}
