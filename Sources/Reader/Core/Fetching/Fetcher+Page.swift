import Foundation

extension Fetcher {
  /// Fetches an article's web page with the same limits as a feed — timeouts,
  /// redirects, the size cap, the User-Agent — but expecting HTML, which `fetch` refuses as "not a feed".
  /// `refusingLocal`: the page is linked from a feed on the internet, so it is not fetched from the
  /// user's own network (`LocalNetwork`).
  public func fetchPage(_ url: URL, refusingLocal: Bool = false) async throws(FetchError) -> FetchedFeed {
    var request = HTTPRequest(url: url)
    request.refusesLocalAddresses = refusingLocal
    request.setValue(configuration.userAgent, forHeader: "User-Agent")
    request.setValue("text/html, application/xhtml+xml;q=0.9, */*;q=0.5", forHeader: "Accept")
    let (response, data) = try await transfer(request)
    let finalURL = response.url
    guard (200..<300).contains(response.statusCode) else {
      throw .httpStatus(
        code: response.statusCode, url: finalURL.absoluteString, retryAfter: response.header("Retry-After"))
    }
    let charset = response.header("Content-Type").flatMap(Self.charset(inContentType:))
    return FetchedFeed(data: data, finalURL: finalURL, charset: charset, status: response.statusCode)
  }
}
