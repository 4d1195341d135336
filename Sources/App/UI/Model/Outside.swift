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

  /// Hands text to the terminal's clipboard (OSC 52, written by the terminal backend, which owns the
  /// terminal's bytes); by default there is no terminal to hand it to.
  public var copyToClipboard: (String) -> Void = { _ in }

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

  /// The links view's `y`: the address to the terminal's clipboard. The terminal never answers OSC 52,
  /// so the status line says it was sent, not that it arrived; an address too long for terminals to
  /// take (they cap the sequence, xterm near 100 kB) is refused in words instead.
  func copy(_ address: String) {
    guard address.utf8.count <= Self.copyLimit else { return board.line.notify(.addressTooLongToCopy) }
    copyToClipboard(address)
    board.line.notify(.addressSent(address))
  }

  /// The longest address `copy` sends, in bytes (its base64 is a third longer).
  static let copyLimit = 65_536
}
