import Foundation

/// How a thread is weighed against the article search's pick where the pick lies in the thread
/// (`ForumThread.contains`): the pick keeps each post's panel (counts, titles, the poster's labelled
/// lines) that the thread's clean takes out, so a pick of the whole thread can outweigh the thread made of
/// its own posts.
extension ForumThread {
  /// The share of the pick's text a thread whose posts name their posters needs to win over it.
  static let namedThreadShare = 2.0 / 3.0

  /// Whether the thread wins over a pick of `pickLength` that lies in it: longer than the pick, or, where
  /// three quarters of its posts or more name their poster (a conversation, not a rail of dated teasers or
  /// an events list, whose entries name nobody), `namedThreadShare` of it.
  static func weighsAsPick(_ thread: PageNode, pickLength: Int) -> Bool {
    let length = thread.textLength
    if length > pickLength { return true }
    guard Double(length) > namedThreadShare * Double(pickLength) else { return false }
    let posts = thread.elements
    let named = posts.filter { $0.contains(where: isAuthor) }.count
    return named * 4 >= posts.count * 3
  }
}
