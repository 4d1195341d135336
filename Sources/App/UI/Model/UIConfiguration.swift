import Foundation
import ScreenKit

/// Settings of the interactive UI (SPEC §2–§5 defaults); the config file's lines set them directly.
public struct UIConfiguration: Equatable, Sendable {
  public var layout = LayoutOption.auto
  public var preferredDisplayMode = DisplayMode.allVisible
  /// `none` keeps the popover floating in a compact width (SPEC §4); `fullScreen` covers the screen.
  public var popoverStyle = AdaptivePresentationStyle.none
  public var regularWidth = 100
  public var compactHeight = 24
  /// The container's landscape rule needs at least this many columns (SPEC §2).
  public var landscapeMinWidth = 60
  public var metrics = SplitMetrics()
  public var timeZone = TimeZone.current
  public var theme = Theme()
  public var keyMap = KeyMap.standard
  /// The `browser` setting (nil: `$BROWSER`, else xdg-open).
  public var browser: String?
  /// Fetch every feed when the reader starts (feeds never fetched are fetched anyway).
  public var reloadOnStart = false
  /// Minutes between automatic reloads of every feed; 0: never.
  public var reloadInterval = 0
  /// Lists start showing read articles (`show-read-articles`); `U` toggles it while reading.
  public var showReadArticles = true

  public init() {}
}
