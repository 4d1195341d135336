import Foundation

/// A cache in a fresh private temporary folder, filled with feeds that were parsed rather than fetched:
/// the reader's bundled demo feed when nothing is configured (DESIGN §6 — it never lands in the user's
/// cache, so it cannot linger beside their own feeds), the tests' sample feeds and the UI benchmark's lists.
/// The UI reads it like any cache; the folder is removed when the process exits.
public enum ScratchCache {
  /// Stores each `(url, feed)` as a fetched feed, in order; items first seen at `firstSeen` (the date
  /// undated items sort by). `indexed` false leaves them queued for the search indexer, as a reload does.
  public static func make(
    _ feeds: [(url: String, feed: Feed)], firstSeen: Date = Date(), indexed: Bool = true
  ) throws -> (Cache, [CachedFeed]) {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-XXXXXX").path
    var buffer = Array(template.utf8CString)
    guard let folder = mkdtemp(&buffer).map({ String(cString: $0) }) else {
      throw CacheError.cannotOpen(path: template, reason: "no temporary folder could be made")
    }
    Self.register(folder)
    let cache = try Cache(path: folder + "/cache.db")
    let rows = try cache.addFeeds(urls: feeds.map(\.url))
    for (row, source) in zip(rows, feeds) {
      try cache.storeNow(source.feed, feedID: row.id, validators: Validators(), at: firstSeen)
    }
    // Searchable at once: a scratch cache is small and has no backlog to show (`SearchIndexer`).
    if indexed { try cache.indexForSearchNow() }
    return (cache, try cache.feeds(urls: feeds.map(\.url)))
  }

  private static let folders = Folders()

  private static func register(_ folder: String) {
    if folders.add(folder) { atexit { ScratchCache.folders.removeAll() } }
  }

  /// The folders to remove at exit (atexit runs on whichever thread exits).
  private final class Folders: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    /// Adds a folder; true for the first one (register the exit handler once).
    func add(_ path: String) -> Bool {
      lock.withLock {
        paths.append(path)
        return paths.count == 1
      }
    }

    func removeAll() {
      for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
  }
}
