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

/// `inline-images`: how the article pane draws pictures. `auto` is resolved at start from what the
/// terminal answers (`GraphicsProbe`, README "Pictures"); `kitty` and `sixel` name the protocol the
/// terminal draws them with, `cells` half blocks; `off` shows the alt text.
public enum InlineImages: String, CaseIterable, Sendable {
  case auto, kitty, sixel, cells, off
}

/// The pictures of the articles shown, by address: fetched and decoded off the main thread a few at a
/// time (`ImageLoader`), the result back as `.imageLoaded`. Kept in memory within one byte budget for
/// every decoded picture (`maxBytes`, docs/ROBUSTNESS.md), the least recently asked
/// for going first (the disk cache keeps the files); `revision` changes with every picture that arrives,
/// so the article pane lays its text out again.
@MainActor
public final class ArticleImages {
  public enum State: Sendable {
    case loading
    case loaded(Bitmap)
    case failed(ImageFailure)
  }

  private let fetcher: Fetcher
  private let disk: ImageDiskCache?
  private let events: EventQueue
  private let heavy: HeavyWork
  private let lanes: FetchLanes?
  private var states: [String: State] = [:]
  /// Addresses, least recently asked for first; one still loading keeps its place, and is weighed (and
  /// may go) once it has arrived. Before, an address dropped while loading was never dropped again: 400
  /// pictures held 0.9 GB for the rest of the run.
  private var recent: [String] = []
  /// Addresses to load, with whether each refuses the user's own network.
  private var waiting: [(url: String, refusingLocal: Bool)] = []
  private var running = 0
  /// The bytes of the decoded pictures in `states`, at most `maxBytes` once a picture has arrived.
  public private(set) var keptBytes = 0
  public private(set) var revision = 0
  /// One object per picture in memory, so a frame's placements compare equal while it stays the same.
  private var pictures: [String: ArticlePicture] = [:]
  /// The kitty graphics ids of the pictures drawn at one size (`KittyImageIDs`).
  var kittyIDs = KittyImageIDs()

  static let maxRunning = 4
  /// The decoded pictures' budget: 32 of the largest kept (480 × 1,080), over a hundred of a usual size.
  public static let maxBytes = 64 << 20
  /// The most addresses remembered, failed ones included (those weigh nothing in `maxBytes`).
  static let maxKept = 1_000
  /// An address among the last this many asked for stays in place when asked again (a layout asks for
  /// every picture of the article each time).
  static let recentTail = 32

  init(fetcher: Fetcher, disk: ImageDiskCache?, events: EventQueue, heavy: HeavyWork = .shared, lanes: FetchLanes? = nil) {
    self.fetcher = fetcher
    self.disk = disk
    self.events = events
    self.heavy = heavy
    self.lanes = lanes
  }

  /// The picture at `url`, asking for it the first time; `refusingLocal`: it is linked from a feed on the
  /// internet, so it is not fetched from the user's own network (`LocalNetwork`). A picture refused so is
  /// asked for again when a local feed shows it.
  public func state(of url: String, refusingLocal: Bool = false) -> State {
    if case .failed(.localAddress) = states[url], !refusingLocal {
      states[url] = nil
      recent.removeAll { $0 == url }
    }
    if let state = states[url] {
      if let index = recent.lastIndex(of: url), index < recent.count - Self.recentTail {
        recent.remove(at: index)
        recent.append(url)
      }
      return state
    }
    states[url] = .loading
    recent.append(url)
    waiting.append((url, refusingLocal))
    startWaiting()
    return .loading
  }

  /// The picture at `url` for the terminal's own graphics, once loaded.
  func picture(of url: String) -> ArticlePicture? {
    if let picture = pictures[url] { return picture }
    guard case .loaded(let bitmap) = states[url] else { return nil }
    let picture = ArticlePicture(bitmap)
    pictures[url] = picture
    return picture
  }

  /// A picture arrived (`.imageLoaded`).
  public func loaded(_ url: String, _ result: Result<Bitmap, ImageFailure>) {
    running -= 1
    switch result {
    case .success(let bitmap):
      states[url] = .loaded(bitmap)
      keptBytes += bitmap.pixels.count
    case .failure(let failure): states[url] = .failed(failure)
    }
    revision += 1
    dropLeastRecent(keeping: url)
    startWaiting()
  }

  /// Forgets the least recently asked for pictures that have arrived until the kept ones fit `maxBytes`
  /// and `maxKept`, but never `arrived` (it is about to be drawn; asked again at once, it would load again).
  private func dropLeastRecent(keeping arrived: String) {
    var index = 0
    while keptBytes > Self.maxBytes || recent.count > Self.maxKept, index < recent.count {
      let url = recent[index]
      let loading = if case .loading = states[url] { true } else { false }
      if loading || url == arrived {
        index += 1
        continue
      }
      recent.remove(at: index)
      if case .loaded(let bitmap) = states.removeValue(forKey: url) { keptBytes -= bitmap.pixels.count }
      pictures[url] = nil
    }
  }

  private func startWaiting() {
    while running < Self.maxRunning, !waiting.isEmpty {
      let (url, refusingLocal) = waiting.removeFirst()
      running += 1
      let (fetcher, disk, events, lanes, heavy) = (self.fetcher, self.disk, self.events, self.lanes, self.heavy)
      Task.detached {
        let result = await ImageLoader.load(
          url, fetcher: fetcher, disk: disk, heavy: heavy, lanes: lanes, refusingLocal: refusingLocal)
        events.post(.imageLoaded(url: url, result: result))
      }
    }
  }
}
