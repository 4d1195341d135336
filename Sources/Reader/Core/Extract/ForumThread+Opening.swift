import Foundation

/// The thread's opening post and the test that tells a run of replies from a rail of teasers
/// (`ForumThread.datedPosts`).
extension ForumThread {
  /// Much forum software sets the opening post apart from the replies (another container, another class),
  /// so the run of replies leaves it out and the search keeps it alone. It is the nearest block before the
  /// first reply or before the replies' container (up to three levels up, three blocks back) that names its
  /// poster and dates itself with the replies' own markup (the author's element and the date's parent of
  /// one kind: `signature`), or that is dated and declared an opening post by its microdata
  /// (`isOpeningItem`), or that is dated and holds its text in the replies' kind of text block (`textKinds`).
  /// Not after a rail of teasers (a title in half its blocks or more): an article's byline and date
  /// can be marked like its teasers', and teasers are not replies (DECISIONS, "fifth pass").
  static func opening(before posts: [PageNode]) -> PageNode? {
    guard posts.first?.parent != nil else { return nil }
    var authorKinds = Set<String>()
    var dateKinds = Set<String>()
    for post in posts {
      for node in post.descendants() {
        if isAuthor(node) {
          authorKinds.insert(signature(node))
        } else if isDate(node), let parent = node.parent {
          dateKinds.insert(signature(parent))
        }
      }
    }
    let bodyKinds = textKinds(of: posts)
    guard (!authorKinds.isEmpty && !dateKinds.isEmpty) || !bodyKinds.isEmpty, !isTeaserRun(posts) else { return nil }
    func opens(_ candidate: PageNode) -> Bool {
      let length = candidate.textLength
      guard length >= minimumPostText else { return false }
      let inside = candidate.descendants()
      if inside.contains(where: { isAuthor($0) && authorKinds.contains(signature($0)) }),
        inside.contains(where: { isDate($0) && $0.parent.map { dateKinds.contains(signature($0)) } == true })
      {
        return true
      }
      // Or dated and declared the thread's opening by its microdata (a question, a forum posting), whose
      // item may hold only the metadata beside the post's text.
      if inside.contains(where: isDate), inside.contains(where: isOpeningItem) { return true }
      // Or dated, its text in a block of the replies' text blocks' kind (`textKinds`).
      return inside.contains(where: isDate)
        && inside.contains { bodyKinds.contains(signature($0)) && Double($0.textLength) >= bodyShare * Double(length) }
    }
    // The blocks just before the first reply (the opening post set apart inside the replies' container),
    // then those before the container, up to three levels up.
    var node = posts[0]
    for _ in 0..<4 {
      guard let parent = node.parent, let index = parent.children.firstIndex(where: { $0 === node }) else { break }
      if let candidate = parent.children[..<index].reversed().filter({ !$0.isText }).prefix(3).first(where: opens) {
        return candidate
      }
      node = parent
    }
    return nil
  }

  /// Microdata of a thread's opening post.
  static func isOpeningItem(_ node: PageNode) -> Bool {
    guard let type = node["itemtype"] else { return false }
    return ["Question", "DiscussionForumPosting"].contains { type.hasSuffix($0) || type.hasSuffix($0 + "/") }
  }

  /// Whether half the run's blocks or more are titled (a heading, or a link named at length that is not
  /// the poster's nor in the post's furniture, such as a signature's): a rail of teasers, not replies.
  static func isTeaserRun(_ posts: [PageNode]) -> Bool {
    let titled = posts.filter { post in
      var authors: [PageNode] = []
      for node in post.descendants() {
        if isAuthor(node) { authors.append(node) }
        // A teaser's title: a heading, or a link named at length (its text, or the label of a link laid
        // empty over the card).
        if ["h2", "h3", "h4"].contains(node.tag) { return true }
        if node.tag == "a", max(node.textLength, node["aria-label"]?.count ?? 0) >= 25,
          !authors.contains(where: { $0 === node || isInside(node, $0) }), !isInFurniture(node, of: post)
        {
          return true
        }
      }
      return false
    }.count
    return titled * 2 >= posts.count
  }

  /// A post's text block holds this share of its text or more (the rest: the poster's line, the actions).
  static let bodyShare = 0.3

  /// The kinds (`signature`, named by a class) of the block that holds a post's text, found in three
  /// quarters of the posts or more: forum software writes the opening post's text and the replies' in
  /// one kind of block (`post-body`) even where it sets the two apart otherwise.
  static func textKinds(of posts: [PageNode]) -> Set<String> {
    var counts: [String: Int] = [:]
    for post in posts {
      let length = Double(post.textLength)
      var kinds = Set<String>()
      for node in post.descendants() where Double(node.textLength) >= bodyShare * length {
        let kind = signature(node)
        if !kind.hasSuffix(".") { kinds.insert(kind) }
      }
      for kind in kinds { counts[kind, default: 0] += 1 }
    }
    return Set(counts.filter { $0.value * 4 >= posts.count * 3 }.keys)
  }

  /// Whether `node` lies in a block of `post`'s furniture (`postFurniture`).
  static func isInFurniture(_ node: PageNode, of post: PageNode) -> Bool {
    var current = node.parent
    while let parent = current, parent !== post {
      if isFurniture(parent) { return true }
      current = parent.parent
    }
    return false
  }

  static func isInside(_ node: PageNode, _ ancestor: PageNode) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent === ancestor { return true }
      current = parent.parent
    }
    return false
  }
}
