/// How pictures are drawn in this run, resolved once at start from the user's `inline-images` and the
/// terminal's answers (docs/MANUAL.md "Pictures", DESIGN §5): the one value the
/// probe, the backend and the article pane share. A protocol added later is one more case here, its
/// encoder beside `Sixel` and `KittyGraphics`, and its bytes in the backend's picture output.
public enum PictureMode: String, Sendable, Equatable, CaseIterable {
  /// Half-block cells the article draws itself: every terminal with colours and Unicode.
  case cells
  /// The terminal draws sixel streams over reserved cells (`Sixel`).
  case sixel
  /// The terminal holds kitty graphics placed by Unicode placeholder cells (`KittyGraphics`): only kitty
  /// from 0.28 and Ghostty draw them.
  case kitty
  /// kitty graphics placed directly at a cell (`KittyGraphics.place`), for a terminal that speaks the
  /// protocol but draws no placeholders (kitty before 0.28, Konsole): reserved cells, like sixel.
  case kittyDirect = "kitty-direct"
  /// iTerm2's inline images (`ITermImages`, OSC 1337), iTerm2's and WezTerm's own best path, full
  /// colour: reserved cells, like sixel.
  case iterm

  /// The terminal draws the picture over cells the article reserves (`Surface.place`), at the picture's
  /// pixel size, drawn again whenever the pictures on screen change: sixel, kitty direct, iTerm2.
  public var placesPixels: Bool { self == .sixel || self == .kittyDirect || self == .iterm }
}
