import Foundation

/// Settings of the interactive UI (SPEC §2–§5 defaults), made from the config file by `init(config:layout:)`
/// so the controllers never see the file's spelling.
struct UIConfiguration: Sendable {
  var layout = LayoutOption.auto
  var preferredDisplayMode = DisplayMode.allVisible
  /// `none` keeps the popover floating in a compact width (SPEC §4); `fullScreen` covers the screen.
  var popoverStyle = AdaptivePresentationStyle.none
  var regularWidth = 100
  var compactHeight = 24
  /// The container's landscape rule needs at least this many columns (SPEC §2).
  var landscapeMinWidth = 60
  var metrics = SplitMetrics()
  var timeZone = TimeZone.current
  var theme = Theme()
  var keyMap = KeyMap.standard
  /// The `browser` setting (nil: `$BROWSER`, else xdg-open).
  var browser: String?
  /// Fetch every feed when the reader starts (feeds never fetched are fetched anyway).
  var reloadOnStart = false
  /// Minutes between automatic reloads of every feed; 0: never.
  var reloadInterval = 0

  init() {}

  /// The config file's settings; `layout` is the `--layout` flag, which wins when given.
  init(config: Config, layout: LayoutOption? = nil) {
    self.layout = layout ?? config.layout
    preferredDisplayMode = DisplayMode(rawValue: config.displayMode.rawValue) ?? .allVisible
    popoverStyle = config.popoverAdaptive == .fullscreen ? .fullScreen : .none
    regularWidth = config.regularWidth
    compactHeight = config.compactHeight
    landscapeMinWidth = config.landscapeMinWidth
    metrics = SplitMetrics(
      preferredPrimaryColumnWidthFraction: config.primaryWidthFraction,
      minimumPrimaryColumnWidth: config.primaryMinWidth, maximumPrimaryColumnWidth: config.primaryMaxWidth)
    theme = Theme(colors: config.colors)
    keyMap = KeyMap.standard.rebinding(config.bindings)
    browser = config.browser
    reloadOnStart = config.reloadOnStart
    reloadInterval = config.reloadInterval
  }
}
