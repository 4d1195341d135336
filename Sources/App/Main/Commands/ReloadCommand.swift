import ArgumentParser
import Foundation
import Reader

/// `splitfeed reload`: refreshes every feed without the UI (DESIGN §6), through the same `Reloader` the
/// UI's `r`/`R` use. One stderr line per failed feed and per feed whose document needed repairs, a summary
/// line, exit status 1 if any failed. With sync on (and no SOURCE) it is a sync with the server, plus the
/// local feeds with `sync-keep-local`, as the reader's reload (`SyncRun`). Feeds a server asked to leave
/// alone are not asked (DESIGN §8): a line each for a wait or a 410, a count for fresh ones; `--force`
/// asks everything, and a feed named as SOURCE is asked unless its server asked to wait.
struct ReloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reload",
    abstract: "Fetch all feeds (or the given ones) into the cache; exit status 1 if any failed or there was none."
  )

  @OptionGroup var options: LibraryOptions

  @Argument(help: "Feeds to reload instead of the urls file's (they are added to the cache).")
  var sources: [String] = []

  @Flag(help: "Ask every feed, also those whose server asked to wait, declared them fresh or said they are gone.")
  var force = false

  /// Which feeds this run asks (DESIGN §8).
  var mode: ReloadMode { force ? .force : sources.isEmpty ? .due : .named }

  func validate() throws { try CommandArguments.validateSources(sources) }

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let cache: Cache
    let feeds: [CachedFeed]
    do {
      cache = try library.openCache()
      let listed = try library.feeds(sources: sources, in: cache)
      var notices: [String] = []
      feeds = sources.isEmpty && !library.subscriptions.isEmpty
        ? library.applyingUrlsSettings(to: listed, in: cache, notices: &notices) : listed
      for notice in notices { CommandOutput.warn(notice) }
      // The articles this run stores are flagged by the config's `ignore-article` lines as the reader
      // flags them: the same rules over the same tagged feeds (a `tag:` line by the urls file's tags;
      // with feeds named, over every cached feed, so naming one does not change the rules).
      try cache.setIgnoreRules(IgnoreArticleLine.rules(library.settings.ignoreArticles, for: sources.isEmpty ? feeds : try cache.feeds()))
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    if sources.isEmpty && library.settings.sync.isOn {
      return try sync(library, cache: cache, local: feeds.filter { $0.remoteID == nil })
    }
    guard !feeds.isEmpty else {
      CommandOutput.warn("no feed to reload: \(library.paths.urlsFile) lists none that can be read, and the cache has none.")
      throw ExitCode.failure
    }
    let showProgress = CommandOutput.stderrIsTTY
    let reloader = library.reloader(cache: cache).asking(mode)
    let run = Blocking.run {
      await reloader.run(feeds) { done, total in
        if showProgress { CommandOutput.progress("Reloading \(done)/\(total)…") }
      }
    }
    if showProgress { CommandOutput.progress(nil) }
    let report = ReloadReport(run)
    for line in report.errorLines { CommandOutput.errorLine(line) }
    for line in report.noticeLines { CommandOutput.out(line + "\n") }
    CommandOutput.out(report.summary + "\n")
    if let line = report.removedLine { CommandOutput.out(line + "\n") }
    if let problem = report.pruneError { CommandOutput.warn(problem) }
    Self.reportSlowPatterns()
    if let failure = library.settings.notifyProgram?.run(after: report, cache: cache, silenced: false) {
      CommandOutput.warn(failure)
    }
    if report.failed > 0 { throw ExitCode.failure }
  }

  /// One line per `=~` pattern whose matches ran over their budget in this run (`FilterRegex.matches`).
  static func reportSlowPatterns() {
    for slow in FilterRegex.takeOverBudget() {
      let articles = "\(slow.count) article\(slow.count == 1 ? "" : "s")"
      CommandOutput.warn(
        "the regular expression \"\(slow.pattern)\" took too long on \(articles) (over 10 ms each); taken as not matching them")
    }
  }

  /// The reload of a synced run: the sync's line on stdout (its failure on stderr), then the local
  /// feeds' lines as a plain reload prints them; exit status 1 when the sync or a local feed failed.
  private func sync(_ library: Library, cache: Cache, local: [CachedFeed]) throws {
    let synchronizer: Synchronizer
    do {
      guard let made = try library.synchronizer(cache: cache) else { return }
      synchronizer = made
    } catch {
      CommandOutput.errorLine(error.description)
      throw ExitCode.failure
    }
    let showProgress = CommandOutput.stderrIsTTY
    let reloader = library.reloader(cache: cache).asking(mode)
    let run = Blocking.run {
      await SyncRun.perform(synchronizer, local: local, reloader: reloader, cache: cache) { line in
        if showProgress { CommandOutput.progress(line) }
      }
    }
    if showProgress { CommandOutput.progress(nil) }
    switch run.result {
    case .success(let report):
      CommandOutput.out(report.summary + "\n")
      for warning in report.warnings { CommandOutput.errorLine(warning) }
    case .failure:
      CommandOutput.errorLine(run.syncLine)
    }
    var localFailed = false
    if let localRun = run.local {
      let report = ReloadReport(localRun)
      for line in report.errorLines { CommandOutput.errorLine(line) }
      for line in report.noticeLines { CommandOutput.out(line + "\n") }
      CommandOutput.out("Local feeds: " + report.summary + "\n")
      if let line = report.removedLine { CommandOutput.out(line + "\n") }
      if let problem = report.pruneError { CommandOutput.warn(problem) }
      localFailed = report.failed > 0
    }
    let titles = Dictionary(local.map { ($0.id, $0.displayTitle) }, uniquingKeysWith: { a, _ in a })
    let (count, feedTitles) = run.newArticles { titles[$0] }
    if let program = library.settings.notifyProgram, count > 0,
      let failure = program.run(count: count, feedTitles: feedTitles, silenced: false)
    {
      CommandOutput.warn(failure)
    }
    if run.failed || localFailed { throw ExitCode.failure }
  }
}
