import GRDB

extension SearchQuery {
  /// The FTS5 query for the terms that search the index (`feed:` terms are not in it): nil when there
  /// are none. Each term is a double-quoted FTS5 string (a `"` inside doubled), so FTS5 reads it as text
  /// whatever it holds — `AND`, `NEAR`, `*`, `:`, `^` included.
  var ftsQuery: (match: String, negatedOnly: Bool)? {
    let indexed = terms.filter { $0.field != .feed }
    let positive = indexed.filter { !$0.isNegated }.map(Self.ftsTerm)
    let negative = indexed.filter(\.isNegated).map(Self.ftsTerm)
    if positive.isEmpty && negative.isEmpty { return nil }
    if positive.isEmpty { return (negative.joined(separator: " OR "), true) }
    let all = "(" + positive.joined(separator: " AND ") + ")"
    return (negative.isEmpty ? all : all + " NOT (" + negative.joined(separator: " OR ") + ")", false)
  }

  static func ftsTerm(_ term: Term) -> String {
    let quoted = "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (term.isPhrase ? "" : "*")
    switch term.field {
    case .title, .author: return "\(term.field.rawValue) : \(quoted)"
    case .any, .feed: return quoted
    }
  }

  /// The search as a condition on `items i`. `+i.id` keeps SQLite from reading each match's row by id
  /// and sorting them all: the list's own order index is walked instead, testing ids against the
  /// matches, and stops at the first page (docs/DECISIONS.md, "Finding at scale"). That walk reads the
  /// whole index when fewer matches than a page exist, so a `narrow` search (one `Cache` found to match
  /// few articles) is read from the matches instead, which are then few to sort.
  /// `scan`: the index is damaged and being rebuilt (`SearchIndexHealth`), so every article's text is read
  /// instead: each term is a substring (ASCII case aside, as for `feed:`) of the title, the author or the
  /// plain text, as its field says — a superset of the index's word prefixes.
  func condition(narrow: Bool = false, scan: Bool = false) -> SQLCondition {
    var condition = SQLCondition.always
    if scan {
      for term in terms where term.field != .feed {
        let columns: [String]
        switch term.field {
        case .title: columns = ["i.title"]
        case .author: columns = ["coalesce(i.author, '')"]
        case .any, .feed: columns = ["i.title", "coalesce(i.author, '')", "splitfeed_plain_text(coalesce(i.content, i.summary))"]
        }
        let found = "(" + columns.map { "instr(lower(\($0)), lower(?)) > 0" }.joined(separator: " OR ") + ")"
        condition = condition && SQLCondition(
          term.isNegated ? "NOT " + found : found, StatementArguments(Array(repeating: term.text, count: columns.count)))
      }
    } else if let fts = ftsQuery {
      let membership = fts.negatedOnly ? "NOT IN" : "IN"
      let id = narrow && !fts.negatedOnly ? "i.id" : "+i.id"
      condition = condition && SQLCondition(
        "\(id) \(membership) (SELECT rowid FROM items_fts WHERE items_fts MATCH ?)", [fts.match])
    }
    for term in terms where term.field == .feed {
      condition = condition && SQLCondition(
        "i.feed_id \(term.isNegated ? "NOT IN" : "IN") (SELECT id FROM feeds WHERE instr(lower(coalesce(title, url)), lower(?)) > 0)",
        [term.text])
    }
    return condition
  }
}
