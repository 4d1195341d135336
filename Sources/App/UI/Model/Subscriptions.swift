import Reader

/// Changes to what the user subscribes to, made from the reader: a feed a web page advertises takes the
/// page's place, on the page's urls-file line (tags and comment kept) when this run's feeds come from the
/// urls file, else for this session only.
@MainActor
public final class Subscriptions {
  private let cache: Cache
  /// The urls file this run's feeds come from; nil when they came from SOURCE arguments (or only from
  /// the cache).
  public var urlsFile: UrlsFileStore?

  init(cache: Cache) { self.cache = cache }

  /// Subscribes to `address` in place of `page`: the new feed's cache row and the notice for the status
  /// line, or the failure saying why nothing was done.
  func subscribe(to address: String, inPlaceOf page: CachedFeed) -> Result<(feed: CachedFeed, notice: Notice), Failure> {
    let key: String
    do {
      key = try FeedSource(parsing: address).url.absoluteString
    } catch {
      return .failure(Failure(.failure(error.description)))
    }
    guard !cache.isReadOnly else { return .failure(Failure(.readOnlyCache(.subscribe))) }
    let notice: Notice
    if let urlsFile {
      do {
        let line = try urlsFile.replaceAddress(of: page.url, with: address)
        notice = .subscribed(address: address, inPlaceOf: page.url, line: line, file: urlsFile.path)
      } catch {
        return .failure(Failure(.failure("\(error)")))
      }
    } else {
      notice = .subscribedForSession(address: address, inPlaceOf: page.url)
    }
    do {
      guard let added = try cache.addFeeds(urls: [key]).first else {
        return .failure(Failure(.notAdded(address: address)))
      }
      return .success((added, notice))
    } catch {
      return .failure(Failure(.failure("\(error)")))
    }
  }

  /// `search` as a query feed (`search = "…"`, read through the index), its line appended to the urls
  /// file — an atomic rewrite that keeps every byte already there (`UrlsFileStore.edit`) — when this
  /// run's feeds come from it; else for this session only (`line` nil). Its title is the search's text,
  /// without the `:` that would end a query line's title.
  func saveSearch(_ search: SearchQuery) -> Result<(feed: QueryFeed, line: Int?), Failure> {
    let title = UrlsFile.oneLine(search.text.replacingOccurrences(of: ":", with: " "))
    let escaped = search.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    let expression: FilterExpression
    do {
      expression = try FilterExpression(parsing: "search = \"\(escaped)\"")
    } catch {
      return .failure(Failure(.failure("This search cannot be saved: \(error.message).")))
    }
    guard let urlsFile else { return .success((QueryFeed(title: title, expression: expression, line: 0), nil)) }
    var line = 0
    do {
      try urlsFile.edit { bytes in
        let added = UrlsFile.appending([(url: "query:\(title):\(expression.text)", tags: [])], to: bytes)
        line = added.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count - 1
        return added
      }
    } catch {
      return .failure(Failure(.failure("The search was not saved: \(error).")))
    }
    return .success((QueryFeed(title: title, expression: expression, line: line), line))
  }

  /// Why nothing was subscribed to, as the status line says it.
  public struct Failure: Error {
    public var notice: Notice
    init(_ notice: Notice) { self.notice = notice }
  }
}
