import Foundation
import GRDB
import Synchronization

/// A reload's stores waiting for the writer, run several to one write transaction when several are
/// ready (docs/DECISIONS.md, "A million articles, the reload's commits and the indexer's turn").
///
/// Why: a commit writes every page its transaction dirtied to the log, and the log's checkpoint copies
/// them back and syncs them. A feed's articles land all over the date index (`items_by_date`: their
/// dates span the feed's history), so at a million articles one feed's thousand inserts dirty ~800 of
/// that index's ~1,200 pages, against all of its ~115 at 100,000: per feed, the commit's work grew with
/// the cache. Feeds stored in one transaction share those pages, so each is written once per
/// transaction, not once per feed.
///
/// Bounded: a transaction takes the stores waiting when it begins and those that come while it runs
/// until it has run `budget`, then commits. The next transaction is queued on the writer behind what
/// was asked meanwhile (a mark, a sync's page), so the writer's order holds (docs/ARCHITECTURE.md,
/// "Writes": one ordered writer) and a mark waits at most one batch, as behind the indexer's.
///
/// A store that fails rolls back its batch's transaction; each of the batch's stores then runs again
/// alone, so one feed's failure is that feed's alone (a store's body must be safe to run again: it
/// reads only its own input).
final class StoreBatches: Sendable {
  typealias Body = @Sendable (Database) throws -> any Sendable
  typealias Outcome = Result<any Sendable, any Error>

  struct Job: Sendable {
    let body: Body
    let done: @Sendable (Outcome) -> Void
  }

  private struct State {
    var waiting: [Job] = []
    var running = false
    /// How many stores each of the last `keptSizes` transactions took, in order (the tests read it).
    var sizes: [Int] = []
    /// Whether a transaction of this run took two stores or more, and so raised the checkpoint's interval.
    var together = false

    mutating func record(_ counts: [Int]) {
      sizes.append(contentsOf: counts)
      if sizes.count > StoreBatches.keptSizes { sizes.removeFirst(sizes.count - StoreBatches.keptSizes) }
    }
  }

  /// How long one transaction goes on taking stores: the indexer's batches are sized to ~40 ms of the
  /// lock for the same reason (a mark waits behind them).
  let budget: Duration
  /// How many transactions' sizes are kept: a reader runs for days.
  static let keptSizes = 1_000
  private let state = Mutex(State())

  init(budget: Duration = .milliseconds(40)) { self.budget = budget }

  /// Queues `job`; true when no transaction is running or queued, and the caller must start one (`run`).
  func add(_ job: Job) -> Bool {
    state.withLock { state in
      state.waiting.append(job)
      if state.running { return false }
      state.running = true
      return true
    }
  }

  /// The stores waiting now, and each transaction's size so far (tests).
  var waitingCount: Int { state.withLock { $0.waiting.count } }
  var transactionSizes: [Int] { state.withLock { $0.sizes } }

  /// The writer's page cache while stores wait, in KiB: a batch's inserts come back to the same date
  /// index pages, which the connection's usual 1 MiB (`Cache.init`) read again from the log each time
  /// (at a million articles that index is ~19 MB). Given back when no store waits.
  static let pageCacheKiB = 32 * 1024

  /// The log's length, in pages, that starts a checkpoint once stores wait together (SQLite's automatic
  /// checkpoint, inside the commit that crosses it; 1,000 otherwise). Each transaction writes the date
  /// index's pages again, and each checkpoint copied them back and synced, in a large cache after
  /// nearly every commit; at 4,000 a checkpoint copies each of those pages once for several commits
  /// (the measurements: docs/DECISIONS.md, "A million articles, fifth pass"). It bounds the log at
  /// ~64 MB, and what is left in it is checkpointed once the stores end, as a step of its own. Raised
  /// only when a transaction takes a second store: stores that come one at a time (a reload's feeds
  /// arriving slower than they are stored) keep SQLite's usual checkpoints, not one after each.
  static let checkpointPages = 4_000
  /// SQLite's automatic checkpoint, which the connection keeps when no store waits.
  static let usualCheckpointPages = 1_000

  /// Runs transactions of waiting stores on `writer` until none is waiting. Each is one write of its own
  /// on the writer's queue, so whatever was queued while it ran goes first. The writer's settings for
  /// stores (`pageCacheKiB`; `checkpointPages` once they come together) are given back after the last,
  /// with a checkpoint of what the log holds when it was raised, while this run still counts as running:
  /// a store that comes meanwhile starts the loop again instead of a second run whose settings the first
  /// would undo.
  func run(on writer: any DatabaseWriter) async {
    while true {
      let usual = try? await writer.writeWithoutTransaction { db -> Int? in
        guard let usual = try Int.fetchOne(db, sql: "PRAGMA cache_size") else { return nil }
        try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKiB)")
        return usual
      }
      await transactions(on: writer)
      let together = state.withLock { state in
        defer { state.together = false }
        return state.together
      }
      _ = try? await writer.writeWithoutTransaction { db in
        if let usual = usual ?? nil { try db.execute(sql: "PRAGMA cache_size = \(usual)") }
        guard together else { return }
        try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.usualCheckpointPages)")
        _ = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)")
      }
      let more = state.withLock { state in
        if state.waiting.isEmpty { state.running = false }
        return state.running
      }
      if !more { return }
    }
  }

  /// Transactions of waiting stores until none is waiting.
  private func transactions(on writer: any DatabaseWriter) async {
    while true {
      var ran: [(Job, Outcome)] = []
      do {
        ran = try await writer.writeWithoutTransaction { db in try self.transaction(db) }
      } catch {
        // The writer itself failed before a store ran (the pool closed): each store waiting hears it.
        for job in state.withLock({ s in defer { s.waiting.removeAll() }; return s.waiting }) { job.done(.failure(error)) }
      }
      for (job, outcome) in ran { job.done(outcome) }
      if state.withLock({ $0.waiting.isEmpty }) { return }
    }
  }

  private func next(after taken: Int, since start: ContinuousClock.Instant) -> Job? {
    state.withLock { state in
      guard !state.waiting.isEmpty, taken == 0 || ContinuousClock.now - start < budget else { return nil }
      return state.waiting.removeFirst()
    }
  }

  /// One transaction of as many waiting stores as `budget` allows; when any fails, each of them alone.
  private func transaction(_ db: Database) throws -> [(Job, Outcome)] {
    let start = ContinuousClock.now
    var taken: [Job] = []
    var results: [any Sendable] = []
    do {
      try db.inTransaction {
        while let job = next(after: taken.count, since: start) {
          if taken.count == 1, state.withLock({ state in defer { state.together = true }; return !state.together }) {
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.checkpointPages)")
          }
          taken.append(job)
          results.append(try job.body(db))
        }
        return .commit
      }
      state.withLock { $0.record([taken.count]) }
      return zip(taken, results.map { .success($0) }).map { ($0, $1) }
    } catch {
      state.withLock { $0.record(Array(repeating: 1, count: taken.count)) }
      return taken.map { job in (job, Self.alone(job, db)) }
    }
  }

  /// `job` in a transaction of its own, again while it asks to (`Cache.WriteAgain`).
  private static func alone(_ job: Job, _ db: Database) -> Outcome {
    while true {
      do {
        var result: (any Sendable)?
        try db.inTransaction {
          result = try job.body(db)
          return .commit
        }
        return .success(result!)
      } catch is Cache.WriteAgain {
        continue
      } catch {
        return .failure(error)
      }
    }
  }
}
