import Reader
import ReaderUI

/// The settings of the config file, each with the product's default, so a missing file or a bad line falls
/// back to exactly what the manual describes (docs/MANUAL.md). The reader's settings are parsed straight into the UI's own
/// types (`UIConfiguration`, `Theme`, `KeyMap`) and the engine's into Reader's (`EngineSettings`, held by
/// the UI's): there is no second spelling of them to keep in step.
struct Config: Equatable, Sendable {
  var ui = UIConfiguration()
  /// Which file the settings came from, for messages (`config`).
  var fileName = "config"

  /// The engine's part (reload threads, pruning, `notify-program`, sync), kept in `ui`.
  var engine: EngineSettings {
    get { ui.engine }
    set { ui.engine = newValue }
  }
}
