import Foundation

/// The poster's panel printed as labelled lines with no class that names them (`Posts: 1,077`,
/// `Join Date: Aug 2008` in a plain `<div>` beside the post): the poster's standing on the forum, not
/// what the post says. Read from the line's text, its label one of the counts and dates forum software
/// prints under a poster's name.
extension ForumThread {
  /// Labels of a poster panel's lines, lowercased, without the colon.
  static let panelLabels: Set<String> = [
    "posts", "total posts", "threads", "messages", "joined", "join date", "registered", "member since", "reputation",
    "reaction score", "points", "karma", "likes received", "thanks", "location",
  ]

  /// The longest text a panel line holds: a label and a count, a date or a place.
  static let panelLineLimit = 40

  /// Whether `node` holds one panel line and nothing else: a label of `panelLabels`, a colon, a value.
  static func isPanelLine(_ node: PageNode) -> Bool {
    guard node.textLength <= panelLineLimit, !node.elements.isEmpty || node.tag != "p" else { return false }
    let text = node.innerText
    guard let colon = text.firstIndex(of: ":") else { return false }
    let label = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
    let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    return !value.isEmpty && panelLabels.contains(label)
  }
}

/// A post's date written twice inside its `<time>`, a long form and a short one (`April 2, 2024` and
/// `1 yr`), of which a style sheet shows one by screen size: without styles the two read as one glued
/// line (`April 2, 20241 yr`). The long form stays.
extension ForumThread {
  static let shortForm = ExtractionPatterns.Words(substrings: [], tokens: ["short"])
  static let longForm = ExtractionPatterns.Words(substrings: [], tokens: ["long"])

  static func removeShortDateForms(in post: PageNode) {
    for time in post.descendants(["time"]) where time.elements.contains(where: { longForm.matches($0.classAndID) }) {
      PageNode.remove(time.elements.filter { shortForm.matches($0.classAndID) })
    }
  }
}

/// A post's date printed twice, for two screen sizes (Invision's phone header "Posted April 18, 2024" and
/// the desktop's meta line): two `<time>` elements of one `datetime`. The first stays.
extension ForumThread {
  static func removeRepeatedDates(in post: PageNode) {
    var seen = Set<String>()
    var doomed: [PageNode] = []
    for time in post.descendants(["time"]) {
      guard let stamp = time["datetime"], !stamp.isEmpty else { continue }
      if !seen.insert(stamp).inserted { doomed.append(time) }
    }
    PageNode.remove(doomed)
  }
}
