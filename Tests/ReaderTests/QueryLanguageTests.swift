import Foundation
import GRDB
import Testing

@testable import Reader

/// The filter language and the search syntax as tables: what each text parses to, the SQL and arguments
/// it compiles to, and where a bad one fails. User text must only ever appear among the arguments.
@Suite("Query language")
struct QueryLanguageTests {
  typealias N = FilterNode

  static let grammar: [(String, FilterNode)] = [
    ("unread = \"yes\"", .mark(.unread, true)),
    ("unread = \"no\"", .mark(.unread, false)),
    ("unread != \"yes\"", .mark(.unread, false)),
    ("unread", .mark(.unread, true)),
    ("starred", .mark(.starred, true)),
    ("starred = \"yes\"", .mark(.starred, true)),
    ("flags # \"s\"", .flags("s", contains: true)),
    ("flags !# \"ab\"", .flags("ab", contains: false)),
    ("tags # \"tech news\"", .tag("tech news", contains: true)),
    ("title =~ \"^swift\"", .text(.title, .matches, "^swift")),
    ("author != \"Bob\"", .text(.author, .notEqual, "Bob")),
    ("feedtitle = \"Hacker \\\"News\\\"\"", .text(.feedtitle, .equal, "Hacker \"News\"")),
    ("content !~ \"ads?\"", .text(.content, .notMatches, "ads?")),
    ("age < 7", .age(.less, 7)),
    ("age >= \"30\"", .age(.greaterOrEqual, 30)),
    ("TITLE =~ \"x\"", .text(.title, .matches, "x")),
    ("unread = \"yes\" and title =~ \"a\" or starred",
     .or(.and(.mark(.unread, true), .text(.title, .matches, "a")), .mark(.starred, true))),
    ("unread and (title =~ \"a\" or starred)",
     .and(.mark(.unread, true), .or(.text(.title, .matches, "a"), .mark(.starred, true)))),
    ("not unread and not (starred or age > 3)",
     .and(.not(.mark(.unread, true)), .not(.or(.mark(.starred, true), .age(.greater, 3))))),
    ("unread && starred || age<1", .or(.and(.mark(.unread, true), .mark(.starred, true)), .age(.less, 1))),
    ("((unread))", .mark(.unread, true)),
  ]

  @Test(arguments: grammar.indices) func parses(_ index: Int) throws {
    let (text, node) = Self.grammar[index]
    let expression = try FilterExpression(parsing: text)
    #expect(expression.root == node, "\(text)")
    #expect(expression.text == text)
  }

  static let errors: [(String, Int, String)] = [
    ("", 0, "expected an expression at 0"),
    ("unread = \"yes\" and", 18, "expected an attribute (title, author, unread, tags, age, …), found the end at 18"),
    ("(unread = \"yes\"", 15, "expected \")\" at 15 to close the \"(\" at 0"),
    ("title =~ \"abc", 9, "unterminated string starting at 9"),
    ("title =~ \"(\"", 9, "not a regular expression: \"(\" at 9"),
    ("colour = \"red\"", 0, "unknown attribute \"colour\" at 0"),
    ("unread = \"maybe\"", 9, "unread is \"yes\" or \"no\", not \"maybe\" at 9"),
    ("age < soon", 6, "expected a number of days, not soon at 6"),
    ("age =~ 3", 4, "age takes <, <=, >, >=, = or !=, not =~ at 4"),
    ("tags = \"x\"", 5, "tags takes # or !#, not = at 5"),
    ("flags # \"1\"", 8, "flags are letters a-z, A-Z at 8"),
    ("title \"x\"", 6, "expected an operator (=, !=, =~, !~, #, <, >) after title at 6"),
    ("unread starred", 7, "expected \"and\", \"or\" or the end, found \"starred\" at 7"),
    ("title = x", 8, "expected a quoted value, found \"x\" at 8"),
    ("()", 1, "expected an expression inside ( ) at 1"),
    ("unread; DROP TABLE items", 6, "unexpected \";\" at 6"),
  ]

  @Test(arguments: errors.indices) func failsWithPosition(_ index: Int) {
    let (text, position, message) = Self.errors[index]
    #expect(throws: QueryError(position: position, message: message), "\(text)") { try FilterExpression(parsing: text) }
  }

  @Test("depth and size are bounded: a hostile expression is an error, not a stack overflow")
  func depthAndSizeAreBounded() throws {
    let nested = String(repeating: "(", count: 100_000) + "unread" + String(repeating: ")", count: 100_000)
    #expect(throws: QueryError(position: 64, message: "more than 64 nested parentheses or \"not\"s at 64")) {
      try FilterExpression(parsing: nested)
    }
    #expect(throws: QueryError.self) { try FilterExpression(parsing: String(repeating: "not ", count: 100_000) + "unread") }
    let terms = (0..<200_000).map { "title = \"t\($0)\"" }.joined(separator: " or ")
    do {
      _ = try FilterExpression(parsing: terms)
      Issue.record("200,000 terms parsed")
    } catch {
      #expect(error.message.hasPrefix("more than 256 comparisons at "), "\(error)")
    }
    // Up to the bounds, it parses and compiles.
    let deepest = String(repeating: "(", count: 64) + "unread" + String(repeating: ")", count: 64)
    #expect(try FilterExpression(parsing: deepest).condition(now: Self.now).sql == "i.read = 0")
    let most = (0..<256).map { "title = \"t\($0)\"" }.joined(separator: " or ")
    #expect(try FilterExpression(parsing: most).condition(now: Self.now).arguments.isEmpty == false)
  }

  static let now = Date(timeIntervalSince1970: 1_000_000)

  static let sql: [(String, String, [DatabaseValue])] = [
    ("unread = \"yes\"", "i.read = 0", []),
    ("not starred", "NOT i.starred = 1", []),
    ("flags # \"sx\"", "(instr(i.flags, ?) > 0 AND instr(i.flags, ?) > 0)", ["s".databaseValue, "x".databaseValue]),
    ("tags # \"a'b\"", "+i.feed_id IN (SELECT feed_id FROM feed_tags WHERE tag = ?)", ["a'b".databaseValue]),
    ("title = \"x' OR 1=1 --\"", "i.title = ?", ["x' OR 1=1 --".databaseValue]),
    ("author =~ \"^a\"", "splitfeed_regexp(?, coalesce(i.author, ''))", ["^a".databaseValue]),
    ("content !~ \"b\"", "NOT splitfeed_regexp(?, coalesce(i.content, i.summary, ''))", ["b".databaseValue]),
    ("age < 2", "i.sort_date > ?", [(1_000_000.0 - 2 * 86_400).databaseValue]),
    ("age > 2", "i.sort_date <= ?", [(1_000_000.0 - 3 * 86_400).databaseValue]),
    ("unread or feedtitle != \"\")", "", []),  // a parse error, checked below
    ("unread and (starred or title = \"t\")", "(i.read = 0 AND (i.starred = 1 OR i.title = ?))", ["t".databaseValue]),
  ]

  @Test(arguments: sql.indices) func compiles(_ index: Int) throws {
    let (text, sql, arguments) = Self.sql[index]
    guard !sql.isEmpty else {
      #expect(throws: QueryError.self) { try FilterExpression(parsing: text) }
      return
    }
    let condition = try FilterExpression(parsing: text).condition(now: Self.now)
    #expect(condition.sql == sql, "\(text)")
    #expect(condition.arguments == StatementArguments(arguments), "\(text)")
  }

  static let searches: [(String, String?, [DatabaseValue], [String])] = [
    ("swift", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)", ["(\"swift\"*)".databaseValue], ["swift"]),
    ("swift  cache", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)",
     ["(\"swift\"* AND \"cache\"*)".databaseValue], ["swift", "cache"]),
    ("\"terminal reader\" -lorem", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)",
     ["(\"terminal reader\") NOT (\"lorem\"*)".databaseValue], ["terminal reader"]),
    ("-lorem", "+i.id NOT IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)", ["\"lorem\"*".databaseValue], []),
    ("title:café author:\"Bob Müller\"", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)",
     ["(title : \"café\"* AND author : \"Bob Müller\")".databaseValue], ["café", "Bob Müller"]),
    ("AND OR NEAR(x) *", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)",
     ["(\"AND\"* AND \"OR\"* AND \"NEAR(x)\"*)".databaseValue], ["AND", "OR", "NEAR(x)"]),
    ("x'); DROP TABLE items; --", "+i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)",
     ["(\"x');\"* AND \"DROP\"* AND \"TABLE\"* AND \"items;\"*)".databaseValue], ["x');", "DROP", "TABLE", "items;"]),
    ("feed:news", "i.feed_id IN (SELECT id FROM feeds WHERE instr(lower(coalesce(title, url)), lower(?)) > 0)",
     ["news".databaseValue], []),
    ("   ", nil, [], []),
  ]

  @Test(arguments: searches.indices) func searchCompiles(_ index: Int) throws {
    let (text, sql, arguments, highlights) = Self.searches[index]
    let search = try SearchQuery(parsing: text)
    let condition = search.condition()
    #expect(condition.sql == (sql ?? "1"), "\(text)")
    #expect(condition.arguments == StatementArguments(arguments), "\(text)")
    #expect(search.highlightTerms == highlights, "\(text)")
  }

  /// A search found to match few articles is read from its matches (no `+`); one that only excludes
  /// cannot be.
  @Test func aNarrowSearchIsReadFromItsMatches() throws {
    #expect(try SearchQuery(parsing: "swift").condition(narrow: true).sql
      == "i.id IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)")
    #expect(try SearchQuery(parsing: "-lorem").condition(narrow: true).sql
      == "+i.id NOT IN (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)")
  }

  static let badSearches: [(String, Int, String)] = [
    ("\"unclosed phrase", 0, "unterminated \"phrase\" starting at 0"),
    ("a b\"c", 3, "a quote inside a word; put the phrase in quotes at 3"),
    ("title: x", 0, "expected a word after \"title:\" at 0"),
    ("x -", 2, "expected a word after \"-\" at 2"),
  ]

  @Test(arguments: badSearches.indices) func searchFailsWithPosition(_ index: Int) {
    let (text, position, message) = Self.badSearches[index]
    #expect(throws: QueryError(position: position, message: message), "\(text)") { try SearchQuery(parsing: text) }
  }

  @Test func sortCycles() {
    #expect(ArticleSort.allCases.map(\.next) == [.dateAsc, .title, .author, .feed, .date])
    #expect(ArticleSort(rawValue: "date-asc") == .dateAsc)
  }
}
