import Foundation
import GRDB

/// Indexes the articles a reload has just stored, with the plain text their parse thread already made.
///
/// Why: the cache writer is the reload's one serial step, and turning every article's HTML into plain
/// text there (as `FindingSchema.indexPending` does at commit) left the other core idle while it ran
/// (docs/DECISIONS.md, "Reloads without a savepoint, search text from the parse threads").
/// The articles are collected and indexed together after the feed's last upsert, not one by one between
/// them: FTS5 writes its pending terms out as a new segment whenever a statement of the transaction opens
/// a savepoint, which an update of a stored article does (it fires a trigger), so interleaving could make
/// one segment per article.
/// An article is indexed only if the triggers queued it (new, or its indexed fields changed), and is
/// taken off the queue, so the commit does not index it again.
struct SearchIndexWriter {
  private struct Entry {
    let id: Int64
    let title: String
    let author: String?
    let body: String
  }

  private var entries: [Entry] = []

  /// The body text `FindingSchema.indexedColumns` will read from `item` once it is stored, or nil when
  /// storing changes one of the indexed fields (a NUL becomes U+FFFD in the cache) and only the stored
  /// row can say what the index must hold.
  static func plainBody(of item: Item) -> String? {
    var body = item.content ?? item.summary ?? ""
    if containsNUL(item.title) || containsNUL(item.author ?? "") { return nil }
    return body.withUTF8 { bytes in
      guard let start = bytes.baseAddress, memchr(start, 0, bytes.count) == nil else { return bytes.isEmpty ? "" : nil }
      return PlainText.title(bytes, kind: .html)
    }
  }

  /// `memchr` over the string's bytes, not a generic `utf8.contains(0)`, which walks them one by one.
  private static func containsNUL(_ string: String) -> Bool {
    var string = string
    return string.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
  }

  /// Notes the stored article `id` with `body` from `plainBody(of: item)`.
  mutating func add(id: Int64, item: Item, body: String) {
    entries.append(Entry(id: id, title: item.title, author: item.author, body: body))
  }

  /// Indexes the noted articles that are still queued; those without an author have `inheritedAuthor`,
  /// which the store has just given them.
  mutating func flush(_ db: Database, inheritedAuthor: String?) throws {
    let dequeue = try db.cachedStatement(sql: "DELETE FROM fts_pending WHERE id = ?")
    let insert = try db.cachedStatement(sql: "INSERT INTO items_fts (rowid, title, author, body) VALUES (?, ?, ?, ?)")
    for entry in entries {
      try dequeue.execute(arguments: [entry.id])
      guard db.changesCount == 1 else { continue }
      try insert.execute(arguments: [entry.id, entry.title, entry.author ?? inheritedAuthor ?? "", entry.body])
    }
    entries = []
  }
}
