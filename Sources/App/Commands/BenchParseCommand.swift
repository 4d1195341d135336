import ArgumentParser
import Foundation
import Reader

/// `splitfeed bench-parse FILE` (hidden): reads and parses one file and reports the item count and the
/// parse time, for `scripts/bench-parse`, which compares it with `xmllint --stream` on the same file.
struct BenchParseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bench-parse",
    abstract: "Parse a feed file and report the time taken (used by scripts/bench-parse).",
    shouldDisplay: false
  )

  @Argument(help: "The feed file.")
  var file: String

  func run() throws {
    let start = DispatchTime.now()
    let result = try FeedParser.parse(contentsOf: URL(fileURLWithPath: file))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    print("items=\(result.feed.items.count) seconds=\(String(format: "%.3f", seconds))")
  }
}
