import Foundation

extension NewsboatCache {
  /// What `merge` brought over, for `import-newsboat`'s report.
  public struct Counts: Equatable, Sendable {
    public var merge = Cache.MergeSummary()
    public var read = 0
    public var starred = 0
    /// Articles of feeds no longer in newsboat's urls file.
    public var otherFeeds = 0
    public var deleted = 0
    /// Rows of newsboat's cache that could not be read, and rows read with a value taken as its default.
    public var skipped = 0
    public var defaulted = 0

    public init() {}
  }

  /// Merges every article into its feed among `feeds` (matched by cache key, newsboat's feed addresses
  /// read from `newsboatFolder` as its urls file is), with read marks and flags.
  public func merge(into cache: Cache, feeds: [CachedFeed], newsboatFolder folder: String) throws -> Counts {
    var byFeed: [String: [Cache.MergedArticle]] = [:]
    var keys: [String: String] = [:]
    var counts = Counts()
    counts.deleted = deletedCount
    counts.skipped = skippedCount
    counts.defaulted = defaultedCount
    for entry in articles {
      let key = keys[entry.feedURL] ?? (try? FeedSource(parsing: entry.feedURL, currentDirectory: folder).url.absoluteString) ?? entry.feedURL
      keys[entry.feedURL] = key
      byFeed[key, default: []].append(entry.article)
    }
    for row in feeds {
      guard let articles = byFeed.removeValue(forKey: row.url) else { continue }
      let summary = try cache.mergeArticles(articles, feedID: row.id)
      counts.merge.matched += summary.matched
      counts.merge.added += summary.added
      counts.read += articles.count { $0.isRead }
      counts.starred += articles.count { $0.isStarred }
    }
    counts.otherFeeds = byFeed.values.reduce(0) { $0 + $1.count }
    return counts
  }
}
