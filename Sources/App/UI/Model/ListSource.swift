import Reader

/// What one article list shows (DESIGN §1): a feed, a smart list, a tag's feeds, a query feed, every feed
/// or Recent. Its title, its empty text, what the cache is asked for, the feeds `r` reloads and the counts
/// its feed-list row shows are all made here, so a new smart list is one more case in this file (listed in
/// `smartLists` to have a row at the top of the feed list); only a list the cache cannot yet select needs
/// more (a new `ItemScope.Source` in Reader).
enum ListSource: Equatable {
  case feed(Int64)
  /// Every feed's unread articles (the Unread smart list).
  case unread
  case starred
  /// Every feed's articles (what a search from the feed list searches).
  case all
  /// The articles of every feed with this tag (`T`).
  case tag(String)
  /// A `query:` line of the urls file.
  case query(QueryFeed)
  /// The articles opened, in the order opened (no scope in the cache).
  case recent

  /// The smart lists at the top of the feed list's root, in this order (DESIGN §1).
  static let smartLists: [ListSource] = [.unread, .starred]

  /// The list's title: the feed's title for a feed (nil while it has none, as for a feed known only by
  /// an address that left the run).
  @MainActor
  func title(in feeds: FeedList) -> String? {
    switch self {
    case .feed(let id): feeds.feed(id: id)?.displayTitle
    case .unread: "Unread"
    case .starred: "Starred"
    case .all: "All articles"
    case .tag(let name): name
    case .query(let query): query.title
    case .recent: "Recent"
    }
  }

  /// The title of a search's results in this list: the text, and the title of the list searched when it
  /// is not every feed (`searched`).
  static func searchTitle(_ text: String, searched: String?) -> String {
    "Search: " + text + (searched.map { " (\($0))" } ?? "")
  }

  /// Unread lists only unread articles whatever `U` says (it shows no "unread only" marker either).
  var isUnreadOnly: Bool { self == .unread }

  /// Whether `S`, `F` and `/` can narrow or order this list (Recent is the order articles were opened in).
  var isQueryable: Bool { self != .recent }

  /// Whether the rows depend on marks, so they are read again once marks are written (a star added
  /// elsewhere joins Starred).
  var followsMarks: Bool { self == .starred }

  /// What the cache is asked for, without a search, filter or sort (nil for Recent); with `hidesRead`
  /// (`U`) read articles are left out.
  func scope(hidesRead: Bool) -> ItemScope? {
    let unreadOnly = hidesRead || isUnreadOnly
    switch self {
    case .feed(let id): return ItemScope(feedID: id, unreadOnly: unreadOnly)
    case .unread, .all: return ItemScope(.all, unreadOnly: unreadOnly)
    case .starred: return ItemScope(.starred, unreadOnly: unreadOnly)
    case .tag(let name): return ItemScope(.tag(name), unreadOnly: unreadOnly)
    case .query(let query): return ItemScope(.query(query.expression), unreadOnly: unreadOnly)
    case .recent: return nil
    }
  }

  /// The feeds `r` reloads for this list: its feed, or a tag's feeds; none for the lists that gather
  /// articles across feeds.
  func feeds(in feeds: [CachedFeed]) -> [CachedFeed] {
    switch self {
    case .feed(let id): feeds.filter { $0.id == id }
    case .tag(let name): feeds.filter { $0.tags.contains(name) }
    case .unread, .starred, .all, .query, .recent: []
    }
  }

  /// The counts this list's row on the feed list shows (nil: none).
  @MainActor
  func counts(in session: ReadingSession) -> ListCounts? {
    let feedList = session.feedList
    switch self {
    case .feed(let id):
      return feedList.feed(id: id).map { ListCounts(shown: $0.unreadCount, total: $0.totalCount) }
    case .unread: return ListCounts(shown: feedList.unreadCount)
    case .starred: return ListCounts(shown: feedList.starredCount, hasUnread: false)
    case .tag(let name): return ListCounts(shown: feedList.unreadCount(ofTag: name))
    case .query(let query):
      guard let index = session.queryFeeds.firstIndex(of: query), feedList.queryCounts.indices.contains(index)
      else { return nil }
      let count = feedList.queryCounts[index]
      return ListCounts(shown: count.unread, total: count.total)
    case .all, .recent: return nil
    }
  }

  /// Shown when the list has no rows: what the search or filter found nothing for, else why this list
  /// is empty and, where a key helps, which (`keyMap`). `feed` is this list's feed, when it is one.
  func emptyText(search: SearchQuery?, filtered: Bool, unreadOnly: Bool, feed: CachedFeed?, keyMap: KeyMap) -> String {
    if let search { return "No article matches \(search.text)" }
    if filtered, let key = keyMap.keys(for: .setFilter).first {
      return "No article matches the filter (\(key), then Enter on an empty line, shows all)"
    }
    switch self {
    case .unread: return "No unread articles"
    case .all, .tag: return "No articles here yet"
    case .query: return "No article matches this query feed"
    case .recent: return "No article opened yet"
    case .starred: return unreadOnly ? "No unread starred articles" : "No starred articles (s stars one)"
    case .feed: break
    }
    if let page = feed, !page.offeredFeeds.isEmpty {
      return "A web page: Enter lists its \(Notice.counted(page.offeredFeeds.count, "feed"))"
    }
    if unreadOnly { return "No unread articles (U shows read ones)" }
    if feed?.lastError != nil, let key = keyMap.keys(for: .showErrors).first {
      return "This feed failed to load — \(key) shows why"
    }
    guard let key = keyMap.keys(for: .reload).first else { return "No articles in this feed yet" }
    return "No articles in this feed yet — \(key) reloads it"
  }
}

/// The counts on one row of the feed list: `shown` (unread articles, or Starred's starred ones), `total`
/// beside it when the row has one (`unread/total`), and whether the row reads as unread (emphasized).
struct ListCounts: Equatable {
  var shown: Int
  var total: Int?
  var hasUnread: Bool

  init(shown: Int, total: Int? = nil, hasUnread: Bool? = nil) {
    self.shown = shown
    self.total = total
    self.hasUnread = hasUnread ?? (shown > 0)
  }

  /// `12/40`, or `12` with `unreadOnly` (a narrow column) or without a total.
  func text(unreadOnly: Bool) -> String {
    guard let total, !unreadOnly else { return "\(shown)" }
    return "\(shown)/\(total)"
  }

  /// The columns `text(unreadOnly:)` takes (its characters are ASCII), counted without writing it.
  func width(unreadOnly: Bool) -> Int {
    guard let total, !unreadOnly else { return Self.width(of: shown) }
    return Self.width(of: shown) + 1 + Self.width(of: total)
  }

  /// The characters of `"\(number)"`: its digits and a minus sign.
  static func width(of number: Int) -> Int {
    var digits = 1
    var rest = number.magnitude
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    return number < 0 ? digits + 1 : digits
  }
}
