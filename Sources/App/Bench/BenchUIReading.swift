import Foundation
import Reader
import ScreenKit
import ReaderUI

/// `splitfeed-bench ui --reading`: the reader as it is read, so that three columns (DESIGN §3a, from 160
/// columns) and two can be compared in one run (`--size 200x50 --size 140x40`): two feeds, so the Feeds
/// tab opens on the feed list; the first screen; the bench feed chosen (its list fills the middle column
/// at three columns and is pushed at two) and its first article opened; then keys in that list beside the
/// open article, and `J` (the next article) from the article.
extension BenchUICommand {
  /// Readers built afresh on the same cache for the first screen and the two Enters.
  static let readingBuilds = 20

  /// The times, in seconds: `first screen` (the session and tree built, laid out and drawn), `Enter list`
  /// and `Enter article` (each a keypress and its frame) over `readingBuilds` readers; then `j`, `PgDn`
  /// and `G`/`g` in the list and `J` in the article, `presses` each (`J` at most one less than the rows:
  /// it reads on from the first article).
  @MainActor
  static func measureReading(rows: Int, size: Size, presses: Int) -> [KeyTimes] {
    // Articles of a few paragraphs, so the wide article column has text to wrap.
    let paragraph = "<p>" + Array(repeating: "A sentence of an article in the bench feed, long enough to wrap.", count: 6)
      .joined(separator: " ") + "</p>"
    let items = (0..<rows).map {
      Item(
        title: "Article number \($0) with a title long enough to wrap on a narrow pane", id: "\($0)",
        published: Date().addingTimeInterval(-3600 * Double($0)), content: String(repeating: paragraph, count: 5))
    }
    let other = Feed(title: "Other", items: [Item(title: "The other feed's article", id: "other")])
    guard
      case (let cache, let feeds)? = try? ScratchCache.make([
        ("file:///bench/\(rows)", Feed(title: "Bench", items: items)), ("file:///bench/other", other),
      ])
    else { fatalError("splitfeed-bench ui: no scratch cache") }

    func timed(_ work: () -> Void) -> Double {
      let start = DispatchTime.now().uptimeNanoseconds
      work()
      return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    var opening: [(String, [Double])] = [("first screen", []), ("Enter list", []), ("Enter article", [])]
    var reader: (screen: Screen, backend: MemoryBackend)?
    for _ in 0..<readingBuilds {
      let backend = MemoryBackend(size: size)
      var built: Screen?
      opening[0].1.append(timed {
        let screen = Screen(session: ReadingSession(cache: cache, feeds: feeds, configuration: UIConfiguration()), backend: backend)
        screen.handle(.resize(size))
        screen.renderNow()
        built = screen
      })
      guard let screen = built else { fatalError("splitfeed-bench ui: no screen") }
      // The feed list's rows are one line each from its top row (Unread; `g` selects it, the cache
      // remembering the last list chosen): down to Bench.
      let top = backend.lines.firstIndex { $0.contains("Unread") }
      guard let top, let bench = backend.lines.firstIndex(where: { $0.hasPrefix(" Bench") }) else {
        fatalError("splitfeed-bench ui: no feed list:\n" + backend.lines.joined(separator: "\n"))
      }
      screen.handle(.key(.character("g")))
      for _ in top..<bench { screen.handle(.key(.character("j"))) }
      screen.renderNow()
      for index in 1...2 {
        opening[index].1.append(timed {
          screen.handle(.key(.enter))
          screen.renderNow()
        })
      }
      reader = (screen, backend)
    }
    guard let (screen, backend) = reader, backend.lines.joined().contains("A sentence of an article") else {
      fatalError("splitfeed-bench ui: the article did not open:\n" + (reader?.backend.lines.joined(separator: "\n") ?? ""))
    }

    func press(_ name: String, _ keys: [Key], count: Int) -> KeyTimes {
      summary(name, (0..<count).map { i in
        timed {
          screen.handle(.key(keys[i % keys.count]))
          screen.renderNow()
        }
      })
    }
    screen.handle(.key(.escape))  // Back from the article: the focus on the list it came from
    let list = [
      press("j", [.character("j")], count: presses), press("PgDn", [.pageDown], count: presses),
      press("G/g", [.character("G"), .character("g")], count: presses),
    ]
    screen.handle(.key(.enter))  // the selected (first) article opened again, with the focus
    let next = press("J", [.character("J")], count: min(presses, rows - 1))
    return opening.map { summary($0.0, $0.1) } + list + [next]
  }

  /// Median, 99th percentile and maximum of `samples`, with their count.
  static func summary(_ name: String, _ samples: [Double]) -> KeyTimes {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return (name, 0, 0, 0, 0) }
    return (name, sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)],
            sorted[sorted.count - 1], sorted.count)
  }
}
