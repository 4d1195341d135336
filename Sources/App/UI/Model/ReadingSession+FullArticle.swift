import Foundation
import Reader

/// The full article (`f`, `always-full-article`): the open article's page fetched, the next ones fetched
/// ahead, and which links may reach the user's own network (`LocalNetwork`).
extension ReadingSession {
  /// `f`: fetches the open article's web page; `.pageFetched` keeps it with the article. A page being
  /// fetched ahead is now waited for.
  func fetchFullArticle() {
    guard let article = selected, article.fullArticle == nil else { return }
    switch ArticlePages.address(of: article) {
    case .failure(let failure):
      status.notify(error: failure.description)
    case .success(let url):
      status.progress = "Fetching \(url.absoluteString)…"
      let refusing = refusesLocal(url.absoluteString, refusing: refusesLocalLinks(of: article))
      pages.fetch(ArticlePages.Page(id: article.id, url: url, refusingLocal: refusing))
    }
  }

  /// `always-full-article`, the open article's page asked for: the pages of `ids` (the articles after
  /// it, in its list's order) fetched ahead, those not stored yet and opening on their page; any other
  /// page still being fetched is cancelled (`ArticlePages.fetchAhead`).
  func fetchPagesAhead(_ ids: [Int64]) {
    guard let current = selected?.id else { return }
    var ahead: [ArticlePages.Page] = []
    for id in ids.prefix(ArticlePages.ahead) {
      guard let article = try? cache.article(id: id), article.fullArticle == nil, opensFullArticle(article),
        case .success(let url) = ArticlePages.address(of: article)
      else { continue }
      let refusing = refusesLocal(url.absoluteString, refusing: refusesLocalLinks(of: article))
      ahead.append(ArticlePages.Page(id: id, url: url, refusingLocal: refusing))
    }
    if pages.fetchAhead(ahead, after: current), !pages.isWaitedFor(current) { status.progress = nil }
  }

  /// Whether the pages and pictures `article` links to may not be fetched from the user's own network:
  /// its feed is on the internet and `fetch-local-links` is off (`LocalNetwork`).
  func refusesLocalLinks(of article: CachedArticle) -> Bool {
    guard !configuration.fetchLocalLinks else { return false }
    return !(feeds.first { $0.id == article.feedID }.map { LocalNetwork.isLocal(feed: $0.url) } ?? false)
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
    guard let feed = feeds.first(where: { $0.id == article.feedID }) else { return rules.contains(.all) }
    return rules.contains { $0.selects(feed) }
  }
}
