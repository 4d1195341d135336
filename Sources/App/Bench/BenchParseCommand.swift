import ArgumentParser
import Foundation
import Reader

/// `splitfeed-bench parse FILE`: reads and parses one file and reports the item count and the
/// parse time, for `scripts/bench-parse`, which compares it with `xmllint --stream` on the same file.
struct BenchParseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "parse",
    abstract: "Parse a feed file and report the time taken (used by scripts/bench-parse)."
  )

  @Argument(help: "The feed file.")
  var file: String

  @Flag(help: "Also print a checksum over every parsed field (to check that optimizations change nothing).")
  var digest = false

  func run() throws {
    let start = DispatchTime.now()
    let result = try FeedParser.parse(contentsOf: URL(fileURLWithPath: file))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    var line = "items=\(result.feed.items.count) seconds=\(String(format: "%.3f", seconds))"
    if digest { line += " digest=\(String(Self.digest(result), radix: 16))" }
    Output.out(line + "\n")
  }

  /// FNV-1a over every field of the feed and its items, in a fixed order (Hasher is seeded per process).
  static func digest(_ result: FeedParser.Result) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ s: String?) {
      for b in (s ?? "\u{0}nil").utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
      h = (h ^ 0xFF) &* 0x100_0000_01b3
    }
    func add(_ d: Date?) { add(d.map { String($0.timeIntervalSince1970) }) }
    let feed = result.feed
    add(feed.title); add(feed.link); add(feed.description); add(feed.updated)
    for w in result.warnings { add(w) }
    for item in feed.items {
      add(item.title); add(item.link); add(item.id); add(item.author)
      add(item.published); add(item.publishedText); add(item.updated); add(item.updatedText)
      add(item.summary); add(item.content)
      for e in item.enclosures { add(e.url); add(e.type); add(e.length.map { String($0) }) }
      for c in item.categories { add(c) }
    }
    return h
  }
}
