
/// The `notify-program` setting: run after a reload that brought new articles, with the count and the
/// titles of the feeds that gained them as its arguments after `--` (`prog -- 5 "Feed A" "Feed B"`),
/// never through a shell (`ChildProgram`).
public struct NotifyProgram: Sendable, Equatable {
  /// The setting's words: the program, then arguments given before the count.
  public var command: [String]

  /// nil when the setting is empty (notifications are off by default).
  public init?(setting: String?) {
    let words = setting?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
    guard !words.isEmpty else { return nil }
    command = words
  }

  /// The argument vector for `count` new articles in `feedTitles`: the setting's words, `--`, the count
  /// and the titles. Titles are the feeds' words: after `--` a title such as `--icon=/x` or `-w` cannot
  /// be read as an option (GNU getopt reads options after operands too), and each is folded onto one
  /// line without control characters (`UrlsFile.oneLine`). Pure, for tests.
  public func arguments(count: Int, feedTitles: [String]) -> [String] {
    command + ["--", String(count)] + feedTitles.map(UrlsFile.oneLine)
  }

  /// Runs the program and waits for it (call it off the main thread); returns the failure as one sentence.
  public func run(count: Int, feedTitles: [String], silenced: Bool) -> String? {
    ChildProgram.run(arguments(count: count, feedTitles: feedTitles), silenced: silenced)
      .map { "notify-program: \($0.description)" }
  }

  /// Runs the program after a reload that brought new articles, the feeds named as `cache` titles them;
  /// returns the failure as one sentence (nil also when there was nothing new).
  public func run(after report: ReloadReport, cache: Cache, silenced: Bool) -> String? {
    guard report.newItems > 0 else { return nil }
    let titles: [String]
    do {
      let byID = Dictionary(try cache.feeds().map { ($0.id, $0.displayTitle) }, uniquingKeysWith: { a, _ in a })
      titles = report.feedsWithNewItems.compactMap { byID[$0] }
    } catch {
      return "\(error)"
    }
    return run(count: report.newItems, feedTitles: titles, silenced: silenced)
  }
}
