import Foundation
import Reader

/// Full article pages (`f`): the article's web page fetched off the main thread, its main text kept and
/// stored with the article; the result comes back as `.pageFetched` or `.pageFailed`.
@MainActor
public final class ArticlePages {
  private let cache: Cache
  private let fetcher: Fetcher
  private let events: EventQueue

  init(cache: Cache, fetcher: Fetcher, events: EventQueue) {
    self.cache = cache
    self.fetcher = fetcher
    self.events = events
  }

  /// The page's address for `article`, or why there is none.
  static func address(of article: CachedArticle) -> Result<URL, PageError> {
    guard let link = article.item.link, let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased())
    else { return .failure(PageError(description: "This article has no web page to fetch.")) }
    return .success(url)
  }

  public struct PageError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Starts fetching `url` for article `id`.
  func fetch(_ url: URL, forArticle id: Int64) {
    let fetcher = self.fetcher
    let cache = self.cache
    let events = self.events
    Task.detached {
      do {
        let page = try await fetcher.fetchPage(url)
        let html = MainText.html(ofPage: page.data, charset: page.charset)
        if !cache.isReadOnly { try cache.setFullContent(html, itemID: id) }
        events.post(.pageFetched(itemID: id, html: html))
      } catch {
        events.post(.pageFailed(itemID: id, message: "Could not fetch the article's page: \(error)"))
      }
    }
  }
}
