import Foundation

/// The sync side of a run's library: the account the config describes and the feeds of a synced run.
extension Library {
  /// The account of the `sync …` lines, the password read now (from its file or its command); nil when
  /// sync is off. Incomplete settings and a password that cannot be had are one line each.
  public func syncAccount(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SyncError) -> SyncAccount? {
    let sync = settings.sync
    guard sync.isOn else { return nil }
    guard let url = sync.url, let user = sync.user, let source = sync.password else {
      throw SyncError("Sync: \(sync.incompleteReason ?? "the sync settings are incomplete") in \(paths.configFile).")
    }
    do {
      let password = try SyncPassword.read(source, configDirectory: paths.configDirectory, home: Paths.home(environment))
      return SyncAccount(apiURL: url, user: user, password: password)
    } catch {
      throw SyncError("Sync: \(error.description)")
    }
  }

  /// The synchronizer of this library over `cache`; nil when sync is off.
  public func synchronizer(cache: Cache) throws(SyncError) -> Synchronizer? {
    guard let account = try syncAccount() else { return nil }
    var synchronizer = Synchronizer(cache: cache, account: account, configuration: settings.fetcherConfiguration)
    if settings.sync.keepLocal { synchronizer.localFeedURLs = Set(subscriptions.map(\.url)) }
    return synchronizer
  }

  /// The feeds of a synced run: the server's (as the last sync left them in the cache), then with
  /// `sync-keep-local yes` the urls file's feeds that are not on the server, fetched directly.
  public func syncedRunFeeds(in cache: Cache) throws -> [CachedFeed] {
    let synced = try cache.feeds().filter { $0.remoteID != nil }
    guard settings.sync.keepLocal, !subscriptions.isEmpty else { return synced }
    let known = Set(synced.map(\.id))
    let local = try cache.addFeeds(urls: subscriptions.map(\.url)).filter { $0.remoteID == nil && !known.contains($0.id) }
    return synced + local
  }
}
