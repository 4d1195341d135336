import Foundation
import Reader

/// The sync suites' fixture: a cache of its own and a Google Reader test server with feeds, and
/// synchronizers between the two with short timeouts, quick retries and small pages, so paging and
/// failures show on a few articles.
public struct SyncFixture: Sendable {
  public let store: CacheFixture
  public let server: GReaderTestServer

  /// `feeds` are the server's subscriptions: stream id (`feed/1`), title, label.
  public init(_ name: String, feeds: [(id: String, title: String, label: String)]) throws {
    store = try CacheFixture(name)
    server = try GReaderTestServer()
    for feed in feeds { server.addFeed(feed.id, title: feed.title, label: feed.label) }
  }

  public var cache: Cache { store.cache }
  public var dir: TemporaryDirectory { store.dir }

  /// A synchronizer of the cache with the server (as `password`, else the right one).
  public func synchronizer(timeout: Double = 5, pageSize: Int = 10, password: String? = nil, retry: SyncRetry) -> Synchronizer {
    var configuration = Fetcher.Configuration()
    configuration.connectTimeout = timeout
    configuration.transferTimeout = timeout * 2
    var sync = Synchronizer(
      cache: cache, account: SyncAccount(apiURL: server.apiURL, user: server.user, password: password ?? server.password),
      configuration: configuration, retry: retry)
    sync.pageSize = pageSize
    sync.idsPageSize = pageSize
    return sync
  }

  /// One sync, its failure as a value.
  public func run(_ sync: Synchronizer) async -> Result<SyncReport, SyncError> {
    do throws(SyncError) { return .success(try await sync.sync { _ in }) } catch { return .failure(error) }
  }
}
