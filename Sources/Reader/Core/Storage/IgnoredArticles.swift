import Foundation
import GRDB

/// The ignore rules (`ignore-article`) that depend on nothing but the article itself, kept as a flag on
/// each article (`items.ignored`) instead of being tested on every read.
///
/// Why: the feed list's counts test every article against every rule; with one regular expression over
/// titles that was 200 ms at 100,000 articles, on the main thread at start-up and after every reload
/// (docs/DECISIONS.md, "Ignore rules as a stored flag"). A rule over the article's title, author, content,
/// link and feed address gives the same answer until the article changes, so the flag is set when the
/// article is stored and for every article when the rules change. Rules over what changes without the
/// article changing (read and starred marks, flags, tags, a feed's title or site link, age) stay tested
/// on read.
///
/// The rules the flags follow are kept in the file (`ignore_rules`), so every writer keeps them — the
/// reader, `splitfeed reload` and sync alike — whatever rules it was itself given.
enum IgnoredArticles {
  /// Raise when what a kept rule means in SQL changes: flags set under another version are set again.
  static let version = 1

  /// "v11-ignored-flag": the flag, an index of the flagged articles (few, so counts subtract them from
  /// the index-only counts of every article), and the rules the flags follow.
  static func migrate(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE items ADD COLUMN ignored INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX items_ignored ON items(feed_id, read) WHERE ignored = 1;
        CREATE TABLE ignore_rules (
          position INTEGER PRIMARY KEY, feed_url TEXT, expression TEXT NOT NULL, version INTEGER NOT NULL
        );
        """)
  }

  /// Whether `rule` can be kept as a flag.
  static func isKept(_ rule: IgnoreRule) -> Bool { rule.expression.root.dependsOnlyOnArticle }

  /// Whether the flags follow `rules` (the kept ones of a configuration) already: read before `follow`,
  /// so that a start with the same rules does not wait for the write lock.
  static func areFollowing(_ rules: [IgnoreRule], in db: Database) throws -> Bool {
    let stored = try Row.fetchAll(db, sql: "SELECT feed_url, expression, version FROM ignore_rules ORDER BY position")
    return stored.count == rules.count
      && zip(stored, rules).allSatisfy { row, rule in
        row["feed_url"] as String? == rule.feedURL && row["expression"] as String == rule.expression.text
          && row["version"] as Int == version
      }
  }

  /// Makes the flags follow `rules`: every article's flag is set again, in one transaction (nothing is
  /// written when they follow them already).
  static func follow(_ rules: [IgnoreRule], in db: Database) throws {
    if try areFollowing(rules, in: db) { return }
    try db.execute(sql: "DELETE FROM ignore_rules")
    for (position, rule) in rules.enumerated() {
      try db.execute(
        sql: "INSERT INTO ignore_rules (position, feed_url, expression, version) VALUES (?, ?, ?, ?)",
        arguments: [position, rule.feedURL, rule.expression.text, version])
    }
    guard let matches = matching(rules) else {
      try db.execute(sql: "UPDATE items SET ignored = 0 WHERE ignored = 1")
      return
    }
    try db.execute(
      sql: "UPDATE items AS i SET ignored = (\(matches.sql)) WHERE ignored IS NOT (\(matches.sql))",
      arguments: matches.arguments + matches.arguments)
  }

  /// The rows of one feed a transaction inserted (ids) or changed (keys).
  struct Written {
    var ids: [Int64] = []
    var keys: [String] = []
  }

  /// Sets the flags of the `written` rows by the rules in the file (`ItemUpsert.finish`,
  /// after a transaction's last article). Each row is tested once, and an unchanged row not at all: a
  /// rule with `=~` may cost its whole regex budget per article. One read when there are no rules.
  static func refresh(_ written: [Int64: Written], in db: Database) throws {
    guard !written.isEmpty, let matches = matching(try rules(in: db)) else { return }
    for (feedID, rows) in written where !rows.ids.isEmpty || !rows.keys.isEmpty {
      try db.execute(
        sql: """
          UPDATE items AS i SET ignored = (\(matches.sql))
          WHERE i.feed_id = ? AND (i.id IN (SELECT value FROM json_each(?)) OR i.key IN (SELECT value FROM json_each(?)))
          """,
        arguments: matches.arguments + [feedID, "[" + rows.ids.map(String.init).joined(separator: ",") + "]", ItemColumns.json(rows.keys) ?? "[]"])
    }
  }

  /// The rules the flags follow. A rule that no longer parses is left out (the version would have been
  /// raised, and the next `follow` sets every flag again).
  private static func rules(in db: Database) throws -> [IgnoreRule] {
    try Row.fetchAll(db, sql: "SELECT feed_url, expression FROM ignore_rules WHERE version = ? ORDER BY position", arguments: [version])
      .compactMap { row in
        (try? FilterExpression(parsing: row["expression"])).map { IgnoreRule(feedURL: row["feed_url"], expression: $0) }
      }
  }

  /// 1 for an article one of `rules` hides, else 0; nil without rules.
  static func matching(_ rules: [IgnoreRule], now: Date = Date()) -> SQLCondition? {
    guard !rules.isEmpty else { return nil }
    var sql: [String] = []
    var arguments: StatementArguments = []
    for rule in rules {
      let expression = rule.expression.condition(now: now)
      if let url = rule.feedURL {
        sql.append("(i.feed_id IN (SELECT id FROM feeds WHERE url = ?) AND \(expression.sql))")
        arguments += [url]
      } else {
        sql.append("(\(expression.sql))")
      }
      arguments += expression.arguments
    }
    return SQLCondition("coalesce(" + sql.joined(separator: " OR ") + ", 0)", arguments)
  }
}

extension FilterNode {
  /// Whether the node's answer for an article changes only when the article (or its feed's address)
  /// does: its title, author, content, link and feed address, combined.
  var dependsOnlyOnArticle: Bool {
    switch self {
    case .and(let a, let b), .or(let a, let b): return a.dependsOnlyOnArticle && b.dependsOnlyOnArticle
    case .not(let a): return a.dependsOnlyOnArticle
    case .text(let attribute, _, _): return [.title, .author, .content, .link, .rssurl].contains(attribute)
    case .mark, .flags, .tag, .age, .search: return false
    }
  }
}
