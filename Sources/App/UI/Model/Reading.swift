import Foundation
import Reader

/// The article being read: it owns the open article (`selected`, the one place it lives), Recent, and
/// the full article's requests (`f`, `always-full-article`: the open article's page, the next ones
/// fetched ahead, and which links may reach the user's own network, `LocalNetwork`).
@MainActor
public final class Reading {
  private let cache: Cache
  private let configuration: UIConfiguration
  private let feedList: FeedList
  private let pages: ArticlePages
  private let board: StatusBoard
  public let recent: RecentArticles
  /// The open article (the detail pane reads it from here).
  public internal(set) var selected: CachedArticle?
  /// Bumped when another article is opened: the container dismisses popovers and refreshes Recent.
  public private(set) var revision = 0

  init(cache: Cache, configuration: UIConfiguration, feedList: FeedList, pages: ArticlePages, board: StatusBoard) {
    self.cache = cache
    self.configuration = configuration
    self.feedList = feedList
    self.pages = pages
    self.board = board
    do {
      recent = RecentArticles(try cache.recents())
    } catch {
      recent = RecentArticles([])
      board.fail(error)
    }
  }

  /// The page of the open article arrived (`.pageFetched`): it is kept with the article.
  func apply(_ event: Event) {
    guard case .pageFetched(let id, let html) = event, selected?.id == id else { return }
    selected?.fullContent = html
  }

  /// Article `article` (read from the cache as `summary` listed it) is the open one, at the top of Recent.
  func select(_ article: CachedArticle, listedAs summary: ItemSummary) {
    selected = article
    revision += 1
    recent.record(summary)
  }

  /// The articles nothing but this model shows (Recent, the open article): the flag store keeps them.
  var shownIDs: Set<Int64> {
    var ids = Set(recent.items.map(\.id))
    if let id = selected?.id { ids.insert(id) }
    return ids
  }

  // MARK: The full article

  /// `f`: fetches the open article's web page; `.pageFetched` keeps it with the article. A page being
  /// fetched ahead is now waited for.
  func fetchFullArticle() {
    guard let article = selected, article.fullArticle == nil else { return }
    guard let url = ArticlePages.address(of: article) else { return board.line.notify(.noWebPage) }
    board.line.progress = .fetching(url)
    let refusing = refusesLocal(url.absoluteString, refusing: refusesLocalLinks(of: article))
    pages.fetch(ArticlePages.Page(id: article.id, url: url, refusingLocal: refusing))
  }

  /// `always-full-article`, the open article's page asked for: the pages of `ids` (the articles after
  /// it, in its list's order) fetched ahead, those not stored yet and opening on their page; any other
  /// page still being fetched is cancelled (`ArticlePages.fetchAhead`).
  func fetchPagesAhead(_ ids: [Int64]) {
    guard let current = selected?.id else { return }
    var ahead: [ArticlePages.Page] = []
    for id in ids.prefix(ArticlePages.ahead) {
      guard let article = try? cache.article(id: id), article.fullArticle == nil, opensFullArticle(article),
        let url = ArticlePages.address(of: article)
      else { continue }
      let refusing = refusesLocal(url.absoluteString, refusing: refusesLocalLinks(of: article))
      ahead.append(ArticlePages.Page(id: id, url: url, refusingLocal: refusing))
    }
    if pages.fetchAhead(ahead, after: current), !pages.isWaitedFor(current) { board.line.progress = nil }
  }

  /// Whether the pages and pictures `article` links to may not be fetched from the user's own network:
  /// its feed is on the internet and `fetch-local-links` is off (`LocalNetwork`).
  func refusesLocalLinks(of article: CachedArticle) -> Bool {
    guard !configuration.fetchLocalLinks else { return false }
    return !(feedList.feed(id: article.feedID).map { LocalNetwork.isLocal(feed: $0.url) } ?? false)
  }

  /// Whether `address`, linked from an article whose links refuse the user's own network (`refusing`),
  /// is refused it: anything but the sync server's own address (`LocalNetwork.isOnServer`).
  func refusesLocal(_ address: String, refusing: Bool) -> Bool {
    refusing && !LocalNetwork.isOnServer(URL(string: address), configuration.engine.sync.url)
  }

  /// Whether `article` opens on its full article (`always-full-article` names its feed, one of its tags,
  /// or `*`).
  func opensFullArticle(_ article: CachedArticle) -> Bool {
    let rules = configuration.alwaysFullArticle
    guard !rules.isEmpty else { return false }
    guard let feed = feedList.feed(id: article.feedID) else { return rules.contains(.all) }
    return rules.contains { $0.selects(feed) }
  }
}
