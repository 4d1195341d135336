import Foundation
import GRDB

/// A piece of a WHERE clause over `items i` with its bound arguments. User text only ever travels in
/// `arguments`; `sql` is built from fixed fragments, so no expression or search can change the query's
/// shape (the table tests in FilterSQLTests hold this).
struct SQLCondition: Sendable {
  var sql: String
  var arguments: StatementArguments

  init(_ sql: String, _ arguments: StatementArguments = []) {
    self.sql = sql
    self.arguments = arguments
  }

  static let always = SQLCondition("1")

  /// Both conditions; `always` drops out.
  static func && (a: SQLCondition, b: SQLCondition) -> SQLCondition {
    if a.sql == "1" { return b }
    if b.sql == "1" { return a }
    return SQLCondition("(\(a.sql)) AND (\(b.sql))", a.arguments + b.arguments)
  }
}

extension FilterExpression {
  /// The expression as a condition on `items i`; `now` is the time `age` counts from; `unreadAlongDates`
  /// as `ItemScope.condition` chooses it for the list's order.
  func condition(now: Date, unreadAlongDates: Bool = true) -> SQLCondition {
    root.condition(now: now.timeIntervalSince1970, unreadAlongDates: unreadAlongDates)
  }
}

extension FilterNode {
  /// `unreadAlongDates` false: `unread = "yes"` is tested on the article's row (`+`), so that SQLite does
  /// not walk the date index for it in an order that index does not serve (`ItemScope.condition`).
  func condition(now: Double, unreadAlongDates: Bool = true) -> SQLCondition {
    let each = { (node: FilterNode) in node.condition(now: now, unreadAlongDates: unreadAlongDates) }
    switch self {
    case .and(let a, let b):
      let (x, y) = (each(a), each(b))
      return SQLCondition("(\(x.sql) AND \(y.sql))", x.arguments + y.arguments)
    case .or(let a, let b):
      let (x, y) = (each(a), each(b))
      return SQLCondition("(\(x.sql) OR \(y.sql))", x.arguments + y.arguments)
    case .not(let a):
      let x = each(a)
      return SQLCondition("NOT \(x.sql)", x.arguments)
    case .mark(let mark, let set):
      switch mark {
      case .unread: return SQLCondition(set ? (unreadAlongDates ? "i.read = 0" : "+i.read = 0") : "i.read = 1")
      case .starred: return SQLCondition(set ? "i.starred = 1" : "i.starred = 0")
      }
    case .flags(let letters, let contains):
      // every letter present: one instr per letter, each bound
      let each = letters.map { _ in "instr(i.flags, ?) > 0" }.joined(separator: " AND ")
      let arguments = StatementArguments(letters.map { String($0) })
      return SQLCondition(contains ? "(\(each))" : "NOT (\(each))", arguments)
    case .tag(let name, let contains):
      // `+`: walk the list's order index testing each feed, not each tagged feed's articles sorted
      // together (see `SearchQuery.condition`).
      return SQLCondition(
        "+i.feed_id \(contains ? "IN" : "NOT IN") (SELECT feed_id FROM feed_tags WHERE tag = ?)", [name])
    case .age(let comparison, let days):
      return Self.ageCondition(comparison, days: Double(days), now: now)
    case .search(let query, let matches):
      let found = query.condition()
      return SQLCondition(matches ? "(\(found.sql))" : "NOT (\(found.sql))", found.arguments)
    case .text(let attribute, let match, let value):
      let column = Self.column(attribute)
      switch match {
      case .equal: return SQLCondition("\(column) = ?", [value])
      case .notEqual: return SQLCondition("\(column) != ?", [value])
      case .matches: return SQLCondition("splitfeed_regexp(?, \(column))", [value])
      case .notMatches: return SQLCondition("NOT splitfeed_regexp(?, \(column))", [value])
      }
    }
  }

  /// Each attribute as a never-NULL text expression, so `NOT` and `!=` mean what they say for an
  /// article without an author or a link.
  static func column(_ attribute: TextAttribute) -> String {
    switch attribute {
    case .title: return "i.title"
    case .author: return "coalesce(i.author, '')"
    case .content: return "coalesce(i.content, i.summary, '')"
    case .link: return "coalesce(i.link, '')"
    case .feedtitle: return "coalesce((SELECT title FROM feeds WHERE id = i.feed_id), '')"
    case .feedlink: return "coalesce((SELECT site_link FROM feeds WHERE id = i.feed_id), '')"
    case .rssurl: return "(SELECT url FROM feeds WHERE id = i.feed_id)"
    }
  }

  /// `age` is whole days since the article's date (`sort_date`): age < N holds while less than N days
  /// have passed. Written as a range of `sort_date`, so the date index serves it.
  static func ageCondition(_ comparison: Comparison, days: Double, now: Double) -> SQLCondition {
    let day = 86_400.0
    let start = now - days * day  // the article is N days old once sort_date <= start
    let end = now - (days + 1) * day  // … and N + 1 days old once sort_date <= end
    switch comparison {
    case .less: return SQLCondition("i.sort_date > ?", [start])
    case .lessOrEqual: return SQLCondition("i.sort_date > ?", [end])
    case .greater: return SQLCondition("i.sort_date <= ?", [end])
    case .greaterOrEqual: return SQLCondition("i.sort_date <= ?", [start])
    case .equal: return SQLCondition("(i.sort_date <= ? AND i.sort_date > ?)", [start, end])
    case .notEqual: return SQLCondition("(i.sort_date > ? OR i.sort_date <= ?)", [start, end])
    }
  }
}
