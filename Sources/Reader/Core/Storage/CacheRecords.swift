import Foundation

/// A feed as the feed list shows it (DESIGN §1): where it comes from, its title, the
/// validators for the next conditional GET, the last fetch and its error, and the unread / total counts.
public struct CachedFeed: Sendable, Equatable, Identifiable {
  public var id: Int64
  /// The cache key: the source as a URL (`FeedSource.url`), `file://` for local files.
  public var url: String
  /// The feed's own title; nil until it was fetched once.
  public var title: String?
  public var siteLink: String?
  public var validators: Validators
  /// When the last fetch ended (successfully or not); nil if never fetched.
  public var lastFetch: Date?
  /// The error sentence of the last fetch, nil when it succeeded.
  public var lastError: String?
  /// Order in the urls file (or of addition).
  public var position: Int
  public var unreadCount: Int
  public var totalCount: Int
  /// When the last fetch found an HTML page instead of a feed: the feed addresses the page advertises
  /// (`FetchError.notAFeed`), for the reader to offer; empty otherwise.
  public var offeredFeeds: [String] = []
  /// What the parser repaired or skipped in the stored document, one sentence each (its last successful
  /// reload; a 304 or a failed reload leaves them as they were, since the stored items are unchanged).
  public var warnings: [String] = []
  /// The feed's tags (urls file, OPML folders; `Cache.setTags`), in the order given.
  public var tags: [String] = []
  /// The server's stream id ("feed/…") of a feed kept by sync; nil for a local feed.
  public var remoteID: String? = nil
  /// Whether and until when reloads leave the feed alone, and where it moved (DESIGN §8).
  public var poll = PollState()
  /// The urls file's `"~Title"` (`UrlsFile.Entry.title`), shown in place of `title`. Not stored: the urls
  /// file is read at every start and is the only owner, so the run sets it (with `isHidden`) and keeps it
  /// across re-reads of the cache (`keepingUrlsSettings`); a cache row never has it.
  public var titleOverride: String? = nil
  /// The urls file's `"!"`: not a row of the feed list; its articles stay in aggregate lists. Not stored,
  /// as `titleOverride`.
  public var isHidden = false

  /// How many warnings the stored document gave (the feed row's marker).
  public var warningCount: Int { warnings.count }
  /// The first of them (the status line).
  public var firstWarning: String? { warnings.first }

  /// What the list shows: the urls file's title, else the feed's own, else the address.
  public var displayTitle: String { titleOverride ?? title.flatMap { $0.isEmpty ? nil : $0 } ?? url }

  /// This feed (as re-read from the cache) with `earlier`'s urls-file settings, which the cache does not
  /// hold (`titleOverride`).
  public func keepingUrlsSettings(of earlier: CachedFeed) -> CachedFeed {
    var feed = self
    feed.titleOverride = earlier.titleOverride
    feed.isHidden = earlier.isHidden
    return feed
  }
  /// The source to fetch, when the stored URL still parses as one.
  public var source: FeedSource? { try? FeedSource(parsing: url) }
  /// The address a reload asks: where permanent redirects led, else the feed's own (DESIGN §8).
  public var fetchURL: String { poll.movedTo ?? url }
}

/// One row of an article list: only what the list draws, so 50,000 of them load fast; the body is read
/// on demand with `Cache.article(id:)`.
public struct ItemSummary: Sendable, Equatable, Identifiable {
  public var id: Int64
  public var feedID: Int64
  public var title: String
  /// Published, else updated; nil when the feed gave neither.
  public var date: Date?
  public var isRead: Bool
  /// Kept by the reader on purpose (`Cache.setStarred`): lists draw a mark beside it.
  public var isStarred = false
}

/// An article with everything the detail screen needs: the item as parsed, its read flag, and the page
/// text fetched later for feeds that carry only a summary.
public struct CachedArticle: Sendable, Equatable, Identifiable {
  public var id: Int64
  public var feedID: Int64
  public var item: Item
  public var isRead: Bool
  public var firstSeen: Date
  /// HTML of the article's page, stored by `Cache.setFullContent`; nil until fetched.
  public var fullContent: String?
  /// Kept by the reader on purpose (`Cache.setStarred`).
  public var isStarred = false
  /// Flag letters, sorted (`Cache.setFlags`); empty when none.
  public var flags = ""
}

/// What one successful fetch wrote for a feed: how many of its items were new to the cache.
public struct StoreSummary: Sendable, Equatable {
  public var newItems: Int
  public var itemsInDocument: Int
}
