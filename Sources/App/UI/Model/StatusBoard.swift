/// What the reader tells the user this run: the status line and the problems `E` lists. One object the
/// session's models share, so each says what happened in its own job without going through the session.
@MainActor
public final class StatusBoard {
  public var line = StatusLine()
  public var problems = RunProblems()

  init() {}

  /// A failure of the cache or of background work, said on the status line.
  func fail(_ error: any Error) { line.notify(.failure("\(error)")) }
}
