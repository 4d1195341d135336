import CSQLiteConfig
import GRDBSQLite

/// What SQLite is told once per process, before its first connection opens.
///
/// Memory statistics off (`SQLITE_CONFIG_MEMSTATUS`, as SQLite's own recommended options have it):
/// with them on, every `sqlite3_malloc` and `sqlite3_free` of every connection takes one process-wide
/// mutex to count bytes. A sync storing its pages mallocs without pause; on a loaded machine the writer
/// is preempted holding that mutex, and the main thread's next read (a key's counts) waits out the
/// writer's time slice: `N` took 39 ms at the 99th percentile during a first sync of 100,000 articles,
/// 4.6 ms with the statistics off (docs/DECISIONS.md, "Sync at scale"). splitfeed never reads them.
enum SQLiteProcess {
  /// Applies the settings on first use; later calls do nothing. Too late once SQLite has initialized
  /// (`sqlite3_config` then refuses), so every opener of a connection calls it first.
  static func configure() { _ = applied }

  private static let applied: Bool = splitfeed_sqlite_memstatus_off() == SQLITE_OK

  /// Whether SQLite counts the memory it holds (`sqlite3_memory_used` stays 0 without statistics).
  static var countsMemory: Bool { sqlite3_memory_used() > 0 }
}
