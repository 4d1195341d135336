import ArgumentParser
import Reader

/// `--config-dir DIR` and `--cache FILE` (DESIGN §6), shared by the reader and every subcommand that reads
/// the urls file, the config or the cache, so isolated runs (tests, benchmarks) work the same everywhere.
struct LibraryOptions: ParsableArguments {
  @Option(name: .customLong("config-dir"), help: "Folder of the config and urls files (default: $XDG_CONFIG_HOME/splitfeed).")
  var configDirectory: String?

  @Option(name: .customLong("cache"), help: "The cache file (default: $XDG_DATA_HOME/splitfeed/cache.db).")
  var cacheFile: String?

  var paths: Paths { Paths.resolve(configDirectory: configDirectory, cacheFile: cacheFile) }

  /// The library these options point at.
  func load() -> Library { Library.load(paths: paths) }
}
