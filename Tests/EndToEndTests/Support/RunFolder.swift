import Foundation

/// A private folder for one end-to-end run of the binary: `--config-dir` and `--cache` point inside it,
/// so a run never touches the real home, and the test removes it when done.
struct RunFolder {
  let root: URL
  var configDir: String { root.appendingPathComponent("conf").path }
  var cacheFile: String { root.appendingPathComponent("cache.db").path }

  /// Creates `<tmp>/<prefix>-<random>/conf`.
  init(_ prefix: String) throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(atPath: root.appendingPathComponent("conf").path, withIntermediateDirectories: true)
  }
}
