import Foundation

/// Everything an engine run reads before it works: where the files are, the engine's settings, the
/// feeds of the urls file, and the cache. Commands build one with `Library.load`; the reader gets the
/// same object, so `splitfeed` and `splitfeed reload` can never disagree on a path or a feed.
public struct Library: Sendable {
  public var paths: Paths
  public var settings: EngineSettings
  /// Feeds of the urls file, in file order.
  public var subscriptions: [UrlsFile.Entry]
  /// The urls file's `query:` lines, in file order.
  public var queryFeeds: [QueryFeed] = []
  /// Config and urls file problems, each naming its line; shown, never fatal.
  public var problems: [LineProblem]

  public init(
    paths: Paths, settings: EngineSettings, subscriptions: [UrlsFile.Entry], queryFeeds: [QueryFeed] = [],
    problems: [LineProblem]
  ) {
    self.paths = paths
    self.settings = settings
    self.subscriptions = subscriptions
    self.queryFeeds = queryFeeds
    self.problems = problems
  }

  /// Reads the config and urls files (missing files are empty; unreadable ones are a problem). The config
  /// file's syntax belongs to its reader: `config` turns its bytes into the engine's settings (and keeps
  /// whatever else it reads) and returns its problems.
  public static func load(paths: Paths, config: (Data) -> (EngineSettings, [LineProblem])) -> Library {
    var problems: [LineProblem] = []
    let (settings, configProblems) = config(read(paths.configFile, name: "config", problems: &problems))
    let urlsBytes = read(paths.urlsFile, name: "urls", problems: &problems)
    let urls = UrlsFile.parse(bytes: urlsBytes, fileName: "urls", currentDirectory: paths.configDirectory)
    problems += configProblems + urls.problems
    return Library(
      paths: paths, settings: settings, subscriptions: urls.entries, queryFeeds: urls.queryFeeds, problems: problems)
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
  public func openCache(readOnly: Bool = false) throws(CacheError) -> Cache {
    try Cache(path: paths.cacheFile, readOnly: readOnly)
  }

  /// The fetcher with the config's `reload-threads`.
  public var fetcher: Fetcher { Fetcher(configuration: settings.fetcherConfiguration) }

  /// The reloader of this library's feeds into `cache`, pruning by the config's rule.
  public func reloader(cache: Cache) -> Reloader {
    var reloader = Reloader(cache: cache, fetcher: fetcher, pruneRule: settings.pruneRule, periods: settings.reloadPeriods)
    reloader.commandFeeds = commandFeeds
    return reloader
  }

  /// The cache keys of the urls file's `exec:` and `filter:` feeds (`Reloader.commandFeeds`).
  public var commandFeeds: Set<String> { Set(subscriptions.filter(\.source.runsProgram).map(\.url)) }

  /// The feeds of this run, as cache rows: the command-line `sources` when given (they are added to the
  /// cache but not to the urls file), else with sync on the server's feeds (and the local ones with
  /// `sync-keep-local`), else the urls file's feeds in its order, else every cached feed.
  /// A source that is not a feed address is an error naming it.
  public func feeds(sources: [String], in cache: Cache) throws -> [CachedFeed] {
    if !sources.isEmpty {
      let urls = try sources.map { text throws(FeedSourceError) in try FeedSource(parsing: text).url.absoluteString }
      return try cache.addFeeds(urls: urls)
    }
    if settings.sync.isOn { return try syncedRunFeeds(in: cache) }
    if !subscriptions.isEmpty {
      return try cache.addFeeds(urls: subscriptions.map(\.url), reorder: true)
    }
    return try cache.feeds()
  }

  /// The urls file's tags, `"~Title"` and `"!"` on the run's `feeds`, for the reader and `reload` alike.
  /// The tags go into the cache too (re-read after every reload; `tags()` and sync use them there); a
  /// cache that cannot take them (read-only) still shows them for this run, and the failure is added to
  /// `notices`. The title and hidden flag stay in this run's feeds only (`FeedList` keeps them across
  /// re-reads of the cache): the commands that show titles read the urls file themselves (`export`), so
  /// storing them would only add a second copy to keep in step. The price: `feedtitle` in a query
  /// expression and the sort by feed, done in SQL, see the feed's own title.
  ///
  /// The feeds are changed in place, and found by their place when they are the urls file's in its order
  /// (a start's usual run): copying each feed and each entry into a dictionary was most of this at 1,000
  /// feeds (docs/DECISIONS.md, "The first frame at a million, per feed").
  public func applyingUrlsSettings(to feeds: consuming [CachedFeed], in cache: Cache, notices: inout [String]) -> [CachedFeed] {
    var tagged = feeds
    let inOrder = tagged.count == subscriptions.count && tagged.indices.allSatisfy { tagged[$0].url == subscriptions[$0].url }
    let byURL =
      inOrder ? [:] : Dictionary(subscriptions.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
    for index in tagged.indices {
      let entry = inOrder ? subscriptions[index] : byURL[tagged[index].url]
      tagged[index].tags = entry?.tags ?? []
      tagged[index].titleOverride = entry?.title
      tagged[index].isHidden = entry?.isHidden ?? false
    }
    if !cache.isReadOnly {
      do {
        try cache.setTags(Dictionary(tagged.map { ($0.id, $0.tags) }, uniquingKeysWith: { first, _ in first }))
      } catch {
        notices.append("\(error)")
      }
    }
    return tagged
  }

  /// A read-only cache cannot add feeds: the run gets the ones it already knows.
  public func knownFeeds(sources: [String], in cache: Cache) throws -> [CachedFeed] {
    if !sources.isEmpty {
      return try cache.feeds(urls: sources.map { try FeedSource(parsing: $0).url.absoluteString })
    }
    if settings.sync.isOn { return try cache.feeds() }
    if !subscriptions.isEmpty { return try cache.feeds(urls: subscriptions.map(\.url)) }
    return try cache.feeds()
  }
}
