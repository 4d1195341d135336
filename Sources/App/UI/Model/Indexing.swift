import Reader

/// The search index catching up in the background (`SearchIndexer`): a reload only stores and lists its
/// articles, and the reader indexes them afterwards — at start, and after each reload or sync — off the
/// main thread, reporting back as `.indexProgress` and `.indexFinished` (docs/ARCHITECTURE.md, "A
/// reload"). While a reload runs it pauses, so the two do not share the cores; the queue is in the
/// cache, so a pause or a quit loses nothing.
@MainActor
public final class Indexing {
  private let cache: Cache
  private let events: EventQueue
  private var task: Task<Void, Never>?
  /// Which run the events belong to: those of a paused run are dropped.
  private var run = 0
  /// How many stored articles search does not find yet, as last read or reported; read when first
  /// asked. Not on the main thread before it is asked: counting the queue reads every page of it
  /// (docs/DECISIONS.md, "The first frame at a million, per feed"); each run of the indexer counts it in
  /// the background and reports it.
  public var backlog: Int {
    if let known { return known }
    let read = (try? cache.searchBacklog()) ?? 0
    known = read
    return read
  }
  private var known: Int?
  /// A search said what it had not searched: the end of indexing says the results are whole now.
  var searchedDuringBacklog = false

  /// The session's heavy lane, where the indexer converts bodies to text.
  private let heavy: HeavyWork

  init(cache: Cache, events: EventQueue, heavy: HeavyWork) {
    self.cache = cache
    self.events = events
    self.heavy = heavy
  }

  public var isRunning: Bool { task != nil }

  /// Starts indexing when nothing indexes yet and the queue is not empty (or the index is damaged),
  /// counting the queue off the main thread; the run's end reports the backlog.
  func start() {
    guard task == nil, !cache.isReadOnly else { return }
    run += 1
    let (indexer, events, run, cache) = (SearchIndexer(cache: cache, heavy: heavy), self.events, self.run, cache)
    task = Task.detached(priority: .utility) {
      do {
        guard try cache.searchBacklog() > 0 || cache.searchIndexHealth == .damaged else {
          return events.post(.indexFinished(SearchIndexer.Progress(indexed: 0, total: 0), run: run))
        }
        let done = try await indexer.run { events.post(.indexProgress($0, run: run)) }
        events.post(.indexFinished(done, run: run))
      } catch {
        events.post(.failure("\(error)"))
        events.post(.indexFinished(nil, run: run))
      }
    }
  }

  /// Stops between two batches (a reload is starting); `start` goes on from the queue.
  func pause() {
    task?.cancel()
    task = nil
  }

  /// A progress event of the current run: the status line's notice; nil for another run's.
  func progressed(_ progress: SearchIndexer.Progress, run: Int) -> Notice? {
    guard run == self.run, task != nil else { return nil }
    known = progress.remaining
    return .indexing(indexed: progress.indexed, total: progress.total)
  }

  /// The current run ended (`done` nil: it failed); false for another run's end.
  func finished(_ done: SearchIndexer.Progress?, run: Int) -> Bool {
    guard run == self.run, task != nil else { return false }
    task = nil
    if let done { known = done.remaining }
    return true
  }

  /// What a search does not cover yet (`4,000 new articles not searched yet`), or that it is a scan while
  /// a damaged index is built again; nil when the index covers all.
  var notSearchedYet: Notice.SearchGap? {
    if cache.searchIndexHealth != .intact { return .damaged }
    return backlog > 0 ? .backlog(backlog) : nil
  }
}
