import Reader

/// What a key that acts "on what has the focus" acts on (DESIGN §5): the window-wide actions (`N`, `s`,
/// `o`, `A`, `r`) switch over a target instead of asking which controller has the focus, so a new action
/// is one more switch, and a new kind of leaf says what it points at without the container learning it.
enum Target {
  /// One article: a list's selected row, or the open article.
  case article(PointedArticle)
  /// One feed, all of it (a feed's row, a feed's unfiltered list, the open article's feed).
  case feed(CachedFeed)
  /// Articles that are no single feed, or a feed narrowed by `F` or `/`: a smart list, a tag, a query
  /// feed, a search's results, Recent; with what the cache reads for them (nil for Recent, the articles
  /// opened, in the order opened).
  case list(ListSource, scope: ItemScope?)
}

/// An article pointed at; its read and star flags are the session's flag store's (`ArticleFlags`).
struct PointedArticle {
  let item: MarkedItem
  /// The article itself when it is open; a row has only its summary until it is read from the cache.
  let loaded: CachedArticle?

  /// A list's row.
  init(_ row: ItemSummary) {
    item = MarkedItem(row)
    loaded = nil
  }

  /// The open article.
  init(_ article: CachedArticle) {
    item = MarkedItem(article)
    loaded = article
  }

  /// The article's link (`o`), read from the cache for a row.
  @MainActor
  func link(in session: ReadingSession) throws -> String? {
    if let loaded { return loaded.item.link }
    return try session.cache.article(id: item.id)?.item.link
  }
}

/// A leaf that can have the focus says what it points at; the container finds the focus one way (the
/// split's focused leaf) and asks it.
@MainActor
protocol Pointing: AnyObject {
  /// The selected row or the open article: what `N`, `s` and `o` act on.
  var target: Target? { get }
  /// What the leaf shows as a whole, when it is more than its selection: an article list's feed or
  /// scope, the open article's feed. `A` and `r` act on it, else on `target`.
  var whole: Target? { get }
  /// The article list the keys that narrow a list (`/`, `F`, `S`) and move through one (`J`, `K`, `n`)
  /// mean: the list itself, or the list the article was opened from (nil on the feed list).
  var list: ArticleListController? { get }
}

extension Target {
  /// The feeds `r` reloads for this target: a feed, or the feeds a tag or a feed's narrowed list reads.
  @MainActor
  func feeds(in session: ReadingSession) -> [CachedFeed] {
    switch self {
    case .feed(let feed): return [feed]
    case .article(let article): return session.feeds.filter { $0.id == article.item.feedID }
    case .list(let source, _): return source.feeds(in: session.feeds)
    }
  }
}
