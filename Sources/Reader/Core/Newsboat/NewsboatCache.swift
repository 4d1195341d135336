import Foundation
import GRDB

/// newsboat's `cache.db` (schema 2.x: `rss_feed`, `rss_item` with `unread`, `flags` and `deleted`), read
/// without writing a byte: opened read-only *and* immutable, so SQLite takes no lock and creates no
/// journal beside newsboat's file. Only read after `NewsboatFolder.lockHolder` said no newsboat is
/// running, since an immutable file is assumed not to change while it is read.
public struct NewsboatCache {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// An article as newsboat kept it, grouped by the address of its feed (`rss_item.feedurl`).
  public struct Article: Equatable {
    public var feedURL: String
    public var article: Cache.MergedArticle
  }

  public var articles: [Article]
  /// Articles the user deleted in newsboat; they stay behind.
  public var deletedCount: Int
  /// Rows left out because their feed address or guid could not be read (a blob that is not UTF-8, a
  /// NULL or a number where newsboat writes text): the file was written by something else, or damaged.
  public var skippedCount = 0
  /// Rows kept with some value read as its default (no date, unread, no title) because it was of a type
  /// newsboat does not write (text in `pubDate` or `unread`, a date out of range, a title not UTF-8).
  public var defaultedCount = 0

  /// No articles (no cache.db to read).
  public static var empty: NewsboatCache { NewsboatCache(articles: [], deletedCount: 0) }

  public static func read(path: String) throws -> NewsboatCache {
    guard FileManager.default.fileExists(atPath: path) else {
      throw Failure(description: "\(path) does not exist")
    }
    SQLiteProcess.configure()  // an import may open newsboat's cache before splitfeed's
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
        let enclosure = columns.isSuperset(of: ["enclosure_url", "enclosure_type"])
          ? "enclosure_url, enclosure_type" : "NULL AS enclosure_url, NULL AS enclosure_type"
        // Every value is taken as its SQLite storage class says, never converted by GRDB's typed
        // subscripts, which trap on a value they cannot convert (text in an integer column, say).
        let rows = try Row.fetchCursor(
          db,
          sql: """
            SELECT feedurl, guid, title, author, url, pubDate, content, unread, flags, \(enclosure), deleted
            FROM rss_item ORDER BY feedurl, pubDate DESC, id DESC
            """)
        var cache = NewsboatCache(articles: [], deletedCount: 0)
        while let row = try rows.next() {
          var values = StoredValues(row)
          if let deleted = values.integer("deleted"), deleted != 0 {
            cache.deletedCount += 1
            continue
          }
          guard let article = article(&values) else {
            cache.skippedCount += 1
            continue
          }
          if values.defaulted { cache.defaultedCount += 1 }
          cache.articles.append(article)
        }
        return cache
      }
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: "\(path) could not be read: \(error)")
    }
  }

  /// The article of a row; nil when its feed address or its guid cannot be read.
  private static func article(_ row: inout StoredValues) -> Article? {
    guard let feedURL = row.key("feedurl"), row.readable("guid") else { return nil }
    let text = { (values: inout StoredValues, column: String) -> String? in values.text(column).flatMap { $0.isEmpty ? nil : $0 } }
    let published = row.integer("pubDate").flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0)) : nil }
    let enclosures = text(&row, "enclosure_url").map { [Enclosure(url: $0, type: text(&row, "enclosure_type"))] } ?? []
    var item = Item(
      title: row.text("title") ?? "", link: text(&row, "url"), id: text(&row, "guid"), author: text(&row, "author"),
      published: published, content: text(&row, "content"), enclosures: enclosures)
    // newsboat 2.21 gives an item without a guid its link followed by its pubDate text as the guid: such
    // an item is stored as a reload stores it (no guid, keyed by its link), its date text recovered.
    if let guid = item.id, let link = item.link, guid.count > link.count, guid.hasPrefix(link) {
      item.id = nil
      item.publishedText = String(guid.dropFirst(link.count))
    }
    let flags = Cache.normalizedFlags(row.text("flags") ?? "")
    let unread = row.integer("unread") ?? 1
    return Article(
      feedURL: feedURL,
      article: Cache.MergedArticle(item: item, isRead: unread == 0, isStarred: !flags.isEmpty, flags: flags))
  }
}

/// A row's values read by their storage class, each to what newsboat would have written there or to
/// nothing; `defaulted` records that a value was present but not usable.
private struct StoredValues {
  let row: Row
  var defaulted = false

  init(_ row: Row) { self.row = row }

  /// Text: a string, a blob that is UTF-8, or a number written out; nil for NULL. A blob that is not
  /// UTF-8 is nil and counts as defaulted.
  mutating func text(_ column: String) -> String? {
    switch (row[column] as DatabaseValue).storage {
    case .null: return nil
    case .string(let string): return string
    case .int64(let number): return String(number)
    case .double(let number): return String(number)
    case .blob(let data):
      guard let string = String(validating: data, as: UTF8.self) else {
        defaulted = true
        return nil
      }
      return string
    }
  }

  /// A whole number: an integer, a real with an exact integer value in range, or text holding one; nil
  /// (and defaulted, unless NULL) for anything else.
  mutating func integer(_ column: String) -> Int64? {
    let number: Int64?
    switch (row[column] as DatabaseValue).storage {
    case .null: return nil
    case .int64(let value): number = value
    case .double(let value): number = value.isFinite ? Int64(exactly: value.rounded(.towardZero)) : nil
    case .string(let value): number = Int64(value.trimmingCharacters(in: .whitespaces))
    case .blob: number = nil
    }
    if number == nil { defaulted = true }
    return number
  }

  /// A value that identifies the row (feed address): text that is not empty, else nil.
  func key(_ column: String) -> String? {
    switch (row[column] as DatabaseValue).storage {
    case .string(let string): return string.isEmpty ? nil : string
    case .blob(let data): return String(validating: data, as: UTF8.self).flatMap { $0.isEmpty ? nil : $0 }
    default: return nil
    }
  }

  /// Whether the value is NULL or readable as text (a guid that is a blob not UTF-8 is not).
  func readable(_ column: String) -> Bool {
    if case .blob(let data) = (row[column] as DatabaseValue).storage { return String(validating: data, as: UTF8.self) != nil }
    return true
  }
}
