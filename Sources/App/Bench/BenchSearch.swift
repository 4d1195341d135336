import Dispatch
import Foundation
import Reader
import ReaderUI
import ScreenKit

/// `splitfeed-bench ui --search`: a search typed into the reader's field as a user types it, timed from the last
/// key to the frame that shows the results — the typing pause, the cache's query and the drawing — on a
/// list of generated articles in the headless backend.
@MainActor
enum BenchSearch {
  /// Words the generated titles draw from, one in fifty articles each.
  static let topics = (0..<50).map { "topic\($0)" }

  /// Median and slowest time per search text.
  static func measure(rows: Int, size: Size, runs: Int) -> [(text: String, median: Double, max: Double)] {
    let items = (0..<rows).map { n in
      Item(title: "Article \(n) about \(topics[n % topics.count]) and the terminal reader", id: "\(n)")
    }
    guard case (let cache, let feeds)? = try? ScratchCache.make([("file:///bench/search", Feed(title: "Bench", items: items))])
    else { fatalError("splitfeed-bench ui: no scratch cache") }
    let backend = MemoryBackend(size: size)
    let screen = Screen(session: ReadingSession(cache: cache, feeds: feeds), backend: backend)
    screen.handle(.resize(size))
    screen.renderNow()
    return ["topic7", "terminal reader", "\"about topic42\"", "qwertyuiop"].map { text in
      var samples: [Double] = []
      for _ in 0..<runs {
        screen.handle(.key(.character("/")))
        for character in text.dropLast() { screen.handle(.key(.character(character))) }
        let start = DispatchTime.now().uptimeNanoseconds
        screen.handle(.key(.character(text.last!)))
        screen.renderNow()
        // Done when the results' title is drawn (a count posted by the previous run may arrive first).
        while !backend.lines.dropLast().contains(where: { $0.contains("Search: " + text) }) {
          if screen.handlePosted() { screen.renderNow() } else { usleep(200) }
        }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        screen.handle(.key(.escape))
      }
      samples.sort()
      return (text, samples[samples.count / 2], samples[samples.count - 1])
    }
  }
}
