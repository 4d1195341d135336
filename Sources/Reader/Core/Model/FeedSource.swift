import Foundation

/// Where a feed comes from, as the user typed it on the command line or in the urls file (DESIGN §6): a local
/// path, a `file://` URL or an `http(s)://` URL. Parsing it once, with a clear error, keeps every later
/// layer (fetcher, cache keys, `dump`) free of string guessing.
public struct FeedSource: Hashable, Sendable, CustomStringConvertible {
  /// The two ways a feed is read.
  public enum Location: Hashable, Sendable {
    /// A local file; `path` is absolute and standardized. Not size-capped.
    case file(path: String)
    /// An `http` or `https` URL, fetched over the network.
    case web(URL)
  }

  public let location: Location

  public init(_ location: Location) {
    self.location = location
  }

  /// Parses user text: `http(s)://…` (and `feed://…`, read as `https://`), `file://…`, or a path (`~`
  /// expands to the home folder; a relative path is taken from `currentDirectory`).
  public init(parsing text: String, currentDirectory: String = FileManager.default.currentDirectoryPath) throws(FeedSourceError) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .empty }
    if let schemeEnd = trimmed.range(of: "://") {
      let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
      switch scheme {
      case "http", "https", "feed":
        let rest = trimmed[schemeEnd.upperBound...]
        let normalized = (scheme == "feed" ? "https" : scheme) + "://" + rest
        guard let url = URL(string: normalized), let host = url.host, !host.isEmpty else {
          throw .invalidURL(trimmed)
        }
        location = .web(url)
      case "file":
        guard let url = URL(string: trimmed), url.isFileURL, !url.path.isEmpty else {
          throw .invalidURL(trimmed)
        }
        location = .file(path: url.standardizedFileURL.path)
      default:
        throw .unsupportedScheme(String(scheme))
      }
      return
    }
    var path = trimmed
    if path == "~" || path.hasPrefix("~/") {
      path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
    } else if !path.hasPrefix("/") {
      path = currentDirectory + "/" + path
    }
    location = .file(path: URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  /// The source as a URL (`file://` for paths): the base for relative links and the cache key.
  public var url: URL {
    switch location {
    case .file(let path): URL(fileURLWithPath: path)
    case .web(let url): url
    }
  }

  /// As the user would type it again: the path for files, the URL otherwise.
  public var description: String {
    switch location {
    case .file(let path): path
    case .web(let url): url.absoluteString
    }
  }
}

/// Why user text is not a feed source; each case reads as one sentence for the command line.
public enum FeedSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  case empty
  case unsupportedScheme(String)
  case invalidURL(String)

  public var description: String {
    switch self {
    case .empty:
      "No feed given: expected a file path or an http(s):// URL."
    case .unsupportedScheme(let scheme):
      "Unsupported address scheme \"\(scheme)://\": use a file path, file://, http:// or https://."
    case .invalidURL(let text):
      "\"\(text)\" is not a valid URL."
    }
  }
}
