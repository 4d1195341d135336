import Pixels
import ScreenKit

/// What every controller of one tree draws with and answers keys by, the same from the root down (DESIGN
/// §2, §5): the key map, the theme, the terminal's glyphs and cell size, and how pictures are drawn. The
/// root's is made from the configuration and the terminal (`Screen.renderNow`); it flows down with the
/// traits (`Controller.updateTraits`), so no controller walks up its parents to find one of them.
struct Environment: Equatable {
  /// The bindings in effect (DESIGN §5 plus the config's `bind-key`), so every controller answers the
  /// same keys and help lists them.
  var keyMap = KeyMap.standard
  /// The user's colours.
  var theme = Theme()
  /// The terminal's glyph set (ASCII when it cannot show Unicode).
  var glyphs = Glyphs.unicode
  /// A cell's size in pixels when the terminal draws pictures as pixels (sixel), else nil.
  var cellPixels: PixelSize?
  /// How the article pane draws pictures: the run's `PictureMode`, resolved once at start (DESIGN §5).
  var pictureMode = PictureMode.cells

  init() {}

  /// The reader's: the configuration's keys and colours, on a terminal with `glyphs` and `cellPixels`
  /// that draws pictures as `pictureMode` (nil where no terminal was asked: the setting decides,
  /// `InlineImages.unasked`).
  init(
    _ configuration: UIConfiguration, glyphs: Glyphs = .unicode, cellPixels: PixelSize? = nil,
    pictureMode: PictureMode? = nil
  ) {
    keyMap = configuration.keyMap
    theme = configuration.theme
    self.glyphs = glyphs
    self.cellPixels = cellPixels
    self.pictureMode = pictureMode ?? configuration.inlineImages.unasked
  }
}
