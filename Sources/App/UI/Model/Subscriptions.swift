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

  /// Subscribes to `address` in place of `page`: the new feed's cache row and a sentence for the status
  /// line, or the sentence saying why nothing was done.
  func subscribe(to address: String, inPlaceOf page: CachedFeed) -> Result<(feed: CachedFeed, notice: String), Failure> {
    let key: String
    do {
      key = try FeedSource(parsing: address).url.absoluteString
    } catch {
      return .failure(Failure(error.description))
    }
    guard !cache.isReadOnly else {
      return .failure(Failure("The cache is read-only in this run: nothing can be subscribed to."))
    }
    let notice: String
    if let urlsFile {
      do {
        let line = try urlsFile.replaceAddress(of: page.url, with: address)
        notice = "Subscribed to \(address) in place of \(page.url) (line \(line) of \(urlsFile.path))."
      } catch {
        return .failure(Failure("\(error)"))
      }
    } else {
      notice = "Showing \(address) for this session only: \(page.url) came from the command line, no urls file was changed."
    }
    do {
      guard let added = try cache.addFeeds(urls: [key]).first else {
        return .failure(Failure("\(address) could not be added to the cache."))
      }
      return .success((added, notice))
    } catch {
      return .failure(Failure("\(error)"))
    }
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }
}
