/// The styles of the screen's elements (issue 5, `color ELEMENT FG BG [ATTR…]`), carried by the `Surface`
/// like its glyphs so every controller paints with the user's colours without being handed them. The
/// defaults are the monochrome look of SPEC §1 (unread bold, selection reversed).
struct Theme: Equatable, Sendable {
  /// A list row that is read (and the list's background).
  var list = Style.plain
  /// Added to the selected row.
  var selection = Style.reverse
  /// An unread row.
  var unread = Style.bold
  /// Navigation bars and the detail's title.
  var titleBar = Style.bold
  /// Toolbar buttons.
  var toolbar = Style.bold
  /// The popover's text.
  var popover = Style.plain
  /// The status line (progress, summaries, notices).
  var status = Style.reverse
  /// Errors: the status line's error notices and the feed list's error marker.
  var error = Style(foreground: .red, attributes: .bold)

  /// The theme with the config's `color` lines applied.
  init(colors: [Config.ColorElement: Style] = [:]) {
    for (element, style) in colors {
      switch element {
      case .list: list = style
      case .selection: selection = style
      case .unread: unread = style
      case .titleBar: titleBar = style
      case .toolbar: toolbar = style
      case .popover: popover = style
      case .status: status = style
      case .error: error = style
      }
    }
  }

  /// The selected look of a row drawn in `base`: the selection's colours where it sets them, and the
  /// attributes of both.
  func selected(_ base: Style) -> Style {
    var style = base
    if selection.foreground != .default { style.foreground = selection.foreground }
    if selection.background != .default { style.background = selection.background }
    style.attributes.formUnion(selection.attributes)
    return style
  }
}
