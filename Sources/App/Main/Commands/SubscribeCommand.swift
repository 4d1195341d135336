import ArgumentParser
import Foundation
import Reader

/// `splitfeed subscribe URL [--tag T]…`: with sync on, subscribes on the server (which fetches the feed
/// at once; the first tag becomes its label there); otherwise appends a line to the urls file.
struct SubscribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "subscribe",
    abstract: "Subscribe to a feed: on the sync server when sync is on, else in the urls file."
  )

  @OptionGroup var options: LibraryOptions

  @Option(name: .customLong("tag"), help: "A tag for the feed (repeat for more; the server keeps the first as its label).")
  var tags: [String] = []

  @Argument(help: "The feed's address (http(s)://, file:// or a path).")
  var address: String

  func validate() throws { try CommandArguments.validateSources([address]) }

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let key = try FeedAddress.key(address)
    if library.settings.sync.isOn {
      let tags = self.tags
      let feed = try library.onSyncServer { (synchronizer) async throws(SyncError) -> CachedFeed in
        try await synchronizer.subscribe(url: key, title: nil, tags: tags)
      }
      CommandOutput.out("Subscribed to \(feed.displayTitle) on the server (\(feed.remoteID ?? key)).\n")
      return
    }
    let store = UrlsFileStore(paths: library.paths)
    // Looked up in the file as read under its lock, not in the library read at start: another
    // `subscribe` may have added it since.
    var listedAt: Int?
    do {
      try store.edit { bytes in
        listedAt = FeedAddress.line(of: key, in: bytes, store: store)
        return listedAt == nil ? UrlsFile.appending([(key, tags)], to: bytes) : nil
      }
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    if let listedAt {
      CommandOutput.out("\(address) is already in \(store.path) (line \(listedAt)); nothing was changed.\n")
      return
    }
    CommandOutput.out("Added \(key) to \(store.path); splitfeed reload fetches it.\n")
  }
}

/// `splitfeed unsubscribe URL`: with sync on, unsubscribes on the server (and drops the feed from the
/// cache); a local feed (`sync-keep-local`), or any feed with sync off, loses its urls-file line.
struct UnsubscribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unsubscribe",
    abstract: "Unsubscribe from a feed: on the sync server when it is there, else in the urls file."
  )

  @OptionGroup var options: LibraryOptions

  @Argument(help: "The feed's address, as subscribed.")
  var address: String

  func validate() throws { try CommandArguments.validateSources([address]) }

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let key = try FeedAddress.key(address)
    if library.settings.sync.isOn, let feed = try FeedAddress.syncedFeed(key, library: library) {
      let feedID = feed.id
      try library.onSyncServer { (synchronizer) async throws(SyncError) in
        try await synchronizer.unsubscribe(feedID: feedID)
      }
      CommandOutput.out("Unsubscribed from \(feed.displayTitle) on the server.\n")
      return
    }
    let store = UrlsFileStore(paths: library.paths)
    // The line is found in the file as read under its lock: a number read earlier may name another
    // feed's line by now.
    var removedLine: Int?
    do {
      try store.edit { bytes in
        removedLine = FeedAddress.line(of: key, in: bytes, store: store)
        return removedLine.map { UrlsFile.removingLine($0, from: bytes) }
      }
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    guard let removedLine else {
      let where_ = library.settings.sync.isOn ? "on the sync server nor in \(store.path)" : "in \(store.path)"
      CommandOutput.warn("\(address) is not a feed \(where_); nothing was changed.")
      throw ExitCode.failure
    }
    CommandOutput.out("Removed \(key) from \(store.path) (line \(removedLine)).\n")
  }
}

/// What `subscribe` and `unsubscribe` share: the address as a cache key, the feed on the server, the line.
enum FeedAddress {
  /// The address as the cache and the urls file key it; not a feed address is a usage error.
  static func key(_ address: String) throws -> String {
    do {
      return try FeedSource(parsing: address).url.absoluteString
    } catch {
      throw ValidationError("\(error)")
    }
  }

  /// The line of the urls file's `bytes` that holds feed `key`, if one does.
  static func line(of key: String, in bytes: [UInt8], store: UrlsFileStore) -> Int? {
    UrlsFile.parse(bytes: bytes, currentDirectory: store.directory).entries.first { $0.url == key }?.line
  }

  /// The feed of the cache that the server keeps under `key`.
  static func syncedFeed(_ key: String, library: Library) throws -> CachedFeed? {
    do {
      return try library.openCache().feeds().first { $0.url == key && $0.remoteID != nil }
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
  }
}
