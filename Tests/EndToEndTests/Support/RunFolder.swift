import Foundation
import TestSupport

/// A private folder for one end-to-end run of the binary: `--config-dir` and `--cache` point inside it,
/// so a run never touches the real home; it goes when the last copy of the run folder does.
struct RunFolder {
  let temporary: TemporaryDirectory
  var root: URL { temporary.url }
  var configDir: String { root.appendingPathComponent("conf").path }
  var cacheFile: String { root.appendingPathComponent("cache.db").path }

  /// Creates `<tmp>/<prefix>-<random>/conf`.
  init(_ prefix: String) throws {
    temporary = try TemporaryDirectory(prefix)
    try FileManager.default.createDirectory(atPath: root.appendingPathComponent("conf").path, withIntermediateDirectories: true)
  }

  /// Writes an RSS feed `www/<name>` (creating `www/`) of `items` (titles), dated one day apart, newest first, each with a
  /// guid, a link and a one-line body `Body of <title>.`.
  func writeFeed(_ name: String, title: String, items: [String]) throws {
    let entries = items.enumerated().map { n, item in
      FeedXML.Item(
        title: item, link: "https://example.com/\(name)/\(n)?a=1&amp;b=2", guid: "\(name)-\(n)",
        pubDate: "Thu, 0\(4 - n) Sep 2014 17:09:00 GMT", description: "Body of \(item).")
    }
    try temporary.write(FeedXML.rss(title: title, items: entries), to: "www/\(name)")
  }

  /// The reader over `feeds` (files in this folder) with this folder's config and cache, in tmux at `size`:
  /// the narrow sizes in the stack layout, UTC dates; returns once the start-up reload has reported.
  func launchReader(feeds: [String], size: (Int, Int)) throws -> TmuxHarness {
    let tmux = try launch(size: size, arguments: feeds.map { root.appendingPathComponent($0).path })
    try tmux.waitFor(text: "Reloaded")
    return tmux
  }

  /// The reader with this folder's config and cache (the urls file's feeds unless `arguments` name
  /// others), in tmux at `size`: the narrow sizes in the stack layout, UTC dates; returns at once.
  func launch(size: (Int, Int), arguments: [String] = []) throws -> TmuxHarness {
    try TmuxHarness(
      arguments: (size.0 < 100 ? ["--layout", "stack"] : []) + ["--config-dir", configDir, "--cache", cacheFile] + arguments,
      cols: size.0, rows: size.1, environment: ["TZ": "UTC"])
  }

  /// Creates `www/`, which `writeFeed` writes into, and serves it.
  func serveWebRoot() throws -> TestHTTPServer {
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
    return try TestHTTPServer(serving: root.appendingPathComponent("www"))
  }
}
