import Foundation
import Reader

/// Search right after a big reload: the article the indexer reaches last (it indexes the newest first)
/// searched for by its title every 20 ms while the backlog is indexed, as a user searching
/// at once and leaving the results open. The time until it is found, and whether every search that missed
/// it said so (the backlog was not empty then): a result list never claims to be complete when it is not.
extension BenchFindCommand {
  struct NeedleResult {
    var found: Double?
    var searches: Int
    var silentMisses: Int
  }

  /// Prints `needle`'s line.
  func searchNeedle(_ cache: Cache) throws {
    guard let (result, done) = try Self.needle(cache) else { return Output.out("needle: no backlog to index\n") }
    Output.out(String(
      format: "search for the article indexed last, while %d are indexed: %@ after %d searches; %d said nothing was left to index without finding it\n",
      done.indexed, result.found.map { String(format: "found %.2f s after the first", $0) } ?? "not found", result.searches,
      result.silentMisses))
  }

  /// Indexes the backlog as the idle reader does while searching for the needle; nil without a backlog.
  static func needle(_ cache: Cache) throws -> (NeedleResult, SearchIndexer.Progress)? {
    guard let last = try cache.lastInSearchQueue(), let target = try cache.article(id: last) else { return nil }
    let words = target.item.title.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(8)
    let scope = ItemScope(.all, search: try SearchQuery(parsing: "\"" + words.joined(separator: " ") + "\""))
    let indexing = Task.detached(priority: .utility) { try await SearchIndexer(cache: cache).run() }
    let start = DispatchTime.now()
    var result = NeedleResult(found: nil, searches: 0, silentMisses: 0)
    while result.found == nil {
      let backlog = try cache.searchBacklog()
      let rows = try cache.items(in: scope, limit: 200)
      result.searches += 1
      if rows.contains(where: { $0.id == target.id }) {
        result.found = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      } else if backlog == 0 {
        result.silentMisses += 1
        if try cache.searchBacklog() == 0 { break }  // indexed and still not found: say so, do not spin
      }
      if result.found == nil { usleep(20_000) }
    }
    let done = try Blocking.run { await indexing.result }.get()
    return (result, done)
  }
}
