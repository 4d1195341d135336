import Foundation

/// A post's tally of what readers did with it, printed as a line of its own under the text (`3 Likes`,
/// `0 Reply` on a button that unfolds the replies, `2 Answers` over a question's answers): the forum's
/// record of the post, not what it says. Read from the line's text, a count and one word of the
/// reactions forum software counts.
extension ForumThread {
  /// The words a tally's count is of, lowercased.
  static let tallyWords: Set<String> = [
    "like", "likes", "reply", "replies", "answer", "answers", "vote", "votes", "reaction", "reactions",
  ]

  /// The longest text a tally holds: a count of a few digits and its word.
  static let tallyLimit = 20

  /// Whether `node` holds a tally and nothing else: a count (digits, a separator, a `k`) and a `tallyWords` word.
  static func isTally(_ node: PageNode) -> Bool {
    guard node.textLength <= tallyLimit else { return false }
    let words = node.innerText.lowercased().split(whereSeparator: \.isWhitespace)
    guard words.count == 2, let count = words.first, let first = count.first, first.isNumber,
      count.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." || $0 == "k" })
    else { return false }
    return tallyWords.contains(String(words[1]))
  }
}

/// The label forum software sets on the posts of the member who opened the thread (`Discussion starter`,
/// `Original Poster`): the poster's standing in this thread, beside the name, not part of the post.
extension ForumThread {
  /// The labels, lowercased.
  static let starterLabels: Set<String> = ["thread starter", "discussion starter", "topic starter", "original poster"]

  /// Whether `node`'s whole text is a `starterLabels` label.
  static func isStarterLabel(_ node: PageNode) -> Bool {
    guard node.textLength <= tallyLimit else { return false }
    return starterLabels.contains(node.innerText.lowercased())
  }
}
