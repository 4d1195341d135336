import Foundation

/// A date written out as text, as forum software prints a post's date when it marks it with no `<time>`:
/// `28/11/2025 at 7:16 pm`, `2025-11-28`, `Nov 28, 2025`, `28 November`, `3 hours ago`. Read from a short
/// element of its own (a post's meta line), never from prose: `ForumThread` finds posts by their dates.
enum WrittenDate {
  /// Longer text is a sentence that mentions a date, not a date line.
  static let maximumLength = 40

  static let months: Set<String> = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "january",
    "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
  ]
  static let units: Set<String> = [
    "second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days", "week",
    "weeks", "month", "months", "year", "years",
  ]

  /// Whether `node` is an element of no child elements whose short text reads as a date, and not the text
  /// of a marked date (`<time>` writes its date out in spans: one date, not several).
  static func isDateLine(_ node: PageNode) -> Bool {
    guard !node.isText, node.children.allSatisfy(\.isText) else { return false }
    guard node.ancestor("time", maxDepth: 3) == nil, node.parent?["datetime"] == nil else { return false }
    let text = node.textContent
    guard text.unicodeScalars.count <= maximumLength * 2, node.textLength <= maximumLength else { return false }
    return isDate(text) || isShortDate(node)
  }

  /// Whether `node` opens with a short text that reads as a date and goes on with elements of its own, the
  /// whole no longer than a line: some software writes a comment's date first in its details line, before
  /// the comment's link and the poster's links (`on Friday January 12, 2024 @12:45PM (#1234) Homepage`).
  static func isDateLead(_ node: PageNode) -> Bool {
    guard !node.isText, node.children.count > 1, let first = node.children.first, first.isText else { return false }
    guard node.ancestor("time", maxDepth: 3) == nil, node.textLength <= 2 * maximumLength else { return false }
    let text = first.textContent.trimmingCharacters(in: .whitespacesAndNewlines)
    return !text.isEmpty && text.count <= maximumLength && isDate(text)
  }

  /// Text this short with a number in it (`2y`, `3d`, `5 mo`) is a date written in short when the element's
  /// `title` gives the date in full: much forum software prints a post's age so and shows the date on hover.
  static let maximumShortLength = 8

  static func isShortDate(_ node: PageNode) -> Bool {
    guard let title = node["title"], node.textLength <= maximumShortLength,
      node.textContent.contains(where: \.isNumber)
    else { return false }
    return isDate(title)
  }

  /// Whether `text` holds a numeric date (three numbers joined by `/`, `.` or `-`, one of them a year of
  /// four digits or the last of two), a month name beside a number, or a number of time units ago.
  static func isDate(_ text: String) -> Bool {
    let words = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "/" || $0 == "-" || $0 == ".") }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".-/")) }
    for (index, word) in words.enumerated() {
      if isNumericDate(word) { return true }
      let before = index > 0 ? words[index - 1] : ""
      let after = index + 1 < words.count ? words[index + 1] : ""
      if months.contains(word), isDayOrYear(before) || isDayOrYear(after) { return true }
      if units.contains(word), after == "ago", before.allSatisfy(\.isNumber) || before == "a" || before == "an" {
        return true
      }
    }
    return false
  }

  /// Year, month and day (`2025-11-28`), or day and month in either order then a year of two or four
  /// digits (`28/11/2025`, `11.28.25`); a phone number's groups (`440-214-9811`) are not a day and a month.
  static func isNumericDate(_ word: String) -> Bool {
    for separator in ["/", ".", "-"] as [Character] {
      let parts = word.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
        let first = Int(parts[0]), let second = Int(parts[1])
      else { continue }
      if parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2, (1...12).contains(second), (1...31).contains(Int(parts[2]) ?? 0) {
        return true
      }
      if parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4 || parts[2].count == 2, (1...31).contains(first),
        (1...31).contains(second), min(first, second) <= 12
      {
        return true
      }
    }
    return false
  }

  /// A day of the month (`28`, `28th`, `1st`) or a year of four digits.
  static func isDayOrYear(_ word: String) -> Bool {
    let digits = word.prefix { $0.isNumber }
    guard !digits.isEmpty else { return false }
    let rest = word.dropFirst(digits.count)
    if digits.count == 4 { return rest.isEmpty }
    return digits.count <= 2 && (rest.isEmpty || ["st", "nd", "rd", "th"].contains(String(rest)))
  }
}
