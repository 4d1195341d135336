import ScreenKit

/// The styles of the screen's elements (`color ELEMENT FG BG [ATTR…]`); controllers find it like the key
/// map, through their parents. The defaults are the monochrome look of DESIGN §1 (unread bold, selection
/// reversed).
public struct Theme: Equatable, Sendable {
  /// The parts of the screen a `color` line can paint, by the name the config file uses.
  public enum Element: String, CaseIterable, Sendable {
    case list, selection, unread
    case titleBar = "title-bar"
    case toolbar, popover, status, error, match
  }

  /// A list row that is read (and the list's background).
  public var list = Style.plain
  /// Added to the selected row.
  public var selection = Style.reverse
  /// An unread row.
  public var unread = Style.bold
  /// Navigation bars and the detail's title.
  public var titleBar = Style.bold
  /// Toolbar buttons.
  public var toolbar = Style.bold
  /// The popover's text.
  public var popover = Style.plain
  /// The status line (progress, summaries, notices).
  public var status = Style.reverse
  /// Errors: the status line's error notices and the feed list's error marker.
  public var error = Style(foreground: .red, attributes: .bold)
  /// Added to the words a search matched, in result titles and the opened article (`/`).
  public var match = Style(attributes: [.bold, .underline])
  /// The config's `highlight` lines, in file order (`HighlightRule`).
  public var highlights: [HighlightRule] = []

  public init() {}

  /// The style of `element`, as a `color` line names it.
  public subscript(element: Element) -> Style {
    get { self[keyPath: Self.paths[element]!] }
    set { self[keyPath: Self.paths[element]!] = newValue }
  }

  private static let paths: [Element: WritableKeyPath<Theme, Style> & Sendable] = [
    .list: \.list, .selection: \.selection, .unread: \.unread, .titleBar: \.titleBar, .toolbar: \.toolbar,
    .popover: \.popover, .status: \.status, .error: \.error, .match: \.match,
  ]

  /// The selected look of a row drawn in `base`: the selection's colours where it sets them, and the
  /// attributes of both.
  public func selected(_ base: Style) -> Style { Self.layer(selection, over: base) }

  /// The look of a matched word drawn in `base`: the match's colours where it sets them, and the
  /// attributes of both (a match stays visible on a selected row).
  public func matched(_ base: Style) -> Style { Self.layer(match, over: base) }

  static func layer(_ top: Style, over base: Style) -> Style {
    var style = base
    if top.foreground != .default { style.foreground = top.foreground }
    if top.background != .default { style.background = top.background }
    style.attributes.formUnion(top.attributes)
    return style
  }
}
