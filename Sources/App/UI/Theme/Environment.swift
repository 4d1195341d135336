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
  /// How the article pane draws pictures: the resolved `inline-images` (DESIGN §5); `auto` unresolved and
  /// `off` draw cells (`i` brings pictures back as cells where the setting is `off`: the terminal was not
  /// asked then).
  var pictureMode = InlineImages.cells

  init() {}

  /// The reader's: the configuration's keys, colours and pictures, on a terminal with `glyphs` and
  /// `cellPixels`.
  init(_ configuration: UIConfiguration, glyphs: Glyphs = .unicode, cellPixels: PixelSize? = nil) {
    keyMap = configuration.keyMap
    theme = configuration.theme
    self.glyphs = glyphs
    self.cellPixels = cellPixels
    let setting = configuration.inlineImages
    pictureMode = setting == .off || setting == .auto ? .cells : setting
  }
}
