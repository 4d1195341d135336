import ArgumentParser
import Foundation
import Reader
import ScreenKit
import ReaderUI

/// `splitfeed-bench ui`: time per keypress + full redraw on generated lists in the headless
/// backend, to show that drawing cost follows the visible rows, not the list's length (run it
/// through `scripts/bench-ui`, which builds in release mode).
struct BenchUICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui", abstract: "Benchmark keypress + redraw in the headless backend.")

  @Option(help: "List lengths to compare.")
  var rows: [Int] = [1_000, 50_000]

  @Option(help: "Keypresses timed per list and key.")
  var presses = 2_000

  @Option(help: "Screen size, WIDTHxHEIGHT; repeated, each size in turn in the same run (--size 200x50 --size 140x40: three columns against two).")
  var size: [String] = ["120x40"]

  @Flag(help: "Date every article (one an hour back from now, so the date column shows all four forms), star every 7th, mark every 3rd read and hide read articles (the unread filter on).")
  var marks = false

  @Flag(help: "Instead: the time from the last key typed in the search field to the frame with the results.")
  var search = false

  @Flag(help: "Instead: keypress + redraw while the search indexer works through every article (--rows 100000 is the reload's backlog).")
  var indexing = false

  @Flag(help: "Instead: the reader as it is read, two feeds: the first screen, choosing the bench feed and opening its first article (three columns from 160 columns, two below), then j, PgDn, G/g in its list and J in the article.")
  var reading = false

  func run() throws {
    let sizes = try size.map { text in
      let parts = text.split(separator: "x").compactMap { Int($0) }
      guard parts.count == 2 else { throw ValidationError("--size wants WIDTHxHEIGHT") }
      return Size(width: parts[0], height: parts[1])
    }
    for screenSize in sizes { run(screenSize) }
  }

  /// The chosen measurement at one screen size.
  private func run(_ screenSize: Size) {
    if reading {
      return MainActor.assumeIsolated {
        Output.out("the reader as it is read, headless \(screenSize), \(presses) presses each (µs: median / p99 / max, count)\n")
        for count in rows {
          let cells = Self.measureReading(rows: count, size: screenSize, presses: presses).map {
            "\($0.key) \(format($0.median)) / \(format($0.p99)) / \(format($0.max)) (\($0.presses))"
          }
          Output.out(String(format: "%7d rows: ", count) + cells.joined(separator: "   ") + "\n")
        }
      }
    }
    if search {
      return MainActor.assumeIsolated {
        Output.out("last key typed → results drawn, headless \(screenSize), pause included (ms: median / max)\n")
        for count in rows {
          let result = BenchSearch.measure(rows: count, size: screenSize, runs: max(1, min(presses, 20)))
          let cells = result.map { String(format: "%@ %.1f / %.1f", $0.text, $0.median * 1e3, $0.max * 1e3) }
          Output.out(String(format: "%7d rows: ", count) + cells.joined(separator: "   ") + "\n")
        }
      }
    }
    if indexing {
      return MainActor.assumeIsolated {
        Output.out("keypress + redraw while indexing the list for search, headless \(screenSize) (ms: median / p99 / max, presses)\n")
        for count in rows {
          let result = Self.measureWhileIndexing(rows: count, size: screenSize)
          Output.out(String(format: "%7d rows, %d indexed in %.2f s\n", count, result.indexed, result.seconds))
          for (name, times) in [("indexing", result.indexing), ("idle", result.idle)] {
            let cells = times.map {
              String(format: "%@ %.2f / %.2f / %.2f (%d)", $0.key, $0.median * 1e3, $0.p99 * 1e3, $0.max * 1e3, $0.presses)
            }
            Output.out("  \(name): " + cells.joined(separator: "   ") + "\n")
          }
        }
      }
    }
    MainActor.assumeIsolated {
      Output.out("keypress + redraw, headless \(screenSize), \(presses) presses each (µs per press: median / p99)\n")
      for count in rows {
        let result = Self.measure(rows: count, size: screenSize, presses: presses, marks: marks)
        let cells = result.map { "\($0.key) \(format($0.median)) / \(format($0.p99))" }
        Output.out(String(format: "%7d rows: ", count) + cells.joined(separator: "   ") + "\n")
      }
    }
  }

  private func format(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6) }

  /// Median and 99th percentile per keypress for j (next row), PgDn and G/g (ends of the list).
  @MainActor
  static func measure(rows: Int, size: Size, presses: Int, marks: Bool = false) -> [(key: String, median: Double, p99: Double)] {
    let now = Date()
    let items = (0..<rows).map {
      Item(
        title: "Article number \($0) with a title long enough to wrap on a narrow pane", id: "\($0)",
        published: marks ? now.addingTimeInterval(-3600 * Double($0)) : nil)
    }
    guard case (let cache, var feeds)? = try? ScratchCache.make([("file:///bench/\(rows)", Feed(title: "Bench", items: items))])
    else { fatalError("splitfeed-bench ui: no scratch cache") }
    var configuration = UIConfiguration()
    if marks {
      do {
        let ids = try cache.items(feedID: feeds[0].id).map(\.id)
        try cache.setStarred(true, itemIDs: ids.enumerated().filter { $0.offset % 7 == 0 }.map(\.element))
        try cache.setRead(true, itemIDs: ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        feeds = try cache.feeds()
      } catch {
        fatalError("splitfeed-bench ui: \(error)")
      }
      configuration.showReadArticles = false
    }
    let backend = MemoryBackend(size: size)
    let screen = Screen(session: ReadingSession(cache: cache, feeds: feeds, configuration: configuration), backend: backend)
    screen.handle(.resize(size))
    screen.renderNow()
    let cases: [(String, [Key])] = [
      ("j", [.character("j")]), ("PgDn", [.pageDown]), ("G/g", [.character("G"), .character("g")]),
    ]
    return cases.map { name, keys in
      var samples: [Double] = []
      samples.reserveCapacity(presses)
      for i in 0..<presses {
        let key = keys[i % keys.count]
        let start = DispatchTime.now().uptimeNanoseconds
        screen.handle(.key(key))
        screen.renderNow()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      samples.sort()
      return (name, samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
    }
  }
}
