/// The `/` search: words (all must match, each also as the start of a longer word, so results come as
/// you type), `"a phrase"`, `-word` / `-"phrase"` (must not match), and `title:`, `author:`, `feed:`
/// before a word or phrase to look only there. Matched against the FTS5 index of title, author and the
/// article's plain text (`feed:` against the feed's title). Every term reaches FTS5 as a quoted string
/// bound as an argument, so no search can break FTS5's syntax or reach SQL.
public struct SearchQuery: Sendable, Hashable {
  /// The search as typed.
  public let text: String
  let terms: [Term]

  /// One term of the search.
  struct Term: Sendable, Hashable {
    enum Field: String, Sendable { case any, title, author, feed }
    var field: Field
    var text: String
    var isPhrase: Bool
    var isNegated: Bool
  }

  public init(parsing text: String) throws(QueryError) {
    self.text = text
    // Control characters (a pasted NUL, which would end FTS5's reading of the query) separate words.
    self.terms = try Self.parse(text.map { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : $0 })
  }

  /// The words and phrases a match must contain (not the negated ones): what the UI highlights, case
  /// ignored, in result titles and the opened article. `feed:` terms name the feed, not the article.
  public var highlightTerms: [String] {
    var seen = Set<String>()
    return terms.filter { !$0.isNegated && $0.field != .feed }.map(\.text).filter { seen.insert($0.lowercased()).inserted }
  }

  /// True when the search constrains nothing (blank, or only punctuation).
  public var isEmpty: Bool { terms.isEmpty }

  public static func == (a: SearchQuery, b: SearchQuery) -> Bool { a.text == b.text }
  public func hash(into hasher: inout Hasher) { hasher.combine(text) }

  private static func parse(_ chars: [Character]) throws(QueryError) -> [Term] {
    var terms: [Term] = []
    var i = 0
    while i < chars.count {
      if chars[i].isWhitespace {
        i += 1
        continue
      }
      let start = i
      var negated = false
      if chars[i] == "-" {
        negated = true
        i += 1
      }
      var field = Term.Field.any
      if let colon = prefixField(chars, from: i) {
        field = colon.field
        i = colon.next
      }
      if i < chars.count, chars[i] == "\"" {
        let open = i
        i += 1
        var phrase = ""
        while i < chars.count, chars[i] != "\"" {
          phrase.append(chars[i])
          i += 1
        }
        guard i < chars.count else { throw .at(open, "unterminated \"phrase\" starting") }
        i += 1
        if isSearchable(phrase) { terms.append(Term(field: field, text: phrase, isPhrase: true, isNegated: negated)) }
      } else {
        var word = ""
        while i < chars.count, !chars[i].isWhitespace {
          if chars[i] == "\"" { throw .at(i, "a quote inside a word; put the phrase in quotes") }
          word.append(chars[i])
          i += 1
        }
        if word.isEmpty, field != .any || negated {
          throw .at(start, "expected a word after \"\(String(chars[start..<i]))\"")
        }
        if isSearchable(word) { terms.append(Term(field: field, text: word, isPhrase: false, isNegated: negated)) }
      }
    }
    return terms
  }

  /// `title:`, `author:` or `feed:` at `i` (case ignored), and where the term after it starts.
  private static func prefixField(_ chars: [Character], from i: Int) -> (field: Term.Field, next: Int)? {
    for field in [Term.Field.title, .author, .feed] {
      let name = Array(field.rawValue + ":")
      if i + name.count <= chars.count, String(chars[i..<i + name.count]).lowercased() == String(name) {
        return (field, i + name.count)
      }
    }
    return nil
  }

  /// Whether FTS5's tokenizer finds a token in `text` (a letter or a digit): a term of punctuation only
  /// would be an empty phrase, which constrains nothing, so it is left out.
  static func isSearchable(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
  }
}
