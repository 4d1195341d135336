import ReaderUI

/// The settings of the config file, each with the product's default, so a missing file or a bad line falls
/// back to exactly what the README describes. The reader's settings are parsed straight into the UI's own
/// types (`UIConfiguration`, `Theme`, `KeyMap`): there is no second spelling of them to keep in step.
struct Config: Equatable, Sendable {
  var ui = UIConfiguration()
  /// Feeds fetched at once.
  var reloadThreads = 8
  /// The `sync …` lines: the server that keeps the feeds, read state and stars (off by default).
  var sync = SyncSettings()
  /// Which file the settings came from, for messages (`config`).
  var fileName = "config"
}
