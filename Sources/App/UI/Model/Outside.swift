/// The programs the reader hands an article's links to (DESIGN §5 `o`, `e`): the browser and the player,
/// each opened with the terminal handed over by the application, which sets them (it owns the
/// terminal). By default nothing is opened. Nothing comes back as an event, so it has no `apply`.
@MainActor
public final class Outside {
  private let board: StatusBoard
  /// The browser, as the `browser` setting (or a macro's `set browser`) names it; nil: none in this run.
  public var browser: BrowserLauncher?
  /// The player of enclosures (the `player` setting, else the browser's command).
  public var player: BrowserLauncher?
  /// Hands `url` to a program with the terminal handed over (the application owns it and sets this);
  /// returns why it failed.
  public var launch: (BrowserLauncher, String) -> String? = { _, _ in "No browser in this run." }

  /// Hands text to the terminal's clipboard (OSC 52, written by the terminal backend, which owns the
  /// terminal's bytes); by default there is no terminal to hand it to.
  public var copyToClipboard: (String) -> Void = { _ in }

  init(board: StatusBoard) { self.board = board }

  /// A macro's `set browser VALUE` / `set player VALUE` (`Macro.settable`): the program from now on.
  func set(_ setting: String, to value: String) {
    switch setting {
    case "browser": browser = BrowserLauncher.resolve(setting: value)
    case "player": player = BrowserLauncher.resolve(setting: value)
    default: break  // `Macro.parse` takes no other
    }
  }

  /// `o`: the article's link in the browser.
  func openInBrowser(_ link: String?) {
    guard let link else { return board.line.notify(.noLink) }
    guard let browser else { return board.line.notify(.failure("No browser in this run.")) }
    if let failure = launch(browser, link) { board.line.notify(.failure(failure)) }
  }

  /// `e`: an enclosure in the player.
  func openMedia(_ url: String) {
    guard let player else { return board.line.notify(.failure("No player in this run.")) }
    if let failure = launch(player, url) { board.line.notify(.failure(failure)) }
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
