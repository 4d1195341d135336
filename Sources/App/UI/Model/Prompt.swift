/// A yes/no question on the status line (`C`: mark everything read?). `y` answers yes; any other key
/// cancels, so a stray key never marks anything.
public struct Prompt: Equatable, Sendable {
  /// What `y` does.
  public enum Answer: Equatable, Sendable {
    case markAllRead
  }

  public var question: String
  public var onYes: Answer

  /// The status line's text: the question and the keys.
  public var text: String { question + " (y/n)" }
}
