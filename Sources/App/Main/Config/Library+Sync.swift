import ArgumentParser
import Foundation
import Reader

/// The sync side of a run's library: the account the config describes and the feeds of a synced run.
extension Library {
  /// The account of the `sync …` lines, the password read now (from its file or its command); nil when
  /// sync is off. Incomplete settings and a password that cannot be had are one line each.
  func syncAccount(environment: [String: String] = ProcessInfo.processInfo.environment) throws(SyncError) -> SyncAccount? {
    let sync = config.sync
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
  func synchronizer(cache: Cache) throws(SyncError) -> Synchronizer? {
    guard let account = try syncAccount() else { return nil }
    var configuration = Fetcher.Configuration()
    configuration.maxConcurrent = config.reloadThreads
    var synchronizer = Synchronizer(cache: cache, account: account, configuration: configuration)
    if config.sync.keepLocal { synchronizer.localFeedURLs = Set(subscriptions.map(\.url)) }
    return synchronizer
  }

  /// The feeds of a synced run: the server's (as the last sync left them in the cache), then with
  /// `sync-keep-local yes` the urls file's feeds that are not on the server, fetched directly.
  func syncedRunFeeds(in cache: Cache) throws -> [CachedFeed] {
    let synced = try cache.feeds().filter { $0.remoteID != nil }
    guard config.sync.keepLocal, !subscriptions.isEmpty else { return synced }
    let known = Set(synced.map(\.id))
    let local = try cache.addFeeds(urls: subscriptions.map(\.url)).filter { $0.remoteID == nil && !known.contains($0.id) }
    return synced + local
  }

  /// Runs `action` with this library's synchronizer, for the commands that ask the server one thing
  /// (`sync-login`, `subscribe`, `unsubscribe`); a failure is its one line on stderr and exit status 1.
  @discardableResult
  func onSyncServer<T: Sendable>(_ action: @escaping @Sendable (Synchronizer) async throws(SyncError) -> T) throws -> T {
    let synchronizer: Synchronizer
    do {
      guard let made = try self.synchronizer(cache: try openCache()) else { throw ExitCode.failure }
      synchronizer = made
    } catch let error as SyncError {
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    let result = Blocking.run { () -> Result<T, SyncError> in
      do throws(SyncError) {
        return .success(try await action(synchronizer))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value): return value
    case .failure(let error):
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    }
  }
}
