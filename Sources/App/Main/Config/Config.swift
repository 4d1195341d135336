import Reader

/// The settings of the config file (issue 5, "Config file"), each with the product's default, so a
/// missing file or a bad line falls back to exactly what SPEC.md describes.
struct Config: Equatable, Sendable {
  /// SPEC §3 `preferredDisplayMode`.
  enum DisplayMode: String, CaseIterable, Sendable {
    case automatic, allVisible, primaryHidden, primaryOverlay
  }

  /// SPEC §4: what the popover becomes in a horizontally compact environment.
  enum PopoverAdaptive: String, CaseIterable, Sendable {
    case none, fullscreen
  }

  /// The parts of the screen a `color` line can paint.
  enum ColorElement: String, CaseIterable, Sendable {
    case list, selection, unread
    case titleBar = "title-bar"
    case toolbar, popover, status, error
  }

  /// One `bind-key KEY ACTION` line: the key as written, the decoded key, the action name (checked
  /// against the UI's KeyMap with `Config.bindingProblems(validActions:)`), and where it was written.
  struct KeyBinding: Equatable, Sendable {
    var keyText: String
    var key: Key
    var action: String
    var line: Int
  }

  /// Screen traits (SPEC §2): horizontal regular from this many columns…
  var regularWidth = 100
  /// …and vertical compact under this many rows.
  var compactHeight = 24
  /// The container's landscape rule needs at least this many columns.
  var landscapeMinWidth = 60
  var primaryWidthFraction = 0.35
  var primaryMinWidth = 24
  var primaryMaxWidth = 60
  var displayMode = DisplayMode.allVisible
  var popoverAdaptive = PopoverAdaptive.none
  var layout = LayoutOption.auto
  var reloadOnStart = false
  /// Minutes between automatic reloads; 0 turns them off.
  var reloadInterval = 0
  /// Feeds fetched at once.
  var reloadThreads = 8
  /// Browser command for `o`; nil means `$BROWSER`, else xdg-open.
  var browser: String?
  var colors: [ColorElement: Style] = [:]
  /// In file order; a later binding of the same key wins.
  var bindings: [KeyBinding] = []
  /// Which file the settings came from, for messages (`config`).
  var fileName = "config"

  /// A problem per binding whose action is not one of `validActions` (the UI's KeyMap names).
  func bindingProblems(validActions: Set<String>) -> [LineProblem] {
    bindings.filter { !validActions.contains($0.action) }.map {
      LineProblem(
        file: fileName, line: $0.line,
        message: "unknown action \"\($0.action)\" for key \($0.keyText) (known: \(validActions.sorted().joined(separator: ", ")))")
    }
  }
}
