import ArgumentParser
import Foundation
import Reader

/// `splitfeed export`: the feeds as OPML 2.0 on stdout (DESIGN §6), titles and site links from the cache,
/// tags as folders. Reads the cache read-only and never creates one.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Print the feeds as OPML 2.0 (with --read-state, write the read articles' guids instead)."
  )

  @OptionGroup var options: LibraryOptions

  @Option(name: .customLong("read-state"), help: "Instead, write the read articles' guids to this file, as `newsboat -E` does.")
  var readStateFile: String?

  func run() throws {
    let library = options.load()
    library.reportProblems()
    if let readStateFile { return try ReadStateExport.write(to: readStateFile, library: library) }
    var cached: [CachedFeed] = []
    if FileManager.default.fileExists(atPath: library.paths.cacheFile) {
      do {
        cached = try library.openCache(readOnly: true).feeds()
      } catch {
        CommandOutput.warn("warning: titles unavailable: \(error)")
      }
    }
    CommandOutput.document(Self.render(subscriptions: library.subscriptions, cached: cached))
  }

  /// The urls file's feeds with their `"~Title"`, else the cached title (`~…` and `!` are never folders:
  /// `UrlsFile` does not read them as tags; OPML has no hidden flag, so a hidden feed is an outline as any
  /// other); with no urls file, every cached feed.
  static func render(subscriptions: [UrlsFile.Entry], cached: [CachedFeed]) -> String {
    let byURL = Dictionary(cached.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
    let list: [OPML.Subscription]
    if subscriptions.isEmpty {
      list = cached.map { OPML.Subscription(url: $0.url, title: $0.title, siteLink: $0.siteLink) }
    } else {
      list = subscriptions.map {
        OPML.Subscription(url: $0.url, title: $0.title ?? byURL[$0.url]?.title, siteLink: byURL[$0.url]?.siteLink, tags: $0.tags)
      }
    }
    return OPML.render(list)
  }
}
