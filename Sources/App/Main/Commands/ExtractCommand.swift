import ArgumentParser
import Foundation
import Reader

/// `splitfeed extract SOURCE`: the article in a web page, as the reader's full-article view (`f`) finds it —
/// the scriptable way to see what the extractor makes of a page.
struct ExtractCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "extract",
    abstract: "Print the article in a web page: its text, its cleaned HTML, or its metadata and text as JSON."
  )

  /// Accepted so that a script can give every command the same options; `extract` reads neither the
  /// config nor the cache.
  @OptionGroup var options: LibraryOptions

  @Argument(help: "The page: a file path, file:// or http(s):// URL.")
  var source: String

  @Option(help: "The page's original address, for relative links (default: the source's own URL).")
  var url: String?

  @Flag(help: "Print the cleaned article HTML.")
  var html = false

  @Flag(help: "Print the metadata and the text as JSON.")
  var json = false

  func validate() throws {
    if html && json { throw ValidationError("--html and --json cannot be used together.") }
    if let url, URL(string: url)?.scheme == nil { throw ValidationError("--url must be an absolute address: \(url)") }
  }

  func run() throws {
    switch Self.extract(source: source, url: url.flatMap(URL.init(string:))) {
    case .failure(let failure):
      CommandOutput.warn(failure.message)
      throw ExitCode.failure
    case .success(let (article, address)):
      if html {
        CommandOutput.out(article.html)
      } else if json {
        CommandOutput.out(Self.json(article, url: address))
      } else {
        CommandOutput.out(article.text + "\n")
      }
    }
  }

  struct Failure: Error, Equatable {
    var message: String
  }

  /// The article and the address its links were resolved against, or the one-line error.
  static func extract(source: String, url: URL?, fetcher: Fetcher = Fetcher()) -> Result<(ExtractedArticle, URL), Failure> {
    let page: (data: Data, charset: String?, url: URL)
    do {
      let parsed = try FeedSource(parsing: source)
      switch parsed.location {
      case .file(let path):
        page = (try readFile(path), nil, parsed.url)
      case .web(let address):
        let fetched: Result<FetchedFeed, FetchError> = Blocking.run {
          do throws(FetchError) {
            return .success(try await fetcher.fetchPage(address))
          } catch {
            return .failure(error)
          }
        }
        let result = try fetched.get()
        page = (result.data, result.charset, result.finalURL)
      case .exec, .filter:  // `FeedSource(parsing:)` refuses commands; said as it would
        throw FeedSourceError.commandOutsideUrlsFile(source)
      }
    } catch {
      return .failure(Failure(message: "\(error)"))  // source and fetch errors name the path or URL themselves
    }
    let base = url ?? page.url
    do {
      return .success((try ArticleExtractor.extract(data: page.data, charset: page.charset, url: base), base))
    } catch {
      return .failure(Failure(message: "\(source): \(error)"))
    }
  }

  private static func readFile(_ path: String) throws -> Data {
    try FeedSourceLoader.checkReadable(path)
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw FetchError.fileUnreadable(path: path, reason: "permission denied")
    }
    defer { try? handle.close() }
    // One byte over the limit is enough to know the page is too large.
    return (try? handle.read(upToCount: ArticleExtractor.maxBytes + 1)) ?? Data()
  }

  /// Metadata then text, one key a line, in a fixed order.
  static func json(_ article: ExtractedArticle, url: URL) -> String {
    let meta = article.metadata
    let fields: [(String, String?)] = [
      ("url", url.absoluteString), ("title", meta.title), ("byline", meta.byline),
      ("publishedTime", meta.publishedTime), ("siteName", meta.siteName), ("lang", meta.lang), ("dir", meta.dir),
      ("excerpt", meta.excerpt), ("leadImage", meta.leadImage), ("text", article.text),
    ]
    let lines = fields.map { "  \(JSONString.literal($0.0)): \(JSONString.literal($0.1))" }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}
