import Foundation
import Reader

/// Full article pages (`f`): the article's web page fetched and its article extracted off the main thread,
/// stored with the article (the page itself is not kept); the result comes back as `.pageFetched` or
/// `.pageFailed` — a page with no article is a failure, so the feed's text stays.
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

  /// Articles whose page is being fetched: a second `f` meanwhile starts no second fetch.
  private var inFlight: Set<Int64> = []

  func isFetching(_ id: Int64) -> Bool { inFlight.contains(id) }

  /// Called when the page's event arrives.
  func finished(_ id: Int64) { inFlight.remove(id) }

  /// Starts fetching `url` for article `id`.
  func fetch(_ url: URL, forArticle id: Int64) {
    guard inFlight.insert(id).inserted else { return }
    let fetcher = self.fetcher
    let cache = self.cache
    let events = self.events
    Task.detached {
      do {
        let page = try await fetcher.fetchPage(url)
        let html = try ArticleExtractor.extract(data: page.data, charset: page.charset, url: page.finalURL).readerHTML
        if !cache.isReadOnly { try cache.setFullContent(html, itemID: id) }
        events.post(.pageFetched(itemID: id, html: html))
      } catch let error as ExtractionError {
        let message = error == .notAnArticle ? "No article found on this page; the feed's text stays." : "The article's page: \(error)."
        events.post(.pageFailed(itemID: id, message: message))
      } catch {
        events.post(.pageFailed(itemID: id, message: "Could not fetch the article's page: \(error)"))
      }
    }
  }
}

extension CachedArticle {
  /// The stored full article, when the extractor made it (a page stored before it is fetched again).
  var fullArticle: String? { fullContent.flatMap { ExtractedArticle.isReaderHTML($0) ? $0 : nil } }
}
