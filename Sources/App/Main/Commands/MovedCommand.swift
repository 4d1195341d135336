import ArgumentParser
import Foundation
import Reader

/// `splitfeed moved [--update-urls]`: the feeds a permanent redirect moved (DESIGN §8), one line each;
/// with `--update-urls` their urls-file lines take the new address (tags and comment kept) and the
/// cache's rows follow, so articles and read state stay. The file is only rewritten on this request.
struct MovedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "moved",
    abstract: "List the feeds that moved permanently (301/308); --update-urls writes their new addresses."
  )

  @OptionGroup var options: LibraryOptions

  @Flag(name: .customLong("update-urls"), help: "Write each new address into the urls file, in place of the old one.")
  var updateURLs = false

  func run() throws {
    let library = options.load()
    library.reportProblems()
    let moved: [CachedFeed]
    let cache: Cache
    do {
      cache = try library.openCache()
      moved = try cache.feeds().filter { $0.poll.movedTo != nil && $0.remoteID == nil }
    } catch {
      CommandOutput.warn("\(error)")
      throw ExitCode.failure
    }
    guard !moved.isEmpty else { return CommandOutput.out("No feed has moved.\n") }
    let store = UrlsFileStore(paths: library.paths)
    var failed = false
    for feed in moved {
      let newAddress = feed.poll.movedTo ?? feed.url
      guard updateURLs else {
        CommandOutput.out("\(feed.url) -> \(newAddress)\n")
        continue
      }
      do {
        let line = try store.replaceAddress(of: feed.url, with: newAddress)
        try cache.adoptMovedAddress(feedID: feed.id)
        CommandOutput.out("\(feed.url) -> \(newAddress) (\(store.path), line \(line)).\n")
      } catch {
        CommandOutput.warn("\(feed.url): \(error)")
        failed = true
      }
    }
    if !updateURLs { CommandOutput.out("splitfeed moved --update-urls writes the new addresses into \(store.path).\n") }
    if failed { throw ExitCode.failure }
  }
}
