import GRDB

/// The SQL functions every cache connection gets: the FTS triggers turn an article's HTML into the plain
/// text they index with `splitfeed_plain_text` (the same `PlainText` the titles go through), and
/// filter expressions match `=~` with `splitfeed_regexp`.
enum CacheFunctions {
  static func register(in db: Database) {
    db.add(function: plainText)
    db.add(function: regexp)
  }

  /// `splitfeed_plain_text(html)`: tags stripped, entities decoded, whitespace collapsed; NULL → ''.
  static let plainText = DatabaseFunction("splitfeed_plain_text", argumentCount: 1, pure: true) { values in
    guard let html = String.fromDatabaseValue(values[0]) else { return "" }
    return PlainText.title(html, kind: .html)
  }

  /// `splitfeed_regexp(pattern, text)`: 1 when `text` holds a match (`FilterRegex`).
  static let regexp = DatabaseFunction("splitfeed_regexp", argumentCount: 2, pure: true) { values in
    guard let pattern = String.fromDatabaseValue(values[0]), let text = String.fromDatabaseValue(values[1]) else {
      return false
    }
    return FilterRegex.matches(pattern, text)
  }
}
