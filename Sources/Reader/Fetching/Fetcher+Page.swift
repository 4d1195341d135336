import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Fetcher {
  /// Fetches an article's web page (issue 5, "Full article") with the same limits as a feed — timeouts,
  /// redirects, the size cap, the User-Agent — but expecting HTML, which `fetch` refuses as "not a feed".
  public func fetchPage(_ url: URL) async throws(FetchError) -> FetchedFeed {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
    request.setValue("text/html, application/xhtml+xml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
    let (response, data) = try await transfer(request, url: url)
    let finalURL = response.url ?? url
    guard (200..<300).contains(response.statusCode) else {
      throw .httpStatus(
        code: response.statusCode, url: finalURL.absoluteString, retryAfter: Self.header("Retry-After", in: response))
    }
    let charset = Self.header("Content-Type", in: response).flatMap(Self.charset(inContentType:))
    return FetchedFeed(data: data, finalURL: finalURL, charset: charset, status: response.statusCode)
  }
}
