import ArgumentParser
import Foundation
import Reader
import ReaderUI
import ScreenKit

/// `splitfeed-bench scale`, for `scripts/bench-scale`'s 100,000- and 1,000,000-article cases (docs/BENCHMARKS.md):
/// on the cache a reload left, its articles still queued for search, what a reader does on it, each
/// step timed in process so the two sizes compare step by step: the keys pressed while the backlog is
/// indexed (the whole reader, headless) and the indexer's longest transaction, then the feed list's
/// counts, a rare phrase searched, the Unread list opened and `G` in it, a mark and the counts it
/// updates, a query feed's count; with `--prune`, instead, a prune of all but 100 articles per feed.
struct BenchScaleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scale", abstract: "Time a reader's steps on a large cache (used by scripts/bench-scale).")

  @Option(name: .customLong("cache"), help: "The cache file (a reload's, its articles queued for search).")
  var cacheFile: String

  @Option(help: "Timed runs of each read (the median is reported).")
  var runs = 5

  @Flag(help: "Instead: prune every feed to its newest 100 articles (the script marks every article read first).")
  var prune = false

  /// A prune to the newest 100 articles per feed: its whole time, its transactions (its batches, then its
  /// merge and vacuum steps: how many, the longest from being asked for, the most CPU one spent) and the
  /// process's CPU over it, which counts the text made outside the writes too (docs/DECISIONS.md, "a prune at a million").
  private func timePrune(_ cache: Cache) throws {
    let writes = IndexerWrites()
    let start = DispatchTime.now()
    let cpuStart = Self.processCPU()
    let result: Result<Int, CacheError> = Blocking.run {
      do throws(CacheError) {
        return .success(try await cache.prune(PruneRule(keepDays: 0, maxPerFeed: 100), wrote: writes.add))
      } catch {
        return .failure(error)
      }
    }
    let removed = try result.get()
    let (seconds, cpu) = (BenchFindCommand.seconds(since: start), Self.processCPU() - cpuStart)
    let (batches, merges) = writes.summary
    Output.out(String(
      format: "prune to 100 per feed\t%.3f s\tremoved %d\tprocess CPU %.2f s\t%d batches, longest %.0f ms, most CPU %.0f ms, in all %.2f s (CPU %.2f s)\t%d merge and vacuum steps, longest %.0f ms\n",
      seconds, removed, cpu, batches.count, batches.longest, batches.mostCPU, batches.wall, batches.cpu, merges.count, merges.longest))
  }

  /// The CPU seconds every thread of this process spent so far.
  static func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let seconds = { (t: timeval) in Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// The rows a list reads at a time (`ArticleListController.pageSize`).
  static let page = 200

  func run() throws {
    let cache = try Cache(path: cacheFile)
    if prune { return try timePrune(cache) }
    var feeds = try cache.feeds()
    Output.out(String(format: "feed list counts (%d feeds)\t%.1f ms\n", feeds.count, try median { _ = try cache.feeds() }))
    let writes = IndexerWrites()
    let keys = MainActor.assumeIsolated {
      BenchUICommand.measureWhileIndexing(cache: cache, feeds: feeds, size: Size(width: 120, height: 40), wrote: writes.add)
    }
    let (batches, merges) = writes.summary
    Output.out(String(
      format: "index backlog of %d articles\t%.2f s\t%d batches, longest %.0f ms; %d merge steps, longest %.0f ms\tmost CPU in one: batch %.0f ms, merge step %.0f ms\n",
      keys.indexed, keys.seconds, batches.count, batches.longest, merges.count, merges.longest, batches.mostCPU, merges.mostCPU))
    Output.out(String(
      format: "indexer writes, total\tbatches %.2f s (CPU %.2f s)\tmerge steps %.2f s (CPU %.2f s)\n",
      batches.wall, batches.cpu, merges.wall, merges.cpu))
    for (name, times) in [("keys while indexing", keys.indexing), ("keys idle", keys.idle)] {
      let cells = times.map { String(format: "%@ %.2f / %.2f / %.2f", $0.key, $0.median * 1e3, $0.p99 * 1e3, $0.max * 1e3) }
      Output.out("\(name) (ms: median / p99 / max)\t" + cells.joined(separator: "   ") + "\n")
    }
    feeds = try cache.feeds()
    try searchNeedle(cache)
    let unread = ItemScope(.all, unreadOnly: true)
    var total = 0
    let open = try median {
      total = try cache.count(in: unread)
      _ = try cache.items(in: unread, limit: Self.page, offset: 0)
    }
    let last = max(0, (total - 1) / Self.page * Self.page)
    // `G`: the last page read at its offset (the old way), and from the list's end.
    let byOffset = try median { _ = try cache.items(in: unread, limit: Self.page, offset: last) }
    let fromEnd = try median { _ = try cache.items(in: unread, limit: Self.page, offset: last, of: total) }
    Output.out(String(
      format: "open Unread (count %d, first rows)\t%.1f ms\tG (rows from %d) at its offset\t%.1f ms\tfrom the end\t%.1f ms\n",
      total, open, last, byOffset, fromEnd))
    // `N` on the newest article of the first feed: the write and the counts the reader reads after it.
    guard let feed = feeds.first, let article = try cache.items(feedID: feed.id, limit: 1).first else { return }
    var flag = false
    let mark = try median {
      flag.toggle()
      try cache.setRead(flag, itemIDs: [article.id])
      _ = try cache.counts(feeds: [feed.id])
    }
    let every = try median { _ = try cache.counts() }
    Output.out(String(format: "N (write, its feed's counts)\t%.1f ms\tevery count\t%.1f ms\n", mark, every))
    for expression in ["unread = \"yes\"", "author = \"Alice Example\""] {
      let scope = ItemScope(.query(try FilterExpression(parsing: expression)))
      var count = 0
      let time = try median { count = try cache.count(in: scope) }
      Output.out(String(format: "query feed count %@ (%d)\t%.1f ms\n", expression, count, time))
    }
    Output.out(String(
      format: "peak RSS\t%.1f MB\tresident %.1f MB\n", BenchFindCommand.statusKB("VmHWM") / 1024, BenchFindCommand.statusKB("VmRSS") / 1024))
  }

  /// A phrase from the title of the middle article, searched as the list reads it once Enter is pressed:
  /// its first page (the count follows in the background).
  private func searchNeedle(_ cache: Cache) throws {
    let total = try cache.count(in: ItemScope(.all))
    guard let middle = try cache.items(in: ItemScope(.all), limit: 1, offset: total / 2).first else { return }
    let words = middle.title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(8)
    let scope = ItemScope(.all, search: try SearchQuery(parsing: "\"" + words.joined(separator: " ") + "\""))
    var found = 0
    let time = try median { found = try cache.items(in: scope, limit: Self.page).count }
    Output.out(String(format: "search needle (%d words, %d rows)\t%.1f ms\n", words.count, found, time))
  }

  /// Median milliseconds of `runs` runs of `body`.
  private func median(_ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
      let start = DispatchTime.now()
      try body()
      times.append(BenchFindCommand.seconds(since: start) * 1000)
    }
    return times.sorted()[times.count / 2]
  }
}
