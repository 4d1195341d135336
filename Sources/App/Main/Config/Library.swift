import Foundation
import Reader

/// Everything a run reads before it works: where the files are, the config (with its problems),
/// the feeds of the urls file (with theirs), and the cache. Commands build one with `Library.load`; the UI
/// gets the same object, so `splitfeed` and `splitfeed reload` can never disagree on a path or a feed.
struct Library: Sendable {
  var paths: Paths
  var config: Config
  /// Feeds of the urls file, in file order.
  var subscriptions: [UrlsFile.Entry]
  /// The urls file's `query:` lines, in file order.
  var queryFeeds: [QueryFeed] = []
  /// Config and urls file problems, each naming its line; shown, never fatal.
  var problems: [LineProblem]

  /// Reads the config and urls files (missing files are empty; unreadable ones are a problem).
  static func load(paths: Paths) -> Library {
    var problems: [LineProblem] = []
    let configBytes = read(paths.configFile, name: "config", problems: &problems)
    let (config, configProblems) = ConfigParser.parse(bytes: configBytes, fileName: "config")
    let urlsBytes = read(paths.urlsFile, name: "urls", problems: &problems)
    let urls = UrlsFile.parse(bytes: urlsBytes, fileName: "urls", currentDirectory: paths.configDirectory)
    let (entries, urlProblems) = (urls.entries, urls.problems)
    problems += configProblems + urlProblems
    return Library(paths: paths, config: config, subscriptions: entries, queryFeeds: urls.queryFeeds, problems: problems)
  }

  /// The file's bytes; decoding is per line (`TextFileLines`), so a stray byte costs one line, not the file.
  private static func read(_ path: String, name: String, problems: inout [LineProblem]) -> Data {
    guard FileManager.default.fileExists(atPath: path) else { return Data() }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      problems.append(LineProblem(file: name, line: 0, message: "\(path) could not be read (\(error.localizedDescription)); using none of it"))
      return Data()
    }
  }

  /// Opens (creating if needed) the cache file.
  func openCache(readOnly: Bool = false) throws(CacheError) -> Cache {
    try Cache(path: paths.cacheFile, readOnly: readOnly)
  }

  /// The fetcher with the config's `reload-threads`.
  var fetcher: Fetcher {
    var configuration = Fetcher.Configuration()
    configuration.maxConcurrent = config.reloadThreads
    return Fetcher(configuration: configuration)
  }

  /// The feeds of this run, as cache rows: the command-line `sources` when given (they are added to the
  /// cache but not to the urls file), else with sync on the server's feeds (and the local ones with
  /// `sync-keep-local`), else the urls file's feeds in its order, else every cached feed.
  /// A source that is not a feed address is an error naming it.
  func feeds(sources: [String], in cache: Cache) throws -> [CachedFeed] {
    if !sources.isEmpty {
      let urls = try sources.map { text throws(FeedSourceError) in try FeedSource(parsing: text).url.absoluteString }
      return try cache.addFeeds(urls: urls)
    }
    if config.sync.isOn { return try syncedRunFeeds(in: cache) }
    if !subscriptions.isEmpty {
      return try cache.addFeeds(urls: subscriptions.map(\.url), reorder: true)
    }
    return try cache.feeds()
  }

  /// Writes the problems to stderr (the non-interactive commands; the UI shows them in its status line).
  func reportProblems() {
    for problem in problems { CommandOutput.warn("\(problem)") }
  }
}
