import Foundation
import Reader
import ScreenKit
import ReaderUI

/// `splitfeed-bench ui --indexing`: keypress + redraw while the search indexer works through a backlog of
/// every article in the list on another thread, as the reader does after a big reload (docs/ARCHITECTURE.md,
/// "A reload"): the keys must stay within a frame (16 ms) while it runs.
extension BenchUICommand {
  typealias KeyTimes = (key: String, median: Double, p99: Double, max: Double, presses: Int)

  struct IndexingResult {
    /// While the indexer runs, then as many presses again with it done (the same keys, idle).
    var indexing: [KeyTimes]
    var idle: [KeyTimes]
    var seconds: Double
    var indexed: Int
  }

  /// `rows` articles in feeds of 1,000 (the scale benchmark's cache); in the first feed's list, presses
  /// j, PgDn, G, g and N (a mark, which the writer stores while the indexer holds its batches) in turn,
  /// 2 ms apart, from the indexer's start to its end, then as many times again.
  @MainActor
  static func measureWhileIndexing(rows: Int, size: Size) -> IndexingResult {
    // About the size of genfeed.py's articles (2–3 KB of text), with words that vary between articles.
    let words = (0..<2_000).map { "w\(String($0, radix: 36))" }
    let sources = stride(from: 0, to: rows, by: 1_000).map { first in
      let items = (first..<min(rows, first + 1_000)).map { row in
        let body = (0..<300).map { words[($0 * 7 + row * 13) % words.count] }.joined(separator: " ")
        return Item(title: "Article number \(row) about \(words[row % words.count])", id: "\(row)",
                    content: "<p>\(body)</p>")
      }
      return (url: "file:///bench/\(first)", feed: Feed(title: "Bench \(first / 1_000 + 1)", items: items))
    }
    guard case (let cache, let feeds)? = try? ScratchCache.make(sources, indexed: false)
    else { fatalError("splitfeed-bench ui: no scratch cache") }
    return measureWhileIndexing(cache: cache, feeds: feeds, size: size)
  }

  /// The presses of `measureWhileIndexing(rows:size:)` on any cache whose articles wait for the indexer
  /// (`splitfeed-bench scale` gives it the reload's cache); `wrote` sees each of the indexer's
  /// transactions.
  @MainActor
  static func measureWhileIndexing(
    cache: Cache, feeds: [CachedFeed], size: Size, wrote: (@Sendable (SearchIndexer.Write) -> Void)? = nil
  ) -> IndexingResult {
    measureWhile(cache: cache, feeds: feeds, size: size) {
      (try? await SearchIndexer(cache: cache).run(wrote: wrote))?.indexed ?? 0
    }
  }

  /// The presses of `measureWhileIndexing` while `work` runs on another thread (the indexer, or a sync:
  /// `splitfeed-bench sync --keys`), then as many again idle; `work` returns how much it did (`indexed`).
  /// `priority` is the one the reader gives that work (the indexer `.utility`, a sync the default). With
  /// `events`, what background work posted meanwhile (the marks' writes coming back) is handled before
  /// each press and timed with it, as the reader's loop would, so every `N` reaches the cache while the
  /// work runs instead of waiting behind the first.
  @MainActor
  static func measureWhile(
    cache: Cache, feeds: [CachedFeed], size: Size, priority: TaskPriority = .utility, events: Bool = false,
    work: @escaping @Sendable () async -> Int
  ) -> IndexingResult {
    let backend = MemoryBackend(size: size)
    let screen = Screen(session: ReadingSession(cache: cache, feeds: feeds, configuration: UIConfiguration()),
                        backend: backend)
    screen.handle(.resize(size))
    screen.handle(.key(.enter))  // the first feed's list
    screen.renderNow()
    let done = Done()
    let start = DispatchTime.now().uptimeNanoseconds
    Task.detached(priority: priority) {
      done.finish(indexed: await work())
    }
    let keys: [(String, Key)] = [
      ("j", .character("j")), ("PgDn", .pageDown), ("G", .character("G")), ("g", .character("g")),
      ("N", .character("N")),
    ]
    func press(while going: () -> Bool) -> [KeyTimes] {
      var samples = Array(repeating: [Double](), count: keys.count)
      var press = 0
      while going() {
        let index = press % keys.count
        let before = DispatchTime.now().uptimeNanoseconds
        if events { screen.handlePosted() }
        screen.handle(.key(keys[index].1))
        screen.renderNow()
        samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9)
        press += 1
        usleep(2_000)
      }
      return zip(keys, samples).map { key, times in summary(key.0, times) }
    }
    let indexing = press { done.indexed == nil }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    var left = indexing.reduce(0) { $0 + $1.presses }
    let idle = press { left -= 1; return left >= 0 }
    return IndexingResult(indexing: indexing, idle: idle, seconds: seconds, indexed: done.indexed ?? 0)
  }

  /// The indexer's end, seen from the main thread's loop.
  private final class Done: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int?
    var indexed: Int? { lock.withLock { count } }
    func finish(indexed: Int) { lock.withLock { count = indexed } }
  }
}
