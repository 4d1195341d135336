import Foundation

/// Version named in the User-Agent header.
public let splitfeedVersion = "0.1.0"
/// The project's public home page, named in the User-Agent so a server's operator can find who asks
/// (DESIGN §8). Nil until the project has one: an invented address would send operators nowhere.
public let splitfeedHomePage: String? = nil
/// The User-Agent every request sends: the name, the version, the home page when there is one.
public let splitfeedUserAgent = "splitfeed/\(splitfeedVersion) (\(splitfeedHomePage.map { "+\($0); " } ?? "")terminal feed reader)"

/// Reads feeds from files and the web with the limits a feed reader owes the servers it polls and the
/// machine it runs on: timeouts, a redirect limit, a download cap, a User-Agent,
/// conditional GET, and a bounded number of fetches at once. Results are raw bytes plus what the parser
/// and the cache need (final URL, HTTP charset, validators); parsing happens elsewhere.
public struct Fetcher: Sendable {
  /// The limits; defaults are the product's, tests shorten the timeouts.
  public struct Configuration: Sendable {
    /// Seconds to connect, and the longest silence while transferring.
    public var connectTimeout: Double = 10
    /// Seconds for the whole transfer, redirects included.
    public var transferTimeout: Double = 30
    public var maxRedirects = 5
    /// Largest body accepted over HTTP, counted while it streams in (decoded size). Files are not capped.
    public var maxBytes = 32 << 20
    public var userAgent = splitfeedUserAgent
    /// Fetches running at once in `fetchAll`.
    public var maxConcurrent = 8

    public init() {}
  }

  public var configuration: Configuration

  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// Fetches one source. `validators` come from the last successful fetch (conditional GET); an unchanged
  /// feed returns `.notModified`.
  public func fetch(_ source: FeedSource, validators: Validators = Validators()) async throws(FetchError)
    -> FetchResult
  {
    switch source.location {
    case .file(let path):
      return .fetched(try readFile(path))
    case .web(let url):
      return try await fetchHTTP(url, validators: validators)
    case .exec(let command):
      return .fetched(FetchedFeed(data: try await runProgram(command, input: Data()), finalURL: source.url))
    case .filter(let command, let inner):
      switch try await fetch(FeedSource(inner), validators: validators) {
      case .notModified(let finalURL, let validators, let hints):
        return .notModified(finalURL: finalURL, validators: validators, hints: hints)
      case .fetched(var body):
        body.data = try await runProgram(command, input: body.data)
        body.charset = nil  // the program's output is its own bytes, whatever the server's header said
        return .fetched(body)
      }
    }
  }

  // MARK: - Programs

  /// The output of a urls file's command (`exec:`, `filter:`), bounded as a download is: the transfer
  /// timeout and the download cap (DESIGN §8). The program runs on a Dispatch thread, not on the
  /// concurrency pool, which a waiting program would otherwise hold.
  private func runProgram(_ command: String, input: Data) async throws(FetchError) -> Data {
    let argv = FeedSource.words(of: command)
    let limits = ChildProgram.Limits(timeout: .seconds(configuration.transferTimeout), outputBytes: configuration.maxBytes)
    let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Data, ChildProgram.OutputFailure>, Never>) in
      DispatchQueue.global().async { done.resume(returning: ChildProgram.output(argv, input: input, limits: limits)) }
    }
    switch result {
    case .success(let data):
      if let kind = BodySniffer.binaryKind(data) { throw .binaryBody(url: command, kind: kind, contentType: nil) }
      return data
    case .failure(let failure):
      throw .program(failure.description)
    }
  }

  /// Fetches many sources, at most `configuration.maxConcurrent` at a time, reporting `(done, total)` after
  /// each one. Results are in the order of `requests`.
  public func fetchAll(
    _ requests: [FetchRequest], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
  ) async -> [Result<FetchResult, FetchError>] {
    await BoundedPool.map(requests, limit: configuration.maxConcurrent, progress: progress) { request in
      do throws(FetchError) {
        return .success(try await self.fetch(request.source, validators: request.validators))
      } catch {
        return .failure(error)
      }
    }
  }

  // MARK: - Files

  /// "a named pipe (FIFO)" and the like for a path that is no regular file: reading one could block forever
  /// or never end, and "permission denied" would send the user looking in the wrong place.
  static func specialFileKind(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFSOCK: return "a socket"
    default: return nil
    }
  }

  private func readFile(_ path: String) throws(FetchError) -> FetchedFeed {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw .fileNotFound(path: path)
    }
    if isDirectory.boolValue { throw .fileUnreadable(path: path, reason: "it is a directory") }
    if let kind = Self.specialFileKind(path) { throw .fileUnreadable(path: path, reason: "it is \(kind), not a file") }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let readable = FileManager.default.isReadableFile(atPath: path)
      throw .fileUnreadable(path: path, reason: readable ? error.localizedDescription : "permission denied")
    }
    let url = URL(fileURLWithPath: path)
    if FeedDiscovery.isHTMLPage(data, contentType: nil) {
      throw .notAFeed(url: path, feedLinks: FeedDiscovery.feedLinks(in: data, pageURL: url))
    }
    if let kind = BodySniffer.binaryKind(data) { throw .binaryBody(url: path, kind: kind, contentType: nil) }
    return FetchedFeed(data: data, finalURL: url)
  }

  // MARK: - HTTP

  /// What a feed request accepts: the feed formats first, then any XML, then anything (a server that
  /// labels its feed `text/plain` still answers). `Accept-Encoding` is libcurl's (every encoding it decodes).
  static let acceptedTypes =
    "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8"

  private func fetchHTTP(_ url: URL, validators: Validators) async throws(FetchError) -> FetchResult {
    var request = HTTPRequest(url: url)
    request.setValue(configuration.userAgent, forHeader: "User-Agent")
    request.setValue(Self.acceptedTypes, forHeader: "Accept")
    if let etag = validators.etag { request.setValue(etag, forHeader: "If-None-Match") }
    if let date = validators.lastModified { request.setValue(date, forHeader: "If-Modified-Since") }

    let (response, data, movedTo) = try await transferFollowing(request)
    let finalURL = response.url
    let header = { (name: String) in response.header(name) }
    let newValidators = Validators(etag: header("ETag"), lastModified: header("Last-Modified"))
    let hints = PollHints(
      status: response.statusCode, cacheControl: header("Cache-Control"), expires: header("Expires"),
      date: header("Date"), retryAfter: header("Retry-After"), movedTo: movedTo?.absoluteString)
    switch response.statusCode {
    case 304:
      return .notModified(
        finalURL: finalURL,
        validators: Validators(
          etag: newValidators.etag ?? validators.etag,
          lastModified: newValidators.lastModified ?? validators.lastModified),
        hints: hints)
    case 200..<300:
      let contentType = header("Content-Type")
      if FeedDiscovery.isHTMLPage(data, contentType: contentType) {
        throw .notAFeed(
          url: finalURL.absoluteString, feedLinks: FeedDiscovery.feedLinks(in: data, pageURL: finalURL))
      }
      if let kind = BodySniffer.binaryKind(data) {
        throw .binaryBody(url: finalURL.absoluteString, kind: kind, contentType: contentType)
      }
      // libcurl decodes gzip/deflate itself and does not notice a compressed stream cut short.
      if let encoding = header("Content-Encoding"), encoding.lowercased() != "identity",
        BodySniffer.looksTruncated(data)
      {
        throw .truncated(url: finalURL.absoluteString)
      }
      return .fetched(
        FetchedFeed(
          data: data, finalURL: finalURL, charset: contentType.flatMap(Self.charset(inContentType:)),
          validators: newValidators, status: response.statusCode, hints: hints))
    default:  // errors, and 3xx answers that could not be followed (no Location)
      throw .httpStatus(
        code: response.statusCode, url: finalURL.absoluteString, retryAfter: header("Retry-After"))
    }
  }

  /// Runs `request`, following redirects here rather than in libcurl, so that each one's kind is seen:
  /// the answer, its body, and where the leading run of permanent redirects (301, 308) led — the feed's
  /// new address (DESIGN §8); a temporary one (302, 303, 307) ends that run. At most
  /// `configuration.maxRedirects` are followed, to http and https addresses only, as libcurl would.
  func transferFollowing(_ request: HTTPRequest) async throws(FetchError) -> (HTTPResponse, Data, URL?) {
    let asked = request.url
    var request = request
    request.followsRedirects = false
    var movedTo: URL?
    var permanentSoFar = true
    var hops = 0
    while true {
      let (response, data) = try await transfer(request)
      guard [301, 302, 303, 307, 308].contains(response.statusCode),
        let location = response.header("Location").flatMap({ URL(string: $0, relativeTo: request.url)?.absoluteURL }),
        let scheme = location.scheme?.lowercased(), scheme == "http" || scheme == "https"
      else { return (response, data, movedTo) }
      hops += 1
      if hops > configuration.maxRedirects {
        throw .tooManyRedirects(url: asked.absoluteString, limit: configuration.maxRedirects)
      }
      permanentSoFar = permanentSoFar && (response.statusCode == 301 || response.statusCode == 308)
      if permanentSoFar { movedTo = location }
      request.url = location
    }
  }

  /// Runs one GET with the limits; transport failures become `FetchError`s naming `url`.
  func transfer(_ request: HTTPRequest) async throws(FetchError) -> (HTTPResponse, Data) {
    switch await HTTPTransfer(request: request, configuration: configuration).run() {
    case .failed(let error):
      throw error
    case .response(let response, let data):
      return (response, data)
    }
  }

  /// The `charset` parameter of a Content-Type value (`text/xml; charset="ISO-8859-1"` → `ISO-8859-1`).
  static func charset(inContentType value: String) -> String? {
    for parameter in value.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard pair.count == 2, pair[0].lowercased() == "charset" else { continue }
      let charset = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      return charset.isEmpty ? nil : charset
    }
    return nil
  }
}

/// HTTP cache validators of a feed (ETag, Last-Modified): stored by the cache after a fetch and sent back
/// on the next one, so unchanged feeds cost a 304 instead of a download.
public struct Validators: Hashable, Sendable {
  public var etag: String?
  public var lastModified: String?

  public init(etag: String? = nil, lastModified: String? = nil) {
    self.etag = etag
    self.lastModified = lastModified
  }
}

/// One entry of a `fetchAll` batch: a source and the validators from its last fetch.
public struct FetchRequest: Hashable, Sendable {
  public var source: FeedSource
  public var validators: Validators

  public init(source: FeedSource, validators: Validators = Validators()) {
    self.source = source
    self.validators = validators
  }
}

/// What a fetch produced: new bytes, or the server's word that nothing changed.
public enum FetchResult: Hashable, Sendable {
  case fetched(FetchedFeed)
  /// HTTP 304: keep the cached copy; `validators` are the ones to send next time, `hints` what the
  /// answer said about the next poll.
  case notModified(finalURL: URL, validators: Validators, hints: PollHints = PollHints())
}

/// The bytes of a feed and what the parser and the cache need besides.
public struct FetchedFeed: Hashable, Sendable {
  public var data: Data
  /// After redirects; the base for relative links and where to fetch next time.
  public var finalURL: URL
  /// The charset parameter of the HTTP Content-Type, for the parser's encoding detection.
  public var charset: String?
  /// ETag / Last-Modified of the response, to store for the next conditional GET.
  public var validators: Validators
  /// The HTTP status (2xx); nil for files.
  public var status: Int?
  /// What the answer said about the next poll (DESIGN §8); empty for files.
  public var hints: PollHints

  public init(
    data: Data, finalURL: URL, charset: String? = nil, validators: Validators = Validators(),
    status: Int? = nil, hints: PollHints = PollHints()
  ) {
    self.hints = hints
    self.data = data
    self.finalURL = finalURL
    self.charset = charset
    self.validators = validators
    self.status = status
  }
}
