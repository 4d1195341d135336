import Foundation

/// Where a search's words and phrases occur in a line of text, found as the user sees them: ignoring
/// case and accents, so `cafe` marks `Café`. The lists and the article draw these spans in the theme's
/// `match` style, and the article's next/previous-match keys jump between the lines that have one.
struct Highlight: Equatable, Sendable {
  /// What to mark (the query's highlight terms); empty marks nothing.
  let terms: [String]

  init(_ terms: [String]) { self.terms = terms.filter { !$0.isEmpty } }

  var isEmpty: Bool { terms.isEmpty }

  /// The matched spans of `text`, in order and merged where they overlap.
  func ranges(in text: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    for term in terms {
      var start = text.startIndex
      while start < text.endIndex,
        let range = text.range(of: term, options: [.caseInsensitive, .diacriticInsensitive], range: start..<text.endIndex)
      {
        found.append(range)
        start = range.upperBound
      }
    }
    found.sort { $0.lowerBound < $1.lowerBound }
    var merged: [Range<String.Index>] = []
    for range in found {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }

  /// `text` cut into pieces, each saying whether it is a match, in order (the whole text when none is).
  func pieces(of text: String) -> [(text: Substring, isMatch: Bool)] {
    var pieces: [(text: Substring, isMatch: Bool)] = []
    var cursor = text.startIndex
    for range in ranges(in: text) {
      if cursor < range.lowerBound { pieces.append((text[cursor..<range.lowerBound], false)) }
      pieces.append((text[range], true))
      cursor = range.upperBound
    }
    if cursor < text.endIndex || pieces.isEmpty { pieces.append((text[cursor...], false)) }
    return pieces
  }

  func matches(_ text: String) -> Bool { !ranges(in: text).isEmpty }

  /// Consecutive runs of one line (the article's styled runs) cut where matches start and end: for each
  /// run its pieces, each saying whether it is a match. A match may span runs (a bold word in a phrase).
  func pieces(ofRuns runs: [String]) -> [[(text: String, isMatch: Bool)]] {
    let joined = runs.joined()
    var matched = [Bool](repeating: false, count: joined.count)
    for range in ranges(in: joined) {
      let start = joined.distance(from: joined.startIndex, to: range.lowerBound)
      let end = joined.distance(from: joined.startIndex, to: range.upperBound)
      for i in start..<min(end, matched.count) { matched[i] = true }
    }
    var offset = 0
    return runs.map { run in
      var pieces: [(text: String, isMatch: Bool)] = []
      for character in run {
        let isMatch = offset < matched.count && matched[offset]
        offset += 1
        if let last = pieces.last, last.isMatch == isMatch {
          pieces[pieces.count - 1].text.append(character)
        } else {
          pieces.append((String(character), isMatch))
        }
      }
      return pieces
    }
  }
}
