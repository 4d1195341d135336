import Foundation

/// newsboat's filter language, the subset people use: `unread = "yes"`, `flags # "s"`, `starred`,
/// `tags # "name"`, `title`/`author`/`feedtitle`/`content`/`link`/`feedlink`/`rssurl` with `=~ "regex"`, `!~`, `= "text"`,
/// `!=`, `age < N` (days; also `<=`, `>`, `>=`, `=`, `!=`), `and`, `or`, `not` and parentheses.
/// Parsed once into a tree (`FilterNode`) and compiled to SQL with bound arguments (`FilterSQL`), so a
/// query feed over 100,000 articles is one indexed query, and no text of the user's reaches SQL as SQL.
public struct FilterExpression: Sendable, Hashable, CustomStringConvertible {
  /// The expression as written.
  public let text: String
  /// What it means.
  let root: FilterNode

  public init(parsing text: String) throws(QueryError) {
    self.text = text
    var parser = FilterParser(text)
    self.root = try parser.parse()
  }

  public var description: String { text }

  public static func == (a: FilterExpression, b: FilterExpression) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// The parsed expression.
indirect enum FilterNode: Sendable, Equatable {
  case and(FilterNode, FilterNode)
  case or(FilterNode, FilterNode)
  case not(FilterNode)
  /// A text attribute against a string.
  case text(TextAttribute, TextMatch, String)
  /// `unread`/`starred` (bare, or `= "yes"`/`"no"`, `!=`): true when the article has the mark.
  case mark(Mark, Bool)
  /// `flags # "x"` (every letter present) / `!#`.
  case flags(String, contains: Bool)
  /// `tags # "name"` / `!#`: the article's feed carries the tag.
  case tag(String, contains: Bool)
  /// `age OP N`: whole days since the article's date.
  case age(Comparison, Int)
  /// `search = "words"` / `!=`: the article matches the `/` search (its words through the search
  /// index), so a saved search is a query feed as fast as the search itself.
  case search(SearchQuery, matches: Bool)

  enum TextAttribute: String, Sendable, CaseIterable {
    case title, author, content, link, feedtitle, feedlink, rssurl
  }
  enum TextMatch: String, Sendable {
    case equal = "=", notEqual = "!=", matches = "=~", notMatches = "!~"
  }
  enum Mark: String, Sendable { case unread, starred }
  enum Comparison: String, Sendable {
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "=", notEqual = "!="
  }
}

/// A recursive-descent parser over the expression's characters: `or` binds loosest, then `and`, then
/// `not`; comparisons and parentheses are the atoms. Errors name the character offset.
///
/// Depth and size are bounded: the parser recurses once per `(` or `not`, and the tree it builds is
/// walked recursively (SQL, equality, deinit), so 100,000 nested parentheses or 200,000 `or` terms in a
/// config line would overflow the stack of every command that reads the config. An expression over a
/// bound is an error like any other, and its line is skipped.
struct FilterParser {
  /// Parentheses and `not`s open at once.
  static let maxDepth = 64
  /// Comparisons in one expression (each also an `and`/`or` level of the tree).
  static let maxTerms = 256

  enum Token: Equatable {
    case word(String)  // attribute, `and`/`or`/`not`, or a bare number
    case string(String)
    case op(String)
    case open, close, end
  }

  private let chars: [Character]
  private var index = 0
  private var token: Token = .end
  private var tokenStart = 0
  private var depth = 0
  private var terms = 0

  init(_ text: String) { chars = Array(text) }

  mutating func parse() throws(QueryError) -> FilterNode {
    try advance()
    if token == .end { throw .at(0, "expected an expression") }
    let node = try parseOr()
    guard token == .end else { throw .at(tokenStart, "expected \"and\", \"or\" or the end, found \(shown(token))") }
    return node
  }

  private mutating func parseOr() throws(QueryError) -> FilterNode {
    var node = try parseAnd()
    while token == .word("or") || token == .op("||") {
      try advance()
      node = .or(node, try parseAnd())
    }
    return node
  }

  private mutating func parseAnd() throws(QueryError) -> FilterNode {
    var node = try parseNot()
    while token == .word("and") || token == .op("&&") {
      try advance()
      node = .and(node, try parseNot())
    }
    return node
  }

  private mutating func parseNot() throws(QueryError) -> FilterNode {
    if token == .word("not") || token == .op("!") {
      try enter()
      try advance()
      defer { depth -= 1 }
      return .not(try parseNot())
    }
    return try parseAtom()
  }

  /// One more level of nesting, refused past `maxDepth`.
  private mutating func enter() throws(QueryError) {
    depth += 1
    if depth > Self.maxDepth { throw .at(tokenStart, "more than \(Self.maxDepth) nested parentheses or \"not\"s") }
  }

  private mutating func parseAtom() throws(QueryError) -> FilterNode {
    switch token {
    case .open:
      let open = tokenStart
      try enter()
      defer { depth -= 1 }
      try advance()
      if token == .close { throw .at(tokenStart, "expected an expression inside ( )") }
      let node = try parseOr()
      guard token == .close else {
        guard token == .end else { throw .at(tokenStart, "expected \")\"") }
        throw QueryError(position: tokenStart, message: "expected \")\" at \(tokenStart) to close the \"(\" at \(open)")
      }
      try advance()
      return node
    case .word(let name) where !["and", "or", "not"].contains(name):
      let nameStart = tokenStart
      terms += 1
      if terms > Self.maxTerms { throw .at(nameStart, "more than \(Self.maxTerms) comparisons") }
      try advance()
      return try parseComparison(attribute: name, at: nameStart)
    default:
      throw .at(tokenStart, "expected an attribute (title, author, unread, tags, age, …), found \(shown(token))")
    }
  }

  private mutating func parseComparison(attribute name: String, at nameStart: Int) throws(QueryError) -> FilterNode {
    let attribute = name.lowercased()
    if let mark = FilterNode.Mark(rawValue: attribute) {
      guard case .op(let op) = token, op == "=" || op == "!=" else { return .mark(mark, true) }  // bare `unread`
      try advance()
      let (value, at) = try stringValue()
      switch value.lowercased() {
      case "yes", "true", "1": return .mark(mark, op == "=")
      case "no", "false", "0": return .mark(mark, op != "=")
      default: throw .at(at, "\(attribute) is \"yes\" or \"no\", not \"\(value)\"")
      }
    }
    guard case .op(let op) = token else { throw .at(tokenStart, "expected an operator (=, !=, =~, !~, #, <, >) after \(name)") }
    let opStart = tokenStart
    try advance()
    switch attribute {
    case "flags", "tags":
      guard op == "#" || op == "!#" else { throw .at(opStart, "\(attribute) takes # or !#, not \(op)") }
      let (value, at) = try stringValue()
      if attribute == "tags" { return .tag(value, contains: op == "#") }
      let letters = value.filter { $0.isASCII && $0.isLetter }
      guard !letters.isEmpty, letters.count == value.count else { throw .at(at, "flags are letters a-z, A-Z") }
      return .flags(String(letters), contains: op == "#")
    case "search":
      guard op == "=" || op == "!=" else { throw .at(opStart, "search takes = or !=, not \(op)") }
      let (value, at) = try stringValue()
      let query: SearchQuery
      do { query = try SearchQuery(parsing: value) } catch { throw .at(at, "in the search \"\(value)\": \(error.message)") }
      guard !query.isEmpty else { throw .at(at, "the search \"\(value)\" has no word to look for") }
      return .search(query, matches: op == "=")
    case "age":
      guard let comparison = FilterNode.Comparison(rawValue: op) else { throw .at(opStart, "age takes <, <=, >, >=, = or !=, not \(op)") }
      let at = tokenStart
      let text: String
      switch token {
      case .word(let w), .string(let w): text = w
      default: throw .at(at, "expected a number of days after age \(op)")
      }
      guard let days = Int(text), days >= 0, days < 1_000_000 else { throw .at(at, "expected a number of days, not \(text)") }
      try advance()
      return .age(comparison, days)
    default:
      guard let textAttribute = FilterNode.TextAttribute(rawValue: attribute) else {
        throw .at(nameStart, "unknown attribute \"\(name)\"")
      }
      guard let match = FilterNode.TextMatch(rawValue: op) else { throw .at(opStart, "\(attribute) takes =, !=, =~ or !~, not \(op)") }
      let (value, at) = try stringValue()
      if match == .matches || match == .notMatches {
        do { _ = try FilterRegex.compile(value) } catch { throw .at(at, "not a regular expression: \"\(value)\"") }
      }
      return .text(textAttribute, match, value)
    }
  }

  /// A quoted value (also a bare number, as newsboat allows).
  private mutating func stringValue() throws(QueryError) -> (String, Int) {
    let at = tokenStart
    switch token {
    case .string(let value):
      try advance()
      return (value, at)
    case .word(let value) where value.allSatisfy(\.isNumber):
      try advance()
      return (value, at)
    default:
      throw .at(at, "expected a quoted value, found \(shown(token))")
    }
  }

  private func shown(_ token: Token) -> String {
    switch token {
    case .word(let w): return "\"\(w)\""
    case .string(let s): return "\"\(s)\""
    case .op(let o): return "\"\(o)\""
    case .open: return "\"(\""
    case .close: return "\")\""
    case .end: return "the end"
    }
  }

  private static let operatorStarts: Set<Character> = ["=", "!", "<", ">", "#", "&", "|", "~"]
  private static let operators: [String] = ["=~", "!~", "!=", "!#", "<=", ">=", "&&", "||", "=", "<", ">", "#", "!"]

  private mutating func advance() throws(QueryError) {
    while index < chars.count, chars[index].isWhitespace { index += 1 }
    tokenStart = index
    guard index < chars.count else {
      token = .end
      return
    }
    let c = chars[index]
    if c == "(" || c == ")" {
      index += 1
      token = c == "(" ? .open : .close
    } else if c == "\"" {
      index += 1
      var value = ""
      while true {
        guard index < chars.count else { throw .at(tokenStart, "unterminated string starting") }
        let d = chars[index]
        index += 1
        if d == "\"" { break }
        if d == "\\", index < chars.count {
          value.append(chars[index])
          index += 1
        } else {
          value.append(d)
        }
      }
      token = .string(value)
    } else if Self.operatorStarts.contains(c) {
      let rest = String(chars[index..<min(index + 2, chars.count)])
      guard let op = Self.operators.first(where: { rest.hasPrefix($0) }) else { throw .at(index, "unexpected \"\(c)\"") }
      index += op.count
      token = .op(op)
    } else if c.isLetter || c.isNumber || c == "_" || c == "-" {
      var word = ""
      while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" || chars[index] == "-" {
        word.append(chars[index])
        index += 1
      }
      token = .word(word.allSatisfy(\.isNumber) ? word : word.lowercased())
    } else {
      throw .at(index, "unexpected \"\(c)\"")
    }
  }
}
