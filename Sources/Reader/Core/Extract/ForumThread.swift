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
  /// page marks them as forum posts (not comments alone, which an article's readers write too); `marked`
  /// that the page marks them as posts of any type (else they are a run of dated blocks).
  struct Found {
    var thread: PageNode
    var declared: Bool
    var marked: Bool
  }

  /// The page's thread; nil when it shows none.
  static func find(in body: PageNode) -> Found? {
    let marked = markedPosts(body)
    guard let posts = marked ?? datedPosts(body) else { return nil }
    let thread = PageNode(tag: "div")
    for post in posts {
      let copy = post.copy()
      copy.tag = "div"
      keepMainLandmark(of: copy)
      removeLabelledControls(in: copy)
      unwrapFieldlessForms(in: copy)
      RegionCleaner.clean(copy)
      removeFurniture(of: copy)
      guard copy.hasVisibleText else { continue }
      thread.append(copy)
    }
    guard !thread.elements.isEmpty else { return nil }
    let declared = marked?.contains { post in declaredTypes.contains { (post["itemtype"] ?? "").hasSuffix($0) } } ?? false
    return Found(thread: thread, declared: declared, marked: marked != nil)
  }

  /// A question's microdata item can span the whole page: around the page's main landmark (`role="main"`,
  /// `<main>`) that holds the question and its answers, it holds the page's header (the title, the button
  /// that asks a new question, the question's counts). Such a post is read from its landmark alone.
  static func keepMainLandmark(of post: PageNode) {
    guard let main = post.descendants().first(where: { $0.tag == "main" || ($0["role"] ?? "").lowercased() == "main" }),
      main.textLength * 3 >= post.textLength * 2
    else { return }
    let children = main.children
    for child in post.children { child.remove() }
    for child in children { post.append(child) }
  }

  /// Some forum software writes each post's text inside a `<form>` (to edit it in place) that shows no
  /// field: the post's body, not a control, which the clean would take out as a form (`RegionCleaner`).
  static func unwrapFieldlessForms(in post: PageNode) {
    for form in post.descendants(["form"]) where !form.descendants(["textarea", "select", "button", "input"]).contains(where: {
      $0.tag != "input" || ($0["type"] ?? "text").lowercased() != "hidden"
    }) {
      form.tag = "div"
    }
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
  /// line, action bar, icon bar and list of buttons (permalink, save, report), the readers' reactions and
  /// their counts, the avatar (a picture, or the letter that stands in for one), the link that unfolds a
  /// quote shown short ("Click to expand..."), the links that add or show a post's comments, and notices
  /// ("this topic was deleted"). Whole words where short (`meta` but not `metadata`).
  static let postFurniture = ExtractionPatterns.Words(
    substrings: [
      "signature", "reputation", "usertitle", "user-title", "userdetails", "user-details", "userinfo", "user-info",
      "userstats", "user-stats", "userextras", "user-extras", "postprofile", "profile-icons", "postcount",
      "post-count", "joindate", "join-date", "postfoot", "post-foot", "postactions", "post-actions", "postcontrols",
      "post-controls", "expandlink", "expand-link", "flair", "badge", "vote", "comments-link", "reaction", "avatar",
    ],
    tokens: ["meta", "sig", "stats", "controls", "buttons", "notice"])

  /// Whether `node`'s class or id names it as a post's furniture (`postFurniture`). A class word that
  /// ends in `voted` (`unvoted`, `upvoted`) says how the reader voted on the post and is set on the post's
  /// whole entry, its text with it: a state, not the vote buttons.
  static func isFurniture(_ node: PageNode) -> Bool {
    let words = node.classAndID
    guard words.contains("voted") else { return postFurniture.matches(words) }
    let named = words.split(separator: " ").filter { !$0.hasSuffix("voted") }.joined(separator: " ")
    return postFurniture.matches(named)
  }

  /// A bound on a furniture block's text: beyond it the block is a post's body, whatever its class says.
  static let furnitureLimit = 1500

  /// Takes a post's furniture (`postFurniture`) out: a panel or meta line that holds the post's author or
  /// date gives way to them alone, so that the thread still says who wrote each post and when; the rest of the panel (post counts, join dates, buttons,
  /// signatures) is not the conversation, inside the author's block too; so are the panel's labelled lines
  /// that no class names (`isPanelLine`). One walk; a furniture block's inside is read once.
  static func removeFurniture(of post: PageNode) {
    removeShortDateForms(in: post)
    removeRepeatedDates(in: post)
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
      if isPostNumber(node) || isPanelLine(node) || isEditNote(node) || isTally(node) || isStarterLabel(node) {
        doomed.append(node)
        continue
      }
      guard !isAuthor(node), !isDate(node), !isPost(node), node.textLength <= furnitureLimit,
        isFurniture(node)
      else {
        stack.append(contentsOf: node.elements.reversed())
        continue
      }
      var kept: [PageNode] = []
      var inner: [PageNode] = node.elements.reversed()
      while let candidate = inner.popLast() {
        // A question's page shows who asked and answered; the panel's dates (asked, answered, edited) are
        // the site's record of the post, which it prints apart from the text.
        if isAuthor(candidate) || (!isQuestionOrAnswer && isDate(candidate) && !isJoinDate(candidate)) {
          // An author's block can hold the panel's furniture too (the poster's reputation and badges
          // beside the name): kept for the name, it gives up the rest.
          if isAuthor(candidate) { removeFurniture(of: candidate) }
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

  /// A link that reads as the post's number alone (`#12`): the post's permalink, which forum software
  /// prints in the corner of every post.
  static func isPostNumber(_ node: PageNode) -> Bool {
    guard node.tag == "a", node.textLength <= 8 else { return false }
    let text = node.innerText
    return text.count >= 2 && text.first == "#" && text.dropFirst().allSatisfy(\.isNumber)
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
  /// parent's, or by the label just before it (a `<dt>Joined</dt>` over a `<dd>` of the panel's pairs;
  /// a label drawn as an icon says it in the icon's tooltip, its `title` or, once a script has shown the
  /// tooltip, Bootstrap's `data-original-title`).
  static func isJoinDate(_ node: PageNode) -> Bool {
    if [node, node.parent].contains(where: { ($0?.classAndID ?? "").contains("join") || ($0?.classAndID ?? "").contains("regist") }) {
      return true
    }
    guard let siblings = node.parent?.elements, let index = siblings.firstIndex(where: { $0 === node }), index > 0 else { return false }
    let label = siblings[index - 1]
    guard label.textLength <= 20 else { return false }
    let text = label.textContent.lowercased()
    if text.contains("join") || text.contains("regist") { return true }
    return label.contains(where: { element in
      let title = (element["title"] ?? element["data-original-title"] ?? "").lowercased()
      return title.contains("join") || title.contains("regist")
    })
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
    guard outermost.count >= 2 || (outermost.count == 1 && nested >= 1) else { return nil }
    return unmarkedOpening(before: outermost).map { [$0] + outermost } ?? outermost
  }

  /// Some forum software marks the replies as comments and leaves the opening post's block bare (the
  /// thread's item is declared elsewhere, in the page's JSON-LD): the block just before the first marked
  /// post, of its kind (`signature`), dated and unmarked, is that opening post.
  static func unmarkedOpening(before posts: [PageNode]) -> PageNode? {
    guard let first = posts.first, let parent = first.parent,
      let index = parent.elements.firstIndex(where: { $0 === first }), index > 0
    else { return nil }
    let candidate = parent.elements[index - 1]
    guard signature(candidate) == signature(first), !isPost(candidate), candidate.textLength >= minimumPostText,
      !candidate.contains(where: isPost), candidate.contains(where: isDate)
    else { return nil }
    return candidate
  }

  /// A post's date: marked (`<time>`, `datetime`, microdata) or a short line of its own that reads as one
  /// (`WrittenDate`: much forum software prints `28/11/2025 at 7:16 pm` in a plain `<div>`).
  static func isDate(_ node: PageNode) -> Bool {
    isMarkedDate(node) || WrittenDate.isDateLine(node) || WrittenDate.isDateLead(node)
  }

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
    let posts = withNestedReplies(best.posts)
    return opening(before: posts).map { [$0] + posts } ?? posts
  }

  /// The run with the blocks just after its posts that hold posts of the run's kind: software that threads
  /// replies (Drupal's `indented`) writes a post's replies in a wrapper of their own right after it, a
  /// sibling of another kind that the run leaves out, and with it every reply to a reply. Not in a rail of
  /// teasers (`isTeaserRun`), where the blocks after a run are the page's other rails of cards.
  static func withNestedReplies(_ posts: [PageNode]) -> [PageNode] {
    guard let parent = posts.first?.parent, let kind = posts.first.map(signature), !isTeaserRun(posts) else { return posts }
    let members = Set(posts.map(ObjectIdentifier.init))
    var result: [PageNode] = []
    // A post's replies follow it at once.
    var afterPost = false
    for child in parent.elements {
      if members.contains(ObjectIdentifier(child)) || (afterPost && child.descendants().contains { signature($0) == kind }) {
        result.append(child)
        afterPost = true
      } else {
        afterPost = false
      }
    }
    return result
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
