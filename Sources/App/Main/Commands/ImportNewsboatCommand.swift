import ArgumentParser
import Foundation
import Reader
import ReaderUI

/// `splitfeed import-newsboat [DIR]`: a newsboat user's feeds, read state, flags and the config lines
/// that have an equivalent, in one step. newsboat's files are only read (its cache opened immutable);
/// a second run adds nothing (feeds by cache key, config lines by text, articles by guid).
struct ImportNewsboatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-newsboat",
    abstract: "Take newsboat's feeds, read state, flags and settings (newsboat's files are only read)."
  )

  @OptionGroup var options: LibraryOptions

  @Argument(help: "Folder holding newsboat's urls, config and cache.db (default: ~/.newsboat, else its XDG folders).")
  var folder: String?

  @Flag(help: "Do not fetch the feeds first (articles are then matched to those already cached only).")
  var offline = false

  func run() throws {
    // DIR is expanded as --config-dir is (`~`, relative paths).
    let newsboat = NewsboatFolder.resolve(folder.map { Paths.resolve(configDirectory: $0).configDirectory })
    if let pid = newsboat.lockHolder() {
      CommandOutput.warn("newsboat (pid \(pid)) is running on \(newsboat.cacheFile); quit it first. Nothing was imported.")
      throw ExitCode.failure
    }
    guard let urlsText = try? String(contentsOfFile: newsboat.urlsFile, encoding: .utf8) else {
      CommandOutput.warn("no newsboat urls file at \(newsboat.urlsFile); nothing was imported.")
      throw ExitCode.failure
    }
    var notes: [String] = []
    var cached = NewsboatCache.empty
    if FileManager.default.fileExists(atPath: newsboat.cacheFile) {
      do { cached = try NewsboatCache.read(path: newsboat.cacheFile) } catch {
        CommandOutput.warn("\(error); nothing was imported.")
        throw ExitCode.failure
      }
    } else {
      notes.append("no cache.db at \(newsboat.cacheFile): read state and flags not imported")
    }
    let library = options.load()
    let urls: NewsboatUrlsPlan
    let config: NewsboatConfigPlan
    do {
      (urls, config) = try newsboat.appendLines(urlsText: urlsText, to: library.paths, check: ConfigParser.problem(in:))
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    if let links = KeyMap.standard.keys(for: .showUrls).first {
      notes.append("newsboat's u (show-urls) is \(links) here: u stays undo")
    }
    let articles: NewsboatCache.Counts
    do {
      articles = try importArticles(cached, feeds: urls.feedURLs, library: library, newsboat: newsboat, notes: &notes)
    } catch {
      CommandOutput.warn("the articles were not imported: \(error)")
      throw ExitCode.failure
    }
    CommandOutput.out(
      Self.report(newsboat: newsboat, urlsFile: library.paths.urlsFile, urls: urls, config: config, articles: articles, notes: notes)
        + "\n")
  }

  /// Fetches the feeds (so newsboat's articles meet the ones the feeds carry now, keyed the way a reload
  /// keys them), then merges every article of newsboat's cache into its feed.
  private func importArticles(
    _ cached: NewsboatCache, feeds: [String], library: Library, newsboat: NewsboatFolder, notes: inout [String]
  ) throws -> NewsboatCache.Counts {
    let cache = try library.openCache()
    let rows = try cache.addFeeds(urls: feeds)
    if !offline && !rows.isEmpty {
      let reloader = Reloader(cache: cache, fetcher: library.fetcher)
      let showProgress = CommandOutput.stderrIsTTY
      let report = ReloadReport(
        Blocking.run {
          await reloader.reload(rows) { done, total in
            if showProgress { CommandOutput.progress("Fetching the feeds \(done)/\(total)…") }
          }
        })
      if showProgress { CommandOutput.progress(nil) }
      if report.failed > 0 {
        notes.append("\(report.failed) feed\(report.failed == 1 ? "" : "s") could not be fetched; their articles come from newsboat's cache as they are")
      }
    }
    return try cached.merge(into: cache, feeds: rows, newsboatFolder: newsboat.folder)
  }

  static func report(
    newsboat: NewsboatFolder, urlsFile: String, urls: NewsboatUrlsPlan, config: NewsboatConfigPlan,
    articles: NewsboatCache.Counts, notes: [String]
  ) -> String {
    let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
    var out = ["Imported from newsboat (\(newsboat.folder)):"]
    var feeds = "  feeds: \(plural(urls.addedFeeds, "feed")) added to \(urlsFile), \(urls.alreadyListed) already there"
    let kept = [
      urls.tagged > 0 ? "\(urls.tagged) with tags" : nil, urls.titled > 0 ? "\(urls.titled) with a \"~title\"" : nil,
      urls.hidden > 0 ? "\(urls.hidden) hidden \"!\"" : nil, urls.queries > 0 ? plural(urls.queries, "query line") : nil,
      urls.commands > 0 ? plural(urls.commands, "exec: or filter: line") : nil,
    ].compactMap { $0 }
    if !kept.isEmpty { feeds += "; copied as written: " + kept.joined(separator: ", ") }
    out.append(feeds)
    let total = articles.merge.matched + articles.merge.added
    out.append(
      "  articles: \(total) (\(articles.read) read, \(articles.starred) flagged, now starred with their flag letters): "
        + "\(articles.merge.matched) matched in splitfeed's cache, \(articles.merge.added) added from newsboat's")
    out.append("  settings: " + (config.taken.isEmpty ? "none taken" : "took " + config.taken.joined(separator: ", ")))
    var left = config.notTaken.map { "  not taken: " + $0 }
    // `"~title"`, `"!"`, `exec:` and `filter:` are acted on (docs/MANUAL.md); a command only a shell reads
    // is copied for newsboat's sake but cannot run here, so it is named.
    left += urls.shellCommands.map { "  not taken: " + $0 + " (splitfeed runs programs without one: put it in a script)" }
    if articles.otherFeeds > 0 { left.append("  not taken: \(plural(articles.otherFeeds, "article")) of feeds no longer in newsboat's urls file") }
    if articles.deleted > 0 { left.append("  not taken: \(plural(articles.deleted, "article")) deleted in newsboat") }
    if articles.skipped > 0 {
      left.append("  not taken: \(plural(articles.skipped, "article")) whose feed address or guid could not be read in cache.db")
    }
    if articles.defaulted > 0 {
      left.append("  note: \(plural(articles.defaulted, "article")) of cache.db had a date, read mark or text of a type newsboat does not write; taken as no date, unread or no text")
    }
    left += urls.problems.map { "  not taken: " + $0 }
    left += (config.notes + notes).map { "  note: " + $0 }
    return (out + left).joined(separator: "\n")
  }
}
