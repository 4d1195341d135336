import Foundation

/// The urls file (`$XDG_CONFIG_HOME/splitfeed/urls`) in newsboat's format: one feed a line, its address
/// first, then optional tags (quoted when they hold spaces); `#` comments and blank lines are skipped.
/// Two words are newsboat's settings, never tags: `"~Some Title"` renames the feed and `"!"` hides it
/// from the feed list (`Entry.title`, `Entry.isHidden`). Parsing is pure (text in, entries and problems out) so a bad line is reported and the rest still load.
public enum UrlsFile {
  /// One feed line.
  public struct Entry: Sendable, Equatable {
    public var source: FeedSource
    public var tags: [String]
    /// The `"~Title"` word's title, shown in place of the feed's own (the last such word wins, as in
    /// newsboat); nil without one.
    public var title: String?
    /// A `"!"` word: the feed is not a row of the feed list, its articles still are in aggregate lists.
    public var isHidden: Bool
    public var line: Int

    public init(source: FeedSource, tags: [String] = [], title: String? = nil, isHidden: Bool = false, line: Int) {
      self.source = source
      self.tags = tags
      self.title = title
      self.isHidden = isHidden
      self.line = line
    }

    /// The entry for the words after the address: `~…` and `!` set the title and the hidden flag, every
    /// other word is a tag. A bare `~` is newsboat's empty title: no title, and no tag either.
    init(source: FeedSource, words: some Sequence<String>, line: Int) {
      self.init(source: source, line: line)
      for word in words {
        if word.hasPrefix("~") {
          let title = String(word.dropFirst())
          self.title = title.isEmpty ? nil : title
        } else if word == "!" {
          isHidden = true
        } else {
          tags.append(word)
        }
      }
    }

    /// The cache key (`FeedSource.key`).
    public var url: String { source.key }
  }

  /// What a urls file holds: feed lines, `query:` lines, and what could not be read.
  public struct Parsed: Sendable, Equatable {
    public var entries: [Entry]
    public var problems: [LineProblem]
    /// The `"query:Title:expression"` lines, in file order.
    public var queryFeeds: [QueryFeed]
  }

  /// Entries in file order; a line that is not a feed address, or repeats one, is a problem instead.
  /// Relative paths are taken from `currentDirectory` (the config folder, for the urls file).
  public static func parse(
    _ text: String, fileName: String = "urls", currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> Parsed {
    parse(bytes: text.utf8, fileName: fileName, currentDirectory: currentDirectory)
  }

  /// `parse` for the file's bytes as read from disk: lines that are not UTF-8 are problems, the others
  /// are used (see `TextFileLines`).
  public static func parse(
    bytes: some Collection<UInt8>, fileName: String = "urls",
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> Parsed {
    var entries: [Entry] = []
    var queryFeeds: [QueryFeed] = []
    var (lines, problems) = TextFileLines.wordLines(bytes, fileName: fileName)
    var seen: [String: Int] = [:]
    for (number, words) in lines {
      let problem = { (message: String) in problems.append(LineProblem(file: fileName, line: number, message: message)) }
      let first = words[0]
      if first.hasPrefix("query:") {
        switch queryFeed(first, line: number) {
        case .success(let feed): queryFeeds.append(feed)
        case .failure(let failure): problem(failure.message)
        }
        continue
      }
      let source: FeedSource
      do {
        source = try FeedSource(urlsFileAddress: first, currentDirectory: currentDirectory)
      } catch {
        problem(error.description)
        continue
      }
      let key = source.key
      if let earlier = seen[key] {
        problem("\(first) is already listed on line \(earlier); line skipped")
        continue
      }
      seen[key] = number
      entries.append(Entry(source: source, words: words.dropFirst(), line: number))
    }
    return Parsed(entries: entries, problems: problems.sorted { $0.line < $1.line }, queryFeeds: queryFeeds)
  }

  /// A `query:Title:expression` word as a query feed, or why it is not one (the problem's position is
  /// counted in the expression, as written after the title's colon).
  static func queryFeed(_ word: String, line: Int) -> Result<QueryFeed, QueryFeedProblem> {
    let rest = word.dropFirst("query:".count)
    guard let colon = rest.firstIndex(of: ":") else {
      return .failure(QueryFeedProblem("a query feed is \"query:Title:expression\"; no expression after the title; line skipped"))
    }
    let title = String(rest[..<colon])
    do throws(QueryError) {
      return .success(QueryFeed(title: title, expression: try FilterExpression(parsing: String(rest[rest.index(after: colon)...])), line: line))
    } catch {
      return .failure(QueryFeedProblem("query feed \"\(title)\": \(error.message) in its expression; line skipped"))
    }
  }

  /// Why a `query:` line was skipped.
  struct QueryFeedProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  /// `text` with one line per new feed appended (address, then its tags quoted as needed), keeping
  /// everything already there, comments included.
  public static func appending(_ feeds: [(url: String, tags: [String])], to text: String) -> String {
    String(decoding: appending(feeds, to: Array(text.utf8)), as: UTF8.self)
  }

  /// `appending` on the file's bytes, which may hold lines that are not UTF-8: those are kept as they
  /// are. New lines end as the file's lines do (`\r\n` in a file written on Windows). Each new line means
  /// exactly one feed to splitfeed and to newsboat alike: a tag is folded onto one line (`oneLine`), and
  /// loses a leading `~` or `!`, which newsboat reads as the feed's title or as "hidden".
  public static func appending(_ feeds: [(url: String, tags: [String])], to bytes: [UInt8]) -> [UInt8] {
    guard !feeds.isEmpty else { return bytes }
    let crlf = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false
    let newline = crlf ? "\r\n" : "\n"
    var out = bytes
    if !out.isEmpty && out.last != UInt8(ascii: "\n") { out += Array(newline.utf8) }
    for feed in feeds {
      let tags = feed.tags.map { String(oneLine($0).drop { $0 == "~" || $0 == "!" }) }.filter { !$0.isEmpty }
      let address = LineTokenizer.quote(oneLine(feed.url))
      out += Array(([address] + tags.map(LineTokenizer.quote)).joined(separator: " ").utf8) + Array(newline.utf8)
    }
    return out
  }

  /// `bytes` without line `number` (as `parse` numbers them), every other byte kept.
  public static func removingLine(_ number: Int, from bytes: [UInt8]) -> [UInt8] {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.indices.contains(number - 1) else { return bytes }
    lines.remove(at: number - 1)
    return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
  }

  /// `text` on one line: every run of whitespace, line or paragraph separators and control characters
  /// (C0, DEL, C1) becomes one space, and the ends are trimmed. For text from strangers (OPML titles)
  /// that must not start a line of its own in a line-based file.
  public static func oneLine(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v < 0x20 || (0x7F...0x9F).contains(v) || scalar.properties.isWhitespace {
        pendingSpace = !out.isEmpty
        continue
      }
      if pendingSpace { out.append(" ") }
      pendingSpace = false
      out.append(scalar)
    }
    return String(out)
  }

  /// `text` with the address on the line of the feed whose cache key is `url` replaced by `newAddress`
  /// (quoted as needed), and everything else — that line's indentation, tags and comment, every other
  /// line — kept as it was; nil when no line holds that feed. Lines are found as `parse` numbers them.
  /// For subscribing to the feed a web page advertises in the page's place.
  public static func replacingAddress(
    of url: String, with newAddress: String, in text: String,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> (text: String, line: Int)? {
    guard let entry = parse(text, currentDirectory: currentDirectory).entries.first(where: { $0.url == url })
    else { return nil }
    // Split on the newline scalar, not the Character: "\r\n" is one Character, and each line keeps its
    // "\r" (the tokenizer reads it as a blank), so the file keeps its line ends.
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    var line = lines[entry.line - 1]
    if entry.line == 1, line.first == "\u{FEFF}" { line = line.dropFirst() }
    guard case .success(let tokens) = LineTokenizer.tokens(line), let address = tokens.first?.range else { return nil }
    lines[entry.line - 1] = lines[entry.line - 1][..<address.lowerBound] + LineTokenizer.quote(newAddress)[...]
      + line[address.upperBound...]
    return (lines.joined(separator: "\n"), entry.line)
  }
}
