/// How pictures are drawn in this run, resolved once at start from the user's `inline-images` and the
/// terminal's answers (docs/MANUAL.md "Pictures", DESIGN §5) and passed down like the glyphs: the one value the
/// probe, the backend and the article pane share. A protocol added later is one more case here, its
/// encoder beside `Sixel` and `KittyGraphics`, and its bytes in the backend's picture output.
public enum PictureMode: String, Sendable, Equatable, CaseIterable {
  /// Half-block cells the article draws itself: every terminal with colours and Unicode.
  case cells
  /// The terminal draws sixel streams over reserved cells (`Sixel`).
  case sixel
  /// The terminal holds kitty graphics placed by Unicode placeholder cells (`KittyGraphics`).
  case kitty
}
