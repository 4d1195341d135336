import Foundation

/// A forum thread's posts, in order, each with its author and date: the article search keeps the longest
/// post and drops the rest as comments, yet on a forum the replies are the content. Found by structure
/// alone, never by site: first the posts the page marks with schema.org microdata (`itemtype` of a forum
/// posting, a question, an answer or a comment), else a run of sibling blocks of one kind that each carry
/// a date (`<time>` or a `datetime`) over text of their own.
enum ForumThread {
  /// Post types in schema.org microdata (matched at the end of the `itemtype` address).
  static let postTypes = ["DiscussionForumPosting", "Comment", "Answer", "Question", "SocialMediaPosting"]

  /// A thread as found: `thread` holds copies of the posts, cleaned, in one `div`; `declared` says the
  /// page marks them as forum posts (not comments alone, which an article's readers write too).
  struct Found {
    var thread: PageNode
    var declared: Bool
  }

  /// The page's thread; nil when it shows none.
  static func find(in body: PageNode) -> Found? {
    let marked = markedPosts(body)
    guard let posts = marked ?? datedPosts(body) else { return nil }
    let thread = PageNode(tag: "div")
    for post in posts {
      let copy = post.copy()
      copy.tag = "div"
      RegionCleaner.clean(copy)
      removeFurniture(of: copy)
      guard copy.hasVisibleText else { continue }
      thread.append(copy)
    }
    guard !thread.elements.isEmpty else { return nil }
    let declared = marked?.contains { post in declaredTypes.contains { (post["itemtype"] ?? "").hasSuffix($0) } } ?? false
    return Found(thread: thread, declared: declared)
  }

  /// The post type that makes a page a forum's: a comment can be a reader's under an article, a question
  /// one of an article's frequently asked ones.
  static let declaredTypes = ["DiscussionForumPosting"]

  /// Whether the page's declared posts (`Found.declared`) outweigh the search's pick, which lies outside
  /// them (a summary above the thread, a sidebar's blurb): twice its text or more.
  static func outweighs(_ found: Found, pickLength: Int) -> Bool {
    found.declared && found.thread.textLength >= 2 * pickLength
  }

  /// Class and id words of what forum software sets around a post's text: the signature, the poster's
  /// panel (title, reputation, badges and flair, post count, join date, stats, the extras some software
  /// writes apart from the name, phpBB's profile list), the votes and the vote buttons, the post's meta
  /// line, action bar and icon bar, the link that unfolds a quote shown short ("Click to expand..."), and
  /// notices ("this topic was deleted"). Whole words where short (`meta` but not `metadata`).
  static let postFurniture = ExtractionPatterns.Words(
    substrings: [
      "signature", "reputation", "usertitle", "user-title", "userdetails", "user-details", "userinfo", "user-info",
      "userstats", "user-stats", "userextras", "user-extras", "postprofile", "profile-icons", "postcount",
      "post-count", "joindate", "join-date", "postfoot", "post-foot", "postactions", "post-actions", "postcontrols",
      "post-controls", "expandlink", "expand-link", "flair", "badge", "vote",
    ],
    tokens: ["meta", "sig", "stats", "controls", "notice"])

  /// A bound on a furniture block's text: beyond it the block is a post's body, whatever its class says.
  static let furnitureLimit = 1500

  /// Takes a post's furniture (`postFurniture`) out: a panel or meta line that holds the post's author or
  /// date gives way to them alone, so that the thread still says who wrote each post and when; the rest of the panel (post counts, join dates, buttons,
  /// signatures) is not the conversation. One walk; a furniture block's inside is read once.
  static func removeFurniture(of post: PageNode) {
    var stack: [PageNode] = post.elements.reversed()
    var doomed: [PageNode] = []
    // On a question's page the answers are the conversation; the comments under a question or an answer
    // are remarks on it (a request for detail, a thanks), which the answers already take into account.
    let isQuestionOrAnswer = ["Question", "Answer"].contains { (post["itemtype"] ?? "").hasSuffix($0) }
    while let node = stack.popLast() {
      if isQuestionOrAnswer, node !== post, (node["itemtype"] ?? "").hasSuffix("Comment") {
        doomed.append(node)
        continue
      }
      guard !isAuthor(node), !isDate(node), !isPost(node), node.textLength <= furnitureLimit,
        postFurniture.matches(node.classAndID)
      else {
        stack.append(contentsOf: node.elements.reversed())
        continue
      }
      var kept: [PageNode] = []
      var inner: [PageNode] = node.elements.reversed()
      while let candidate = inner.popLast() {
        if isAuthor(candidate) || (isDate(candidate) && !isJoinDate(candidate)) {
          kept.append(candidate)
        } else {
          inner.append(contentsOf: candidate.elements.reversed())
        }
      }
      guard !kept.isEmpty else {
        doomed.append(node)
        continue
      }
      let line = PageNode(tag: "p")
      for (index, part) in kept.enumerated() {
        if index > 0 { line.append(.textNode(" ")) }
        line.append(part)
      }
      node.replace(with: line)
    }
    PageNode.remove(doomed)
  }

  /// `removeFurniture(of:)` over the posts found in `content` (the search's pick on a page with a thread).
  static func removeFurniture(inPostsOf content: PageNode) {
    for post in markedPosts(content) ?? datedPosts(content) ?? [] { removeFurniture(of: post) }
  }

  /// The poster's name: marked as the author (microdata, `rel`) or named so by its class.
  static func isAuthor(_ node: PageNode) -> Bool {
    let itemprop = (node["itemprop"] ?? "").lowercased()
    if itemprop.contains("author") || itemprop.contains("creator") || node["rel"] == "author" { return true }
    return authorWords.matches(node.classAndID)
  }

  static let authorWords = ExtractionPatterns.Words(substrings: ["username", "user-name", "author"])

  /// A date of the poster's panel rather than of the post: when they joined, said by its class or its
  /// parent's, or by the label just before it (a `<dt>Joined</dt>` over a `<dd>` of the panel's pairs).
  static func isJoinDate(_ node: PageNode) -> Bool {
    if [node, node.parent].contains(where: { ($0?.classAndID ?? "").contains("join") || ($0?.classAndID ?? "").contains("regist") }) {
      return true
    }
    guard let siblings = node.parent?.elements, let index = siblings.firstIndex(where: { $0 === node }), index > 0 else { return false }
    let label = siblings[index - 1]
    guard label.textLength <= 20 else { return false }
    let text = label.textContent.lowercased()
    return text.contains("join") || text.contains("regist")
  }

  static func isPost(_ node: PageNode) -> Bool {
    guard let type = node["itemtype"], !type.isEmpty else { return false }
    return postTypes.contains { type.hasSuffix($0) || type.hasSuffix($0 + "/") }
  }

  /// The outermost microdata posts: two or more, or one that holds replies of its own.
  static func markedPosts(_ body: PageNode) -> [PageNode]? {
    var outermost: [PageNode] = []
    var nested = 0
    var stack: [(PageNode, Bool)] = body.elements.reversed().map { ($0, false) }
    while let (node, inPost) = stack.popLast() {
      let post = isPost(node)
      if post {
        if inPost { nested += 1 } else { outermost.append(node) }
      }
      stack.append(contentsOf: node.elements.reversed().map { ($0, inPost || post) })
    }
    if outermost.count >= 2 || (outermost.count == 1 && nested >= 1) { return outermost }
    return nil
  }

  /// A post's date: marked (`<time>`, `datetime`, microdata) or a short line of its own that reads as one
  /// (`WrittenDate`: much forum software prints `28/11/2025 at 7:16 pm` in a plain `<div>`).
  static func isDate(_ node: PageNode) -> Bool { isMarkedDate(node) || WrittenDate.isDateLine(node) }

  static func isMarkedDate(_ node: PageNode) -> Bool {
    if node.tag == "time" || node["datetime"] != nil { return true }
    let itemprop = node["itemprop"] ?? ""
    return itemprop == "datePublished" || itemprop == "dateCreated"
  }

  /// Dated blocks a run needs: two where the page marks the dates, three where they are only written out
  /// (an article's header and body can each hold a date line; a thread of written dates is more posts).
  static let minimumMarkedPosts = 2
  static let minimumWrittenPosts = 3

  /// A block's kind among its siblings: its tag and first class (digits dropped), else its id without
  /// digits (`post_12` and `post_13` are one kind).
  static func signature(_ node: PageNode) -> String {
    let firstClass = (node["class"] ?? "").split(separator: " ").first.map(String.init)
    let name = firstClass ?? node["id"] ?? ""
    return node.tag + "." + name.filter { !$0.isNumber }
  }

  /// The mean text outside links, in characters, of a run of dated blocks that are posts.
  static let minimumPostText = 50

  /// The largest run of sibling blocks of one kind of which at least two, and at least half, carry a date,
  /// three quarters or more no more than three different ones (a block holding many dates holds many
  /// posts), and with `minimumPostText` of their own on average; measured by text outside links,
  /// so that a rail of dated links loses to the posts.
  static func datedPosts(_ body: PageNode) -> [PageNode]? {
    // In the order first met, so that equal runs resolve the same way every time.
    var parents: [PageNode] = []
    var known = Set<ObjectIdentifier>()
    // Distinct dates: a post that prints its date twice (a phone layout's header and the desktop's) holds
    // one. Only a machine-readable `datetime` tells two dates equal: "1 year ago" written twice is two posts.
    var datesPerBlock: [ObjectIdentifier: Set<String>] = [:]
    var markedPerBlock: [ObjectIdentifier: Int] = [:]
    for (index, date) in body.descendants().enumerated() where isDate(date) {
      let marked = isMarkedDate(date)
      let key = date["datetime"] ?? "#\(index)"
      var node = date
      var depth = 0
      while let parent = node.parent, parent !== body, depth < 12 {
        if known.insert(ObjectIdentifier(parent)).inserted { parents.append(parent) }
        datesPerBlock[ObjectIdentifier(node), default: []].insert(key)
        if marked { markedPerBlock[ObjectIdentifier(node), default: 0] += 1 }
        node = parent
        depth += 1
      }
    }
    var best: (posts: [PageNode], text: Int)?
    for parent in parents {
      var groups: [String: [PageNode]] = [:]
      for child in parent.elements { groups[signature(child), default: []].append(child) }
      for members in groups.values where members.count >= 2 {
        let dated = members.map { datesPerBlock[ObjectIdentifier($0)]?.count ?? 0 }
        let withDate = dated.filter { $0 > 0 }.count
        let withMarkedDate = members.filter { (markedPerBlock[ObjectIdentifier($0)] ?? 0) > 0 }.count
        let needed = withMarkedDate >= minimumMarkedPosts ? minimumMarkedPosts : minimumWrittenPosts
        // Most blocks hold three dates or fewer (a post, its poster's join date, an edit; a quote's);
        // blocks that each hold many dates hold many posts.
        let manyDates = dated.filter { $0 > 3 }.count
        guard withDate >= needed, withDate * 2 >= members.count, manyDates * 4 <= members.count else { continue }
        let text = members.reduce(0) { $0 + Int(Double($1.textLength) * (1 - $1.linkDensity)) }
        // Posts say something: a run of dated lines of a few words each (the byline rows of a list of
        // links, "1 point by … 3 minutes ago | hide") is the furniture of a listing, not a conversation.
        guard text >= members.count * minimumPostText else { continue }
        if text > (best?.text ?? 0) { best = (members, text) }
      }
    }
    guard let best, best.text >= ArticleExtractor.minimumArticle else { return nil }
    return opening(before: best.posts).map { [$0] + best.posts } ?? best.posts
  }

  /// Much forum software sets the opening post apart from the replies (another container, another class),
  /// so the run of replies leaves it out and the search keeps it alone. It is the nearest block before the
  /// first reply or before the replies' container (up to three levels up, three blocks back) that names its
  /// poster and dates itself with the replies' own markup (the author's element and the date's parent of
  /// one kind: `signature`), or that is dated and holds its text in the replies' kind of text block
  /// (`textKinds`).
  /// Not after a rail of teasers (a title in half its blocks or more): an article's byline and date
  /// can be marked like its teasers', and teasers are not replies (DECISIONS, "fifth pass").
  static func opening(before posts: [PageNode]) -> PageNode? {
    guard posts.first?.parent != nil else { return nil }
    var authorKinds = Set<String>()
    var dateKinds = Set<String>()
    var titled = 0
    for post in posts {
      var authors: [PageNode] = []
      var hasTitle = false
      for node in post.descendants() {
        if isAuthor(node) {
          authorKinds.insert(signature(node))
          authors.append(node)
        } else if isDate(node), let parent = node.parent {
          dateKinds.insert(signature(parent))
        }
        // A teaser's title: a heading, or a link named at length (its text, or the label of a link laid
        // empty over the card) that is not the poster's.
        if ["h2", "h3", "h4"].contains(node.tag) { hasTitle = true }
        if node.tag == "a", max(node.textLength, node["aria-label"]?.count ?? 0) >= 25,
          !authors.contains(where: { $0 === node || isInside(node, $0) })
        {
          hasTitle = true
        }
      }
      if hasTitle { titled += 1 }
    }
    let bodyKinds = textKinds(of: posts)
    guard (!authorKinds.isEmpty && !dateKinds.isEmpty) || !bodyKinds.isEmpty, titled * 2 < posts.count else { return nil }
    func opens(_ candidate: PageNode) -> Bool {
      let length = candidate.textLength
      guard length >= minimumPostText else { return false }
      let inside = candidate.descendants()
      if inside.contains(where: { isAuthor($0) && authorKinds.contains(signature($0)) }),
        inside.contains(where: { isDate($0) && $0.parent.map { dateKinds.contains(signature($0)) } == true })
      {
        return true
      }
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

  private static func isInside(_ node: PageNode, _ ancestor: PageNode) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent === ancestor { return true }
      current = parent.parent
    }
    return false
  }

  /// Whether the article search's pick lies within the thread (it kept one post of it): its longest
  /// paragraph appears in the thread's text.
  static func contains(_ thread: PageNode, _ article: PageNode) -> Bool {
    let paragraphs = article.descendants(["p", "pre", "li", "td", "div"]).filter { $0.elements.isEmpty || $0.tag == "p" }
    guard let longest = paragraphs.map(\.innerText).max(by: { $0.count < $1.count }), longest.count >= 20 else {
      return false
    }
    return thread.innerText.contains(longest)
  }
}
