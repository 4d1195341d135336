/// The programs the reader hands an article's links to (DESIGN §5 `o`, `e`): the browser and the player,
/// each opened with the terminal handed over by the application, which sets them (it owns the
/// terminal). By default nothing is opened. Nothing comes back as an event, so it has no `apply`.
@MainActor
public final class Outside {
  private let board: StatusBoard
  /// Opens a link in the browser; returns why it failed.
  public var openURL: (String) -> String? = { _ in "No browser in this run." }
  /// Opens an enclosure with the `player` setting (the browser's command by default), the same way.
  public var openMediaURL: (String) -> String? = { _ in "No player in this run." }

  init(board: StatusBoard) { self.board = board }

  /// `o`: the article's link in the browser.
  func openInBrowser(_ link: String?) {
    guard let link else { return board.line.notify(.noLink) }
    if let failure = openURL(link) { board.line.notify(.failure(failure)) }
  }

  /// `e`: an enclosure in the player.
  func openMedia(_ url: String) {
    if let failure = openMediaURL(url) { board.line.notify(.failure(failure)) }
  }
}
