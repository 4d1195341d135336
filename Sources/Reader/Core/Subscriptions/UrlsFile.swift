import Foundation

/// The urls file (`$XDG_CONFIG_HOME/splitfeed/urls`) in newsboat's format: one feed a line, its address
/// first, then optional tags (quoted when they hold spaces); `#` comments and blank lines are skipped.
/// Parsing is pure (text in, entries and problems out) so a bad line is reported and the rest still load.
public enum UrlsFile {
  /// One feed line.
  public struct Entry: Sendable, Equatable {
    public var source: FeedSource
    public var tags: [String]
    public var line: Int

    public init(source: FeedSource, tags: [String] = [], line: Int) {
      self.source = source
      self.tags = tags
      self.line = line
    }

    /// The cache key (`FeedSource.url`).
    public var url: String { source.url.absoluteString }
  }

  /// Entries in file order; a line that is not a feed address, or repeats one, is a problem instead.
  /// Relative paths are taken from `currentDirectory` (the config folder, for the urls file).
  public static func parse(
    _ text: String, fileName: String = "urls", currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> (entries: [Entry], problems: [LineProblem]) {
    var entries: [Entry] = []
    var problems: [LineProblem] = []
    var seen: [String: Int] = [:]
    for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      let problem = { (message: String) in problems.append(LineProblem(file: fileName, line: number, message: message)) }
      let words: [String]
      switch LineTokenizer.words(line) {
      case .success(let w): words = w
      case .failure(let error):
        problem(error.description)
        continue
      }
      guard let first = words.first else { continue }
      if first.hasPrefix("query:") || first.hasPrefix("exec:") || first.hasPrefix("filter:") {
        problem("\"\(first.prefix(while: { $0 != ":" })):\" feeds (newsboat) are not supported; line skipped")
        continue
      }
      let source: FeedSource
      do {
        source = try FeedSource(parsing: first, currentDirectory: currentDirectory)
      } catch {
        problem(error.description)
        continue
      }
      let key = source.url.absoluteString
      if let earlier = seen[key] {
        problem("\(first) is already listed on line \(earlier); line skipped")
        continue
      }
      seen[key] = number
      entries.append(Entry(source: source, tags: Array(words.dropFirst()), line: number))
    }
    return (entries, problems)
  }

  /// `text` with one line per new feed appended (address, then its tags quoted as needed), keeping
  /// everything already there, comments included.
  public static func appending(_ feeds: [(url: String, tags: [String])], to text: String) -> String {
    guard !feeds.isEmpty else { return text }
    var out = text
    if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
    for feed in feeds {
      out += ([feed.url] + feed.tags.map(LineTokenizer.quote)).joined(separator: " ") + "\n"
    }
    return out
  }

  /// `text` with the address on the line of the feed whose cache key is `url` replaced by `newAddress`
  /// (quoted as needed), and everything else — that line's indentation, tags and comment, every other
  /// line — kept as it was; nil when no line holds that feed. Lines are found as `parse` numbers them.
  /// For subscribing to the feed a web page advertises in the page's place (issue 6).
  public static func replacingAddress(
    of url: String, with newAddress: String, in text: String,
    currentDirectory: String = FileManager.default.currentDirectoryPath
  ) -> (text: String, line: Int)? {
    guard let entry = parse(text, currentDirectory: currentDirectory).entries.first(where: { $0.url == url })
    else { return nil }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let line = lines[entry.line - 1]
    guard case .success(let tokens) = LineTokenizer.tokens(line), let address = tokens.first?.range else { return nil }
    lines[entry.line - 1] = line[..<address.lowerBound] + LineTokenizer.quote(newAddress)[...] + line[address.upperBound...]
    return (lines.joined(separator: "\n"), entry.line)
  }
}
