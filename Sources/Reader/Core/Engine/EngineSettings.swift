/// The settings of the engine, the part of the config file every run obeys, with or without the
/// reader's screen (`reload`, `sync-login`, the reader): how many feeds are fetched at once, what a
/// reload keeps (DESIGN §6), what it runs when it brings news, and the sync server. The config file's
/// lines set them directly; the reader's own settings hold this value beside theirs.
public struct EngineSettings: Equatable, Sendable {
  /// `reload-threads`: feeds fetched at once.
  public var reloadThreads = 8
  /// How much of the cache a reload keeps (`keep-articles-days`, `max-articles-per-feed`): everything
  /// unless configured, as newsboat, so a first reload after switching deletes nothing.
  public var pruneRule = PruneRule.keepAll
  /// The `notify-program` setting (nil: no notification).
  public var notifyProgram: NotifyProgram?
  /// The `sync …` lines: the server that keeps the feeds, read state and stars (off by default).
  public var sync = SyncSettings()
  /// The `reload-period` lines: the least time between two fetches of a feed (DESIGN §8).
  public var reloadPeriods = ReloadPeriods()
  /// The `ignore-article` lines: articles hidden everywhere (lists, counts, `n`, search), and flagged so
  /// by every writer of the cache, `reload` as the reader; the cache's rules are made from them over the
  /// run's feeds (`IgnoreArticleLine.rules`).
  public var ignoreArticles: [IgnoreArticleLine] = []

  public init() {}

  /// The fetcher these settings ask for.
  public var fetcherConfiguration: Fetcher.Configuration {
    var configuration = Fetcher.Configuration()
    configuration.maxConcurrent = reloadThreads
    return configuration
  }
}
