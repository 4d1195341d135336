import GRDB
// GRDB's own SQLite module: `splitfeed_plain_text` is registered through the C API (see below).
import GRDBSQLite

/// The SQL functions every cache connection gets: the FTS triggers turn an article's HTML into the plain
/// text they index with `splitfeed_plain_text` (the same `PlainText` the titles go through), and
/// filter expressions match `=~` with `splitfeed_regexp`.
enum CacheFunctions {
  static func register(in db: Database) {
    sqlite3_create_function_v2(
      db.sqliteConnection, "splitfeed_plain_text", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, plainText, nil, nil, nil)
    db.add(function: regexp)
  }

  /// `splitfeed_plain_text(html)`: tags stripped, entities decoded, whitespace collapsed; NULL → ''.
  /// Through the C API rather than `DatabaseFunction`: it runs once per indexed article, on every
  /// article's HTML, and reading the argument's bytes in place saves making a String of each.
  private static let plainText: @convention(c) (OpaquePointer?, CInt, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, _, arguments in
    guard let value = arguments?[0], let bytes = sqlite3_value_text(value) else {
      sqlite3_result_text(context, "", 0, nil)
      return
    }
    var text = PlainText.title(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))), kind: .html)
    text.withUTF8 { utf8 in
      guard let start = utf8.baseAddress, !utf8.isEmpty else {
        sqlite3_result_text(context, "", 0, nil)
        return
      }
      // SQLITE_TRANSIENT: SQLite copies the bytes before this returns.
      sqlite3_result_text(
        context, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), CInt(utf8.count),
        unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self))
    }
  }

  /// `splitfeed_regexp(pattern, text)`: 1 when `text` holds a match (`FilterRegex`).
  static let regexp = DatabaseFunction("splitfeed_regexp", argumentCount: 2, pure: true) { values in
    guard let pattern = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[1]) else {
      return false
    }
    return FilterRegex.matches(pattern, text)
  }
}
