import Foundation
import GRDB
import Reader

/// newsboat's `cache.db` (schema 2.x: `rss_feed`, `rss_item` with `unread`, `flags` and `deleted`), read
/// without writing a byte: opened read-only *and* immutable, so SQLite takes no lock and creates no
/// journal beside newsboat's file. Only read after `NewsboatFolder.lockHolder` said no newsboat is
/// running, since an immutable file is assumed not to change while it is read.
struct NewsboatCache {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// An article as newsboat kept it, grouped by the address of its feed (`rss_item.feedurl`).
  struct Article: Equatable {
    var feedURL: String
    var article: Cache.MergedArticle
  }

  var articles: [Article]
  /// Articles the user deleted in newsboat; they stay behind.
  var deletedCount: Int

  static func read(path: String) throws -> NewsboatCache {
    guard FileManager.default.fileExists(atPath: path) else {
      throw Failure(description: "\(path) does not exist")
    }
    var configuration = Configuration()
    configuration.readonly = true
    configuration.label = "newsboat cache"
    let uri = URL(fileURLWithPath: path).absoluteString + "?mode=ro&immutable=1"
    do {
      let db = try DatabaseQueue(path: uri, configuration: configuration)
      return try db.read { db in
        let columns = Set(try db.columns(in: "rss_item").map(\.name))
        let needed: Set = ["guid", "title", "author", "url", "feedurl", "pubDate", "content", "unread", "flags", "deleted"]
        guard needed.isSubset(of: columns) else {
          throw Failure(description: "\(path) is not a newsboat cache (rss_item lacks \(needed.subtracting(columns).sorted()))")
        }
        let deleted = try Int.fetchOne(db, sql: "SELECT count(*) FROM rss_item WHERE deleted != 0") ?? 0
        let rows = try Row.fetchAll(
          db,
          sql: """
            SELECT feedurl, guid, title, author, url, pubDate, content, unread, flags, enclosure_url, enclosure_type
            FROM rss_item WHERE deleted = 0 ORDER BY feedurl, pubDate DESC, id DESC
            """)
        return NewsboatCache(articles: rows.map(article), deletedCount: deleted)
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: "\(path) could not be read: \(error)")
    }
  }

  private static func article(_ row: Row) -> Article {
    let text = { (index: Int) -> String? in (row[index] as String?).flatMap { $0.isEmpty ? nil : $0 } }
    let published = (row[5] as Int64?).flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0)) : nil }
    let enclosures = text(9).map { [Enclosure(url: $0, type: text(10))] } ?? []
    var item = Item(
      title: row[2] ?? "", link: text(4), id: text(1), author: text(3), published: published, content: text(6),
      enclosures: enclosures)
    // newsboat 2.21 gives an item without a guid its link followed by its pubDate text as the guid: such
    // an item is stored as a reload stores it (no guid, keyed by its link), its date text recovered.
    if let guid = item.id, let link = item.link, guid.count > link.count, guid.hasPrefix(link) {
      item.id = nil
      item.publishedText = String(guid.dropFirst(link.count))
    }
    let flags = Cache.normalizedFlags(row[8] ?? "")
    let unread: Int64 = row[7] ?? 1
    return Article(
      feedURL: row[0] ?? "",
      article: Cache.MergedArticle(item: item, isRead: unread == 0, isStarred: !flags.isEmpty, flags: flags))
  }
}
