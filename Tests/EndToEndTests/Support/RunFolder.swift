import Foundation
import TestServers

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

  /// Writes an RSS feed `www/<name>` (creating `www/`) of `items` (titles), dated one day apart, newest first, each with a
  /// guid, a link and a one-line body `Body of <title>.`.
  func writeFeed(_ name: String, title: String, items: [String]) throws {
    let entries = items.enumerated().map { n, item in
      "<item><title>\(item)</title><guid>\(name)-\(n)</guid><link>https://example.com/\(name)/\(n)?a=1&amp;b=2</link>"
        + "<pubDate>Thu, 0\(4 - n) Sep 2014 17:09:00 GMT</pubDate><description>Body of \(item).</description></item>"
    }
    let xml = "<rss version=\"2.0\"><channel><title>\(title)</title>\(entries.joined())</channel></rss>"
    let www = root.appendingPathComponent("www")
    try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
    try Data(xml.utf8).write(to: www.appendingPathComponent(name))
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
