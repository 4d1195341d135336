import ReaderUI

/// The settings of the config file, each with the product's default, so a missing file or a bad line falls
/// back to exactly what SPEC.md describes. The reader's settings are parsed straight into the UI's own
/// types (`UIConfiguration`, `Theme`, `KeyMap`): there is no second spelling of them to keep in step.
struct Config: Equatable, Sendable {
  var ui = UIConfiguration()
  /// Feeds fetched at once.
  var reloadThreads = 8
  /// Which file the settings came from, for messages (`config`).
  var fileName = "config"
}
