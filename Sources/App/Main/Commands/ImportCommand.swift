import ArgumentParser
import Foundation
import Reader

/// `splitfeed import FILE.opml`: appends the file's feeds to the urls file (folders become tags), skips
/// the ones already there, and reports the counts (DESIGN §6). The cache learns the OPML titles, so the feed
/// list and `export` show them before the first reload.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add the feeds of an OPML file to the urls file."
  )

  @OptionGroup var options: LibraryOptions

  @Argument(help: "The OPML file.")
  var file: String

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let document: OPML.Document
    do {
      document = try OPML.parse(Data(contentsOf: URL(fileURLWithPath: file)))
    } catch let error as OPMLError {
      CommandOutput.warn("\(file): \(error)")
      throw ExitCode.failure
    } catch {
      CommandOutput.warn("Could not read \(file): \(error.localizedDescription)")
      throw ExitCode.failure
    }
    let plan = ImportPlan(document.subscriptions, existing: library.subscriptions, configDirectory: library.paths.configDirectory)
    for line in plan.invalid { CommandOutput.warn("\(file): skipped \(line)") }
    if !plan.added.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: library.paths.configDirectory, withIntermediateDirectories: true)
        let store = UrlsFileStore(paths: library.paths)
        try store.edit { bytes in UrlsFile.appending(plan.added.map { ($0.url, $0.tags) }, to: bytes) }
      } catch let error as UrlsFileStore.Failure {
        CommandOutput.warn("\(error) Nothing was imported.")
        throw ExitCode.failure
      } catch {
        CommandOutput.warn("Could not write \(library.paths.urlsFile): \(error.localizedDescription); nothing was imported.")
        throw ExitCode.failure
      }
      rememberTitles(plan.added, library: library)
    }
    var summary = "Imported \(plan.added.count) feed\(plan.added.count == 1 ? "" : "s") into \(library.paths.urlsFile)"
    summary += "; skipped \(plan.duplicates) already listed"
    if !plan.invalid.isEmpty || document.outlinesWithoutURL > 0 {
      summary += ", \(plan.invalid.count + document.outlinesWithoutURL) without a usable address"
    }
    CommandOutput.out(summary + ".\n")
  }

  /// Titles for the feed list before the first fetch; a cache problem only costs a warning.
  private func rememberTitles(_ added: [OPML.Subscription], library: Library) {
    do {
      let cache = try library.openCache()
      let rows = try cache.addFeeds(urls: added.map(\.url))
      for (row, subscription) in zip(rows, added) {
        try cache.setTitleIfMissing(subscription.title, siteLink: subscription.siteLink, feedID: row.id)
      }
    } catch {
      CommandOutput.warn("warning: the titles were not cached: \(error)")
    }
  }
}

/// Which OPML subscriptions an import adds: pure, for tests. Addresses are compared as cache keys
/// (`FeedSource.url`), so `feed://x` and `https://x` are one feed.
struct ImportPlan {
  /// New feeds, with `url` normalized to the cache key.
  var added: [OPML.Subscription] = []
  var duplicates = 0
  /// One phrase per unusable address.
  var invalid: [String] = []

  init(_ subscriptions: [OPML.Subscription], existing: [UrlsFile.Entry], configDirectory: String) {
    var seen = Set(existing.map(\.url))
    for var subscription in subscriptions {
      let source: FeedSource
      do {
        source = try FeedSource(parsing: subscription.url, currentDirectory: configDirectory)
      } catch {
        invalid.append("\"\(subscription.url)\": \(error)")
        continue
      }
      subscription.url = source.url.absoluteString
      guard seen.insert(subscription.url).inserted else {
        duplicates += 1
        continue
      }
      added.append(subscription)
    }
  }
}
