import ArgumentParser
import Foundation
import Reader

/// `splitfeed-bench find`, for `scripts/bench-scale`: on a large cache, the time to the first
/// rows (and to the count) of searches, tags and query feeds, as the reader reads them; the time to index
/// every article for search again; and the reader's peak memory over repeated full reloads in one process.
struct BenchFindCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "find",
    abstract: "Time searches, tags and query feeds on a cache (used by scripts/bench-scale)."
  )

  @Option(name: .customLong("config-dir"), help: "Folder of the urls file (its config file is not read: the engine's defaults).")
  var configDirectory: String

  @Option(name: .customLong("cache"), help: "The cache file.")
  var cacheFile: String

  @Option(help: "Timed runs of each case (the median is reported).")
  var runs = 15

  @Flag(help: "Also time rebuilding the search index of every article.")
  var reindex = false

  @Option(help: "Instead of timing reads: reload every feed this many times (validators dropped, so each is a full fetch, parse and store) and report peak memory.")
  var reloads = 0

  @Flag(help: "Index the backlog while searching for the article indexed last, and report when it was found (instead of timing the indexing alone).")
  var needle = false

  @Flag(name: .customLong("index-only"), help: "Only index the backlog and report it, with the indexer's CPU by step.")
  var indexOnly = false

  /// The first screen of a list: what the reader reads when a list opens.
  static let firstRows = 50

  func run() throws {
    let paths = Paths.resolve(configDirectory: configDirectory, cacheFile: cacheFile)
    let library = Library.load(paths: paths) { _ in (EngineSettings(), []) }
    let cache = try library.openCache()
    if reloads > 0 { return try reloadRepeatedly(library, cache: cache) }
    if needle { return try searchNeedle(cache) }
    try indexBacklog(cache)
    if indexOnly { return }
    let feeds = try cache.feeds()
    // Tags like a heavy user's: one tag on every feed, one on a tenth of them.
    try cache.setTags(Dictionary(uniqueKeysWithValues: feeds.enumerated().map { n, feed in
      (feed.id, n % 10 == 0 ? ["every", "tenth"] : ["every"])
    }))
    let total = try cache.count(in: ItemScope(.all))
    Output.out("articles \(total)\n")
    let searches = ["lorem", "swift cache", "\"terminal reader\"", "Zürich", "東京", "title:parser -lorem", "author:müller", "feed:\"feed 7\"", "qwertyuiop"]
    for text in searches {
      try time("search \(text)", ItemScope(.all, search: try SearchQuery(parsing: text)), cache)
    }
    for tag in ["every", "tenth"] { try time("tag \(tag)", ItemScope(.tag(tag)), cache) }
    for expression in ["unread = \"yes\"", "age < 30", "tags # \"tenth\" and unread = \"yes\"", "title =~ \"swift\"", "author = \"Alice Example\" or flags # \"s\""] {
      try time("query \(expression)", ItemScope(.query(try FilterExpression(parsing: expression))), cache)
    }
    for sort in ArticleSort.allCases { try time("all, sort \(sort.rawValue)", ItemScope(.all, sort: sort), cache) }
    // The feed list's counts, which every ignore rule enters.
    for rule in [nil, "title =~ \"sponsored\"", "author = \"Bob Müller\""] {
      try cache.setIgnoreRules(try rule.map { [IgnoreRule(feedURL: nil, expression: try FilterExpression(parsing: $0))] } ?? [])
      var times: [Double] = []
      for _ in 0..<runs {
        let start = DispatchTime.now()
        _ = try cache.feeds()
        times.append(Self.seconds(since: start) * 1000)
      }
      Output.out(String(format: "feed list counts, ignore rule %@\t%.1f ms\n", rule ?? "none", times.sorted()[times.count / 2]))
    }
    try cache.setIgnoreRules([])
    if reindex {
      var start = DispatchTime.now()
      let characters = try cache.plainTextCharacters()
      Output.out(String(format: "plain text of every article %.3f s (%d characters)\n", Self.seconds(since: start), characters))
      start = DispatchTime.now()
      try cache.rebuildSearchIndex()
      Output.out(String(format: "reindex %.3f s\n", Self.seconds(since: start)))
    }
  }

  /// A reload leaves its articles queued for search (`SearchIndexer`): indexes them as the idle reader
  /// does, and prints how long that took and the indexer's longest transactions, batch and merge step
  /// (the longest a mark could wait).
  private func indexBacklog(_ cache: Cache) throws {
    let backlog = try cache.searchBacklog()
    guard backlog > 0 else { return }
    let start = DispatchTime.now()
    let writes = IndexerWrites()
    let result: Result<SearchIndexer.Progress, CacheError> = Blocking.run {
      do throws(CacheError) {
        return .success(try await SearchIndexer(cache: cache).run(wrote: writes.add))
      } catch {
        return .failure(error)
      }
    }
    let done = try result.get()
    let seconds = Self.seconds(since: start)
    let (batches, merges) = writes.summary
    Output.out(String(
      format: "index backlog of %d articles %.3f s: %d batches, longest %.0f ms; %d merge steps, longest %.0f ms\n",
      done.indexed, seconds, batches.count, batches.longest, merges.count, merges.longest))
    if indexOnly {
      Output.out(String(
        format: "indexer writes, total\tbatches %.2f s (CPU %.2f s)\tmerge steps %.2f s (CPU %.2f s)\tprocess CPU %.2f s\n",
        batches.wall, batches.cpu, merges.wall, merges.cpu, Self.processCPUSeconds()))
    }
  }

  /// The CPU this process spent so far, user and system, every thread (for the indexer's profile).
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// Prints the median milliseconds to the first rows, to the next page (keyset), and to the count.
  private func time(_ name: String, _ scope: ItemScope, _ cache: Cache) throws {
    var first: [Double] = [], next: [Double] = [], count: [Double] = []
    var rows = 0, matches = 0
    for _ in 0..<runs {
      var start = DispatchTime.now()
      let page = try cache.items(in: scope, limit: Self.firstRows)
      first.append(Self.seconds(since: start) * 1000)
      rows = page.count
      start = DispatchTime.now()
      if let last = page.last { _ = try cache.items(in: scope, limit: Self.firstRows, after: last.id) }
      next.append(Self.seconds(since: start) * 1000)
      start = DispatchTime.now()
      matches = try cache.count(in: scope)
      count.append(Self.seconds(since: start) * 1000)
    }
    let median = { (values: [Double]) in values.sorted()[values.count / 2] }
    Output.out(String(
      format: "%@\tfirst %.1f ms\tnext %.1f ms\tcount %.1f ms\trows %d of %d\n",
      name, median(first), median(next), median(count), rows, matches))
  }

  private func reloadRepeatedly(_ library: Library, cache: Cache) throws {
    let feeds = try library.feeds(sources: [], in: cache).map { feed in
      var feed = feed
      feed.validators = Validators()
      return feed
    }
    let reloader = Reloader(cache: cache, fetcher: library.fetcher)
    for n in 1...reloads {
      let start = DispatchTime.now()
      let results = Blocking.run { await reloader.reload(feeds) }
      let failed = results.filter { if case .failed = $0.outcome { true } else { false } }.count
      if n == 1 || n == 10 || n == reloads || n % 10 == 0 {
        Output.out(String(
          format: "reload %d\t%.2f s\tfailed %d\tpeak %.1f MB\trss %.1f MB\n", n, Self.seconds(since: start), failed,
          Self.statusKB("VmHWM") / 1024, Self.statusKB("VmRSS") / 1024))
      }
    }
  }

  static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }

  /// A `kB` figure of /proc/self/status (Linux), 0 elsewhere.
  static func statusKB(_ field: String) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return 0 }
    return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }
}

/// The indexer's transactions, counted and the longest of each kind kept.
final class IndexerWrites: @unchecked Sendable {
  /// How many, the longest from being asked for, and the most CPU one spent (ms): on a machine shared
  /// by many processes the first is the second stretched by the waits for a core. With the sums of both
  /// (s), the indexer's profile by step: what its batches and its merges cost over the whole backlog,
  /// the CPU holding still when the machine's load does not (docs/DECISIONS.md, "A million articles,
  /// fifth pass").
  struct Kind { var count = 0, longest = 0.0, mostCPU = 0.0, wall = 0.0, cpu = 0.0 }
  private let lock = NSLock()
  private var batches = Kind(), merges = Kind()

  /// Each transaction printed as it ends, with `SPLITFEED_BENCH_WRITES=1` (to see which ones are long).
  private let verbose = ProcessInfo.processInfo.environment["SPLITFEED_BENCH_WRITES"] == "1"

  func add(_ write: SearchIndexer.Write) {
    if verbose { Output.out("\(write)\n") }
    lock.withLock {
      switch write {
      case .batch(_, let time, let cpu): Self.note(time, cpu, in: &batches)
      case .merge(_, let time, let cpu): Self.note(time, cpu, in: &merges)
      }
    }
  }

  var summary: (batches: Kind, merges: Kind) { lock.withLock { (batches, merges) } }

  private static func note(_ time: Duration, _ cpu: Duration, in kind: inout Kind) {
    let ms = { (d: Duration) in Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
    kind.count += 1
    kind.longest = max(kind.longest, ms(time))
    kind.mostCPU = max(kind.mostCPU, ms(cpu))
    kind.wall += ms(time) / 1000
    kind.cpu += ms(cpu) / 1000
  }
}
