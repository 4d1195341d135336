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
    /// A urls file's `exec:COMMAND` (newsboat's): the feed is the program's output. `command` is the text
    /// as written; it runs as `FeedSource.words(of:)` splits it, never through a shell.
    case exec(command: String)
    /// A urls file's `filter:COMMAND:URL` (newsboat's): the feed fetched from `source` (a file or the
    /// web), passed through the program on its standard input; the feed is what it prints.
    indirect case filter(command: String, source: Location)
  }

  public let location: Location

  public init(_ location: Location) {
    self.location = location
  }

  /// Parses user text: `http(s)://…` (and `feed://…`, read as `https://`), `file://…`, or a path (`~`
  /// expands to the home folder; a relative path is taken from `currentDirectory`).
  public init(parsing text: String, currentDirectory: String = FileManager.default.currentDirectoryPath) throws(FeedSourceError) {
    let trimmed = Self.trimmed(text)
    guard !trimmed.isEmpty else { throw .empty }
    if Self.commandPrefix(trimmed) != nil { throw .commandOutsideUrlsFile(String(trimmed)) }
    try self.init(address: trimmed, currentDirectory: currentDirectory)
  }

  /// `init(parsing:)` for text already trimmed and known to name no command: the urls file's addresses
  /// come here once, not trimmed and tested a second time (at a thousand feeds the urls file's parse was
  /// a quarter of the first frame: docs/DECISIONS.md, "A million articles, the first screen").
  private init(address trimmed: Substring, currentDirectory: String) throws(FeedSourceError) {
    if let schemeEnd = Self.schemeSeparator(in: trimmed) {
      let written = trimmed[..<schemeEnd.lowerBound]
      // `http` and `https` as written are kept: the address itself, not lower-cased and joined again.
      let asWritten = written == "http" || written == "https"
      let scheme = asWritten ? String(written) : written.lowercased()
      switch scheme {
      case "http", "https", "feed":
        let normalized =
          asWritten ? String(trimmed) : (scheme == "feed" ? "https" : scheme) + "://" + trimmed[schemeEnd.upperBound...]
        guard let url = URL(string: normalized), let host = url.host, !host.isEmpty else {
          throw .invalidURL(String(trimmed))
        }
        location = .web(url)
      case "file":
        guard let url = URL(string: String(trimmed)), url.isFileURL, !url.path.isEmpty else {
          throw .invalidURL(String(trimmed))
        }
        location = .file(path: url.standardizedFileURL.path)
      default:
        throw .unsupportedScheme(String(scheme))
      }
      return
    }
    var path = String(trimmed)
    if path == "~" || path.hasPrefix("~/") {
      path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
    } else if !path.hasPrefix("/") {
      path = currentDirectory + "/" + path
    }
    location = .file(path: URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  /// Parses an address of the user's own urls file: `exec:COMMAND` and `filter:COMMAND:URL` (whose
  /// command runs at every reload, so they are read from no other place — DESIGN §6: never from an OPML
  /// file, a sync server or `subscribe`), else as `init(parsing:)`. A filter's command ends at the first
  /// `:`, as newsboat reads it.
  public init(urlsFileAddress text: String, currentDirectory: String = FileManager.default.currentDirectoryPath)
    throws(FeedSourceError)
  {
    let trimmed = Self.trimmed(text)
    switch Self.commandPrefix(trimmed) {
    case "exec:":
      let command = String(trimmed.dropFirst("exec:".count))
      guard !Self.words(of: command).isEmpty else { throw .noCommand(String(trimmed)) }
      location = .exec(command: command)
    case "filter:":
      let rest = trimmed.dropFirst("filter:".count)
      guard let colon = rest.firstIndex(of: ":"), !Self.words(of: String(rest[..<colon])).isEmpty else {
        throw .noCommand(String(trimmed))
      }
      let inner = try FeedSource(parsing: String(rest[rest.index(after: colon)...]), currentDirectory: currentDirectory)
      location = .filter(command: String(rest[..<colon]), source: inner.location)
    default:
      guard !trimmed.isEmpty else { throw .empty }
      self = try FeedSource(address: trimmed, currentDirectory: currentDirectory)
    }
  }

  /// `text` without white space (Unicode's, the set `CharacterSet.whitespacesAndNewlines` holds) at
  /// either end, cut by scalars as Foundation's trimming cuts; in Swift because Foundation's went through
  /// `NSString` and took a tenth of the first frame's CPU at a thousand feeds.
  static func trimmed(_ text: String) -> Substring {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return Substring(scalars[first...last])
  }

  /// The first `://` of `text` that is three whole characters (a combining mark after its `/` makes
  /// another character), as `range(of:)` finds it; found among the bytes, which a `:` always starts in
  /// UTF-8. Foundation's search goes through `NSString`, and Swift's by characters (`firstRange(of:)`) is
  /// generic code: either was a large part of this parse at 1,000 feeds (docs/DECISIONS.md, "The first
  /// frame at a million, per feed").
  static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
    let bytes = text.utf8
    var from = bytes.startIndex
    while let colon = bytes[from...].firstIndex(of: UInt8(ascii: ":")) {
      if bytes[colon...].starts(with: "://".utf8) {
        let end = bytes.index(colon, offsetBy: 3)
        // An ASCII byte after it (or none) starts a character of its own: no need to ask for characters.
        if end == bytes.endIndex || bytes[end] < 0x80 { return colon..<end }
        let rest = text[colon...]
        if rest.hasPrefix("://") { return colon..<rest.index(colon, offsetBy: 3) }
      }
      from = bytes.index(after: colon)
    }
    return nil
  }

  /// `exec:` or `filter:` when `text` starts with one (any case, as a scheme is read), else nil.
  ///
  /// Compared byte by byte, ASCII letters in any case, when an ASCII byte (or nothing) follows, which
  /// ends the prefix's last character; else by lower-casing its characters, as always. No other letter
  /// lower-cases to one of these (`İ` gives an `i` and a mark), so both say the same; the lower-cased
  /// copies were made for every line of the urls file (docs/DECISIONS.md, "The first frame at a
  /// million, per feed").
  static func commandPrefix(_ text: Substring) -> String? {
    commandPrefixes.first { prefix in
      let bytes = text.utf8
      guard let end = bytes.index(bytes.startIndex, offsetBy: prefix.utf8.count, limitedBy: bytes.endIndex) else {
        return false
      }
      guard end == bytes.endIndex || bytes[end] < 0x80 else { return text.prefix(prefix.count).lowercased() == prefix }
      return zip(bytes[..<end], prefix.utf8).allSatisfy { byte, expected in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 == expected : byte == expected
      }
    }
  }

  private static let commandPrefixes = ["exec:", "filter:"]

  /// A command's program and arguments: the words of `command` (quotes group words, as in the urls file),
  /// each leading `~` expanded to the home folder. Empty when it has no word or an open quote.
  public static func words(of command: String) -> [String] {
    guard case .success(let words) = LineTokenizer.words(command[...]) else { return [] }
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    return words.map { $0 == "~" || $0.hasPrefix("~/") ? home + $0.dropFirst() : $0 }
  }

  /// Whether this source runs a program (`exec:`, `filter:`).
  public var runsProgram: Bool {
    switch location {
    case .exec, .filter: true
    case .file, .web: false
    }
  }

  /// The source as a URL (`file://` for paths): the base for relative links. For a filter, the address
  /// it fetches; for `exec:`, a URL naming the command (its output's links are taken as they are).
  public var url: URL {
    Self.url(location)
  }

  private static func url(_ location: Location) -> URL {
    switch location {
    case .file(let path): URL(fileURLWithPath: path)
    case .web(let url): url
    case .exec(let command):
      URL(string: "exec:" + (command.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""))
        ?? URL(string: "exec:")!
    case .filter(_, let source): url(source)
    }
  }

  /// The cache key: the URL for files and the web, the line's address as written for a program (so the
  /// same feed filtered and unfiltered are two feeds, and newsboat's cache rows of it merge).
  public var key: String {
    switch location {
    case .file, .web: url.absoluteString
    case .exec, .filter: description
    }
  }

  /// As the user would type it again: the path for files, the URL otherwise, the urls file's line for a
  /// program.
  public var description: String {
    Self.describe(location)
  }

  private static func describe(_ location: Location) -> String {
    switch location {
    case .file(let path): path
    case .web(let url): url.absoluteString
    case .exec(let command): "exec:" + command
    case .filter(let command, let source): "filter:\(command):\(describe(source))"
    }
  }
}

/// Why user text is not a feed source; each case reads as one sentence for the command line.
public enum FeedSourceError: Error, Hashable, Sendable, CustomStringConvertible {
  case empty
  case unsupportedScheme(String)
  case invalidURL(String)
  /// `exec:` or `filter:` anywhere but the user's own urls file.
  case commandOutsideUrlsFile(String)
  /// `exec:` or `filter:` with no program named.
  case noCommand(String)

  public var description: String {
    switch self {
    case .empty:
      "No feed given: expected a file path or an http(s):// URL."
    case .unsupportedScheme(let scheme):
      "Unsupported address scheme \"\(scheme)://\": use a file path, file://, http:// or https://."
    case .invalidURL(let text):
      "\"\(text)\" is not a valid URL."
    case .commandOutsideUrlsFile(let text):
      "\"\(text.prefix(80))\" runs a program: exec: and filter: feeds are read only from your own urls file, never added from elsewhere."
    case .noCommand(let text):
      "\"\(text.prefix(80))\" names no program to run (exec:COMMAND, filter:COMMAND:URL)."
    }
  }
}
