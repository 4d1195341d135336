import Foundation
import GRDB
import Synchronization

/// The SQLite cache: feeds, their items with read flags, and the Recent list. The UI reads from
/// it on the main thread (every read is one short query; item lists load only id, title, date and read);
/// reloads write to it from background tasks, each feed whole in one transaction (`StoreBatches`).
///
/// WAL mode (`DatabasePool`) lets a second splitfeed read while this one writes; writers wait up to
/// `busyTimeout` seconds for the lock and then fail with `CacheError.locked`. Because every feed's
/// update is one transaction and items are unique per `(feed, key)`, a `kill -9` mid-reload loses at most
/// the feeds in flight, never a read flag, and never duplicates an article.
public final class Cache: Sendable {
  /// The file, as given (`:memory:` style paths are not supported: WAL needs a file).
  public let path: String
  /// True when opened with `readOnly: true`; writes then throw `CacheError.readOnly`.
  public let isReadOnly: Bool
  let busyTimeout: Double
  private let db: any DatabaseWriter
  /// `setIgnoreRules`: what every read of this instance leaves out.
  let ignoring = Mutex(Ignoring())
  /// The search index as this Cache's searches found it (`Cache+UI`'s `visible`, `SearchIndexHealth`).
  let searchIndex = Mutex(SearchIndexHealth.intact)
  /// A reload's stores waiting for the writer (`batchedWrite`).
  let storeBatches = StoreBatches()

  /// Caches opened at these paths from now on hand every statement they run, its values in place, to
  /// the function given (not the statements triggers run): for the tests that check the query plans of
  /// what a key reads (docs/DECISIONS.md, "A million articles"). Empty in the reader.
  static let statementSinks = Mutex<[String: @Sendable (String) -> Void]>([:])

  /// The Recent list's length (DESIGN §1).
  public static let recentLimit = 20

  /// Opens (creating the file and its folder if needed) and migrates the cache at `path`. With
  /// `readOnly`, the file must exist and nothing is written — for a cache that cannot be written.
  public init(path: String, readOnly: Bool = false, busyTimeout: Double = 5) throws(CacheError) {
    SQLiteProcess.configure()  // before the process's first connection
    self.path = path
    self.isReadOnly = readOnly
    self.busyTimeout = busyTimeout
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.readonly = readOnly
    configuration.foreignKeysEnabled = true
    configuration.label = "splitfeed cache"
    configuration.prepareDatabase { db in CacheFunctions.register(in: db) }
    if let sink = Self.statementSinks.withLock({ $0[path] }) {
      configuration.prepareDatabase { db in
        db.trace { event in
          if case .statement(let statement) = event, !statement.sql.hasPrefix("--") { sink(statement.expandedSQL) }
        }
      }
    }
    if !readOnly {
      configuration.prepareDatabase { db in
        // WAL + NORMAL: a commit survives a process crash (kill -9); only a power loss may drop the last one.
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        // 16 KiB pages, for a new file only: an article row (3–8 KB) fits a page instead of spilling into
        // a mostly empty overflow page (docs/DECISIONS.md, "Cache pages").
        try db.execute(sql: "PRAGMA page_size = \(CacheSchema.pageSize)")
        // Pages a prune empties go back to the file system (`Cache.prune`), for a new file only: an
        // existing cache would need a VACUUM, a rewrite of the whole file (docs/DECISIONS.md, "Indexing
        // under the lock's bound").
        // Set only when it is not: setting it again rewrote the file's first page at every start, a
        // write transaction (waiting for another process's writer) and a frame more in the log, which
        // the next start read back when this one exited without closing (docs/DECISIONS.md, "The first
        // frame at a million, per feed").
        if !db.configuration.readonly, try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 {  // not the pool's readers
          try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
        }
        // A 1 MiB page cache per connection instead of SQLite's 2 MiB: a reload mostly appends rows and
        // gains nothing from more, and every connection would hold it (docs/DECISIONS.md, "Cache pages").
        try db.execute(sql: "PRAGMA cache_size = -1024")
        // Statement journals in memory: each upsert of a reload or a sync keeps copies of the pages it
        // changes (a few 16 KiB pages, past SQLite's 64 KiB spill threshold), which otherwise went to a
        // temporary file, two writes per page (docs/DECISIONS.md, "Sync with the Google Reader API").
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
      }
    }
    do {
      if readOnly {
        guard FileManager.default.fileExists(atPath: path) else {
          throw CacheError.cannotOpen(path: path, reason: "the file does not exist")
        }
        db = try DatabaseQueue(path: path, configuration: configuration)
      } else {
        try Self.prepareFolder(for: path)
        // Opened and migrated one process at a time (a lock file beside the cache): GRDB's migrator reads
        // which migrations ran, then runs each in its own transaction, so a cron `reload` and the reader
        // creating a new cache together both ran the first one ("table feeds already exists").
        let pool = try FileDescriptor.withLock(path + ".lock", failure: { CacheError.cannotOpen(path: path + ".lock", reason: String(cString: strerror($0))) }) {
          let pool = try DatabasePool(path: path, configuration: configuration)
          try CacheSchema.migrator.migrate(pool)
          return pool
        }
        // Read first: start-up does not wait for the write lock another process may hold. A stale index is
        // emptied and every article queued, for the reader's indexer (`SearchIndexer`), not indexed here.
        if try pool.read({ try FindingSchema.isStale($0) }) { try pool.write { try FindingSchema.requeueIfStale($0) } }
        db = pool
      }
      if try db.read({ try CacheSchema.migrator.hasBeenSuperseded($0) }) {
        throw CacheError.newerSchema(path: path)
      }
    } catch {
      throw CacheError.from(error, path: path, busyTimeout: busyTimeout)
    }
  }

  private static func prepareFolder(for path: String) throws(CacheError) {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return }
    do {
      // Private, as every folder made on the way (the data folder): the cache holds the sync login's token.
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw .cannotOpen(path: path, reason: "its folder \(folder) cannot be created")
    }
    let fm = FileManager.default
    makePrivate(path)
    if fm.fileExists(atPath: path) ? !fm.isWritableFile(atPath: path) : !fm.isWritableFile(atPath: folder) {
      throw .readOnly(path: path)
    }
    if fm.fileExists(atPath: path), !fm.isWritableFile(atPath: folder) {
      throw .readOnly(path: path)  // WAL needs to create the -wal and -shm files beside it
    }
  }

  /// The cache and the files SQLite and the lock keep beside it are private (0600): the cache holds the
  /// sync login's token and what the user reads (docs/ROBUSTNESS.md, "Files splitfeed owns"). A new cache file is
  /// created 0600 before SQLite opens it, whose `-wal` and `-shm` then take its mode; an existing one's
  /// files, made under an older splitfeed or a looser umask, are tightened — only the user's own regular
  /// files, never through a link.
  static func makePrivate(_ path: String) {
    let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    if fd >= 0 { close(fd) }
    for file in [path, path + "-wal", path + "-shm", path + ".lock"] {
      var status = stat()
      guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
        status.st_mode & 0o077 != 0
      else { continue }
      chmod(file, status.st_mode & 0o700)
    }
  }

  // MARK: - Plumbing

  func read<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
    do { return try db.read(body) } catch { throw CacheError.from(error, path: path, busyTimeout: busyTimeout) }
  }

  /// Runs `body` in a write transaction. The articles it stores are queued for search (`fts_pending`),
  /// not indexed: indexing is the indexer's work, off the writers' path (`SearchIndexer`).
  func write<T>(_ body: (Database) throws -> T) throws(CacheError) -> T {
    guard !isReadOnly else { throw CacheError.readOnly(path: path) }
    do { return try db.write(body) } catch { throw CacheError.from(error, path: path, busyTimeout: busyTimeout) }
  }

  /// `write` from async code. A body that throws `WriteAgain` has its transaction rolled back and runs
  /// again in a new one.
  func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(CacheError) -> T {
    guard !isReadOnly else { throw CacheError.readOnly(path: path) }
    while true {
      do {
        return try await db.write(body)
      } catch is WriteAgain {
        continue
      } catch {
        throw CacheError.from(error, path: path, busyTimeout: busyTimeout)
      }
    }
  }

  /// `asyncWrite` for a reload's stores: several waiting together share one transaction, bounded in
  /// time (`StoreBatches`). `body` must be safe to run again (it is when its store fails beside others).
  func batchedWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(CacheError) -> T {
    guard !isReadOnly else { throw CacheError.readOnly(path: path) }
    let outcome: StoreBatches.Outcome = await withCheckedContinuation { continuation in
      let job = StoreBatches.Job(body: { try body($0) }, done: { continuation.resume(returning: $0) })
      if storeBatches.add(job) {
        let batches = storeBatches, writer = db
        Task.detached { await batches.run(on: writer) }
      }
    }
    switch outcome {
    case .success(let value): return value as! T
    case .failure(let error): throw CacheError.from(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// `asyncWrite` for the indexer's transactions: also the CPU the writer's thread spent on the
  /// transaction, its commit included (`SearchIndexer.Write`).
  func asyncWriteTimingCPU<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(CacheError) -> (T, Duration) {
    guard !isReadOnly else { throw CacheError.readOnly(path: path) }
    do {
      return try await db.writeWithoutTransaction { db in
        try SearchIndexer.timingCPU {
          var result: T?
          try db.inTransaction {
            result = try body(db)
            return .commit
          }
          return result!
        }
      }
    } catch {
      throw CacheError.from(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// Thrown by an `asyncWrite` body whose input started over (a parse reading its document again): what
  /// it wrote is rolled back and it runs again.
  struct WriteAgain: Error {}

  // MARK: - Feeds

  /// The feed columns `feed` reads, for `feeds` aliased `f`; the counts leave out what the ignore rules
  /// hide. Without rules tested on read the counts are each feed's row of `feed_counts` (less the
  /// articles rules kept as a flag hide: `FeedCounts`), one row per feed however many articles it has.
  /// Rules tested on read test every article, so `allFeeds` (the whole list) counts every feed in one pass, joined as `c`,
  /// instead of two passes per feed (half the time: docs/DECISIONS.md, "Finding at scale").
  ///
  /// Per feed, two things are avoided (docs/DECISIONS.md, "The first frame at a million, per feed"): the
  /// tags' ordered subquery, which opens a sorter even for a feed without tags, runs only for a feed
  /// that has one (`'[]'` is what it gives for none); and `feeds` is read as a table (`NOT INDEXED`, the
  /// rowid still found by its key), where SQLite, without statistics, walked `feeds_by_title` and looked
  /// each row up by its rowid before sorting them all the same.
  private func feedColumns(allFeeds: Bool, now: Date = Date()) -> (columns: String, from: String, arguments: StatementArguments) {
    let ignoring = ignoring.withLock { $0 }
    let rest = """
      f.offered_feeds, f.warnings, f.poll_hold, f.poll_until, f.poll_strikes, f.moved_to,
      CASE WHEN EXISTS (SELECT 1 FROM feed_tags WHERE feed_id = f.id)
        THEN (SELECT json_group_array(tag) FROM (SELECT tag FROM feed_tags WHERE feed_id = f.id ORDER BY position))
        ELSE '[]' END AS tags,
      (SELECT s.remote_id FROM sync_feeds s WHERE s.feed_id = f.id) AS remote_id
      """
    let head = "f.id, f.url, f.title, f.site_link, f.etag, f.last_modified, f.last_fetch, f.last_error, f.position"
    if ignoring.live.isEmpty {
      let counts = FeedCounts.columns(flagged: ignoring.flagged)
      return (
        "\(head), \(counts.unread) AS unread, \(counts.total) AS total, \(rest)",
        "feeds f NOT INDEXED LEFT JOIN feed_counts c ON c.feed_id = f.id", [])
    }
    let shown = ignoredHidden(now: now)
    if allFeeds && shown.sql != SQLCondition.always.sql {
      return (
        "\(head), coalesce(c.unread, 0) AS unread, coalesce(c.total, 0) AS total, \(rest)",
        """
        feeds f NOT INDEXED LEFT JOIN (SELECT i.feed_id, sum(i.read = 0) AS unread, count(*) AS total FROM items i
          WHERE \(shown.sql) GROUP BY i.feed_id) c ON c.feed_id = f.id
        """, shown.arguments)
    }
    return (
      """
      \(head), (SELECT count(*) FROM items i WHERE i.feed_id = f.id AND i.read = 0 AND \(shown.sql)) AS unread,
      (SELECT count(*) FROM items i WHERE i.feed_id = f.id AND \(shown.sql)) AS total, \(rest)
      """, "feeds f NOT INDEXED", shown.arguments + shown.arguments)
  }

  /// A row of `feedColumns`, by column index: GRDB's lookup by name lowercases and compares each name
  /// on every read, 19 of them a feed, which `perf` showed on the first frame of 1,000 feeds
  /// (docs/DECISIONS.md, "A million articles, the first frame"). The indexes follow `feedColumns`' order.
  /// Given a cursor's row, each column is read from the statement itself; a row of `fetchAll` is a copy
  /// that decodes each column through generic code looking up its type's metadata every time (docs/DECISIONS.md,
  /// "The first frame at a million, per feed").
  private static func feed(_ row: Row) -> CachedFeed {
    CachedFeed(
      id: row[0], url: row[1], title: row[2], siteLink: row[3],
      validators: Validators(etag: row[4], lastModified: row[5]),
      lastFetch: (row[6] as Double?).map(Date.init(timeIntervalSince1970:)), lastError: row[7],
      position: row[8], unreadCount: row[9], totalCount: row[10],
      offeredFeeds: ItemColumns.strings(row[11]), warnings: ItemColumns.strings(row[12]),
      tags: ItemColumns.strings(row[17]), remoteID: row[18],
      poll: PollState(
        hold: (row[13] as String?).flatMap(PollState.Hold.init(rawValue:)),
        until: (row[14] as Double?).map(Date.init(timeIntervalSince1970:)),
        strikes: row[15], movedTo: row[16]))
  }

  /// Every cached feed in list order, with counts.
  public func feeds() throws(CacheError) -> [CachedFeed] {
    let query = feedColumns(allFeeds: true)
    return try read { db in
      try Array(
        Row.fetchCursor(
          db, sql: "SELECT \(query.columns) FROM \(query.from) ORDER BY f.position, f.id", arguments: query.arguments
        ).map(Self.feed))
    }
  }

  /// The feeds with these URLs (cache keys), in the order given; unknown URLs are skipped.
  public func feeds(urls: [String]) throws(CacheError) -> [CachedFeed] {
    let byURL = Dictionary(try feeds().map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
    return urls.compactMap { byURL[$0] }
  }

  public func feed(id: Int64) throws(CacheError) -> CachedFeed? {
    let query = feedColumns(allFeeds: false)
    return try read { db in
      try Row.fetchOne(
        db, sql: "SELECT \(query.columns) FROM \(query.from) WHERE f.id = ?", arguments: query.arguments + [id])
        .map(Self.feed)
    }
  }

  /// Makes sure each URL has a feed row (new ones get positions after the existing feeds) and returns
  /// the rows in the order given. With `reorder`, positions follow the order given (the urls file's).
  ///
  /// Read first: a start whose urls file names the feeds the cache has, in its order, writes nothing
  /// and waits for no write lock; at 1,000 feeds the 2,000 statements of the write were a tenth of the
  /// first frame's CPU (docs/DECISIONS.md, "A million articles, the first frame").
  @discardableResult
  public func addFeeds(urls: [String], reorder: Bool = false) throws(CacheError) -> [CachedFeed] {
    let stored = try feeds()
    // The usual start: the urls file names the cache's feeds in the cache's order, and the rows read are
    // the answer as they are, not copied feed by feed through a dictionary (docs/DECISIONS.md, "The first
    // frame at a million, per feed").
    if stored.count == urls.count,
      stored.indices.allSatisfy({ stored[$0].url == urls[$0] && (!reorder || stored[$0].position == $0) })
    {
      return stored
    }
    let byURL = Dictionary(stored.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
    let settled = urls.enumerated().allSatisfy { index, url in
      byURL[url].map { !reorder || $0.position == index } ?? false
    }
    if settled { return urls.compactMap { byURL[$0] } }
    try write { db in
      var position = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM feeds") ?? 0
      let insert = try db.cachedStatement(sql: "INSERT INTO feeds (url, position) VALUES (?, ?) ON CONFLICT(url) DO NOTHING")
      let move = try db.cachedStatement(sql: "UPDATE feeds SET position = ?1 WHERE url = ?2 AND position IS NOT ?1")
      for (index, url) in urls.enumerated() {
        try insert.execute(arguments: [url, reorder ? index : position])
        if db.changesCount > 0 { position += 1 }
        if reorder { try move.execute(arguments: [index, url]) }
      }
    }
    return try feeds(urls: urls)
  }

  /// Removes a feed and its items.
  public func removeFeed(id: Int64) throws(CacheError) {
    try write { db in try db.execute(sql: "DELETE FROM feeds WHERE id = ?", arguments: [id]) }
  }
}
