import ArgumentParser
import Foundation
import Reader

/// `splitfeed reload`: refreshes every feed without the UI (SPEC §6), through the same `Reloader` the
/// UI's `r`/`R` use. One stderr line per failed feed and per feed whose document needed repairs, a summary
/// line, exit status 1 if any failed.
struct ReloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reload",
    abstract: "Fetch all feeds (or the given ones) into the cache; exit status 1 if any failed."
  )

  @OptionGroup var options: LibraryOptions

  @Argument(help: "Feeds to reload instead of the urls file's (they are added to the cache).")
  var sources: [String] = []

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let cache: Cache
    let feeds: [CachedFeed]
    do {
      cache = try library.openCache()
      feeds = try library.feeds(sources: sources, in: cache)
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    let showProgress = CommandOutput.stderrIsTTY
    let reloader = Reloader(cache: cache, fetcher: library.fetcher)
    let results = Blocking.run {
      await reloader.reload(feeds) { done, total in
        if showProgress { CommandOutput.progress("Reloading \(done)/\(total)…") }
      }
    }
    if showProgress { CommandOutput.progress(nil) }
    let report = ReloadReport(results)
    for line in report.errorLines { CommandOutput.errorLine(line) }
    print(report.summary)
    if report.failed > 0 { throw ExitCode.failure }
  }
}

/// What `reload` prints, as a pure function of the results (for tests).
struct ReloadReport: Equatable {
  var updated = 0
  var unchanged = 0
  var failed = 0
  var newItems = 0
  /// `<url>: <error sentence>` per failed feed and `<url>: warning: <sentences>` per feed stored with
  /// parse warnings, in feed order.
  var errorLines: [String] = []

  init(_ results: [FeedReloadResult]) {
    for result in results {
      switch result.outcome {
      case .updated(let summary, let warnings):
        updated += 1
        newItems += summary.newItems
        if !warnings.isEmpty { errorLines.append("\(result.url): warning: \(warnings.joined(separator: " "))") }
      case .notModified:
        unchanged += 1
      case .failed(let message):
        failed += 1
        errorLines.append("\(result.url): \(message)")
      }
    }
  }

  var summary: String {
    let total = updated + unchanged + failed
    return "Reloaded \(total) feed\(total == 1 ? "" : "s"): \(updated) updated (\(newItems) new article\(newItems == 1 ? "" : "s")), "
      + "\(unchanged) unchanged, \(failed) failed."
  }
}
