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

  /// Why nothing was subscribed to, as the status line says it.
  public struct Failure: Error {
    public var notice: Notice
    init(_ notice: Notice) { self.notice = notice }
  }
}
