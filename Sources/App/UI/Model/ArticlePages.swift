import Foundation
import Reader

/// Full article pages (`f`): the article's web page fetched and its article extracted off the main thread,
/// stored with the article (the page itself is not kept); the result comes back as `.pageFetched` or
/// `.pageFailed` — a page with no article is a failure, so the feed's text stays.
///
/// Every page and picture fetch runs in one `FetchLanes` (a few at once, fewer to one host), the page
/// the user waits for ahead of the rest; with `always-full-article` the pages of the next few articles
/// are fetched ahead (`fetchAhead`), so `J` finds them stored.
@MainActor
public final class ArticlePages {
  private let cache: Cache
  private let fetcher: Fetcher
  private let events: EventQueue
  /// The lanes the pages and the pictures share.
  let lanes: FetchLanes
  /// The pictures of the articles shown (`inline-images`), fetched with the same transport.
  public let images: ArticleImages

  /// How many articles after the open one have their page fetched ahead.
  static let ahead = 3

  /// The session's heavy lane (`HeavyWork`): extraction and picture decoding, never on the shared pool.
  let heavy: HeavyWork

  init(cache: Cache, fetcher: Fetcher, events: EventQueue, heavy: HeavyWork, lanes: FetchLanes = FetchLanes()) {
    self.cache = cache
    self.fetcher = fetcher
    self.events = events
    self.heavy = heavy
    self.lanes = lanes
    images = ArticleImages(
      fetcher: fetcher, disk: ImageDiskCache(forCacheAt: cache.path), events: events, heavy: heavy, lanes: lanes)
  }

  /// The page's address for `article`; nil when it links to no web page (`Notice.noWebPage`).
  static func address(of article: CachedArticle) -> URL? {
    guard let link = article.item.link, let url = URL(string: link), ["http", "https"].contains(url.scheme?.lowercased())
    else { return nil }
    return url
  }

  /// One page to fetch: the article, its page's address, and whether the address may not be on the
  /// user's own network (`LocalNetwork`).
  struct Page: Equatable {
    var id: Int64
    var url: URL
    var refusingLocal: Bool
  }

  /// Articles whose page is being fetched: a second `f` meanwhile starts no second fetch.
  private var inFlight: [Int64: Task<Void, Never>] = [:]
  /// The articles among them whose page the user asked for (`f`, or opened): their end is shown on the
  /// status line; a page fetched ahead ends silently.
  private var wanted: Set<Int64> = []

  /// Called when the page's event arrives; returns whether the user was waiting for it.
  func finished(_ id: Int64) -> Bool {
    inFlight[id] = nil
    return wanted.remove(id) != nil
  }

  /// Starts fetching `page`, which the user waits for (a page already fetched ahead is now waited for).
  func fetch(_ page: Page) {
    wanted.insert(page.id)
    if inFlight[page.id] == nil { start(page, urgent: true) }
  }

  /// Article `current` was opened with `always-full-article`: fetches `pages` (the next ones) ahead, and
  /// cancels the fetch of every other page — articles `J` passed over — so a run of `J` presses leaves
  /// no queue behind it: what has not started leaves the lanes unsent, and its end is not said. Returns
  /// whether a page the user was waiting for was among them (its progress is no longer to be shown).
  @discardableResult
  func fetchAhead(_ pages: [Page], after current: Int64) -> Bool {
    let keep = Set(pages.map(\.id)).union([current])
    var droppedWanted = false
    for (id, task) in inFlight where !keep.contains(id) {
      task.cancel()
      inFlight[id] = nil
      droppedWanted = wanted.remove(id) != nil || droppedWanted
    }
    for page in pages where inFlight[page.id] == nil { start(page, urgent: false) }
    return droppedWanted
  }

  /// Whether the user waits for the page of article `id`.
  func isWaitedFor(_ id: Int64) -> Bool { wanted.contains(id) }

  private func start(_ page: Page, urgent: Bool) {
    let (fetcher, cache, events, lanes, heavy) = (self.fetcher, self.cache, self.events, self.lanes, self.heavy)
    let id = page.id
    inFlight[id] = Task.detached {
      let fetched = await lanes.run(page.url, urgent: urgent) { () async -> Result<FetchedFeed, FetchError> in
        do throws(FetchError) {
          return .success(try await fetcher.fetchPage(page.url, refusingLocal: page.refusingLocal))
        } catch {
          return .failure(error)
        }
      }
      // Cancelled before a lane was free: `fetchAhead` has forgotten it already, nothing to say.
      guard let fetched else { return }
      do {
        let page = try fetched.get()
        // In the heavy lane, never on the shared pool the mark writer needs (`HeavyWork`).
        let extracted = try await heavy.run {
          Result { try ArticleExtractor.extract(data: page.data, charset: page.charset, url: page.finalURL).readerHTML }
        }
        let html = try extracted.get()
        if !cache.isReadOnly { try cache.setFullContent(html, itemID: id) }
        events.post(.pageFetched(itemID: id, html: html))
      } catch let error as ExtractionError {
        let notice = error == .notAnArticle ? Notice.noArticleOnPage : .pageNotExtracted(reason: "\(error)")
        events.post(.pageFailed(itemID: id, notice: notice))
      } catch {
        events.post(.pageFailed(itemID: id, notice: .pageNotFetched(reason: "\(error)")))
      }
    }
  }
}

extension CachedArticle {
  /// The stored full article, when the extractor made it (a page stored before it is fetched again).
  var fullArticle: String? { fullContent.flatMap { ExtractedArticle.isReaderHTML($0) ? $0 : nil } }
}
