import Foundation

/// A config file's `action NAME [--show] COMMAND [ARG…]` line: a program `bind-key` can bind, run on the
/// open article without a shell (`ChildProgram.capture`), the article as one JSON object on its stdin
/// (`ActionArticle`). With `--show` its output is shown in the article pane; otherwise the status line
/// says how it ended.
public struct UserAction: Sendable, Equatable {
  public var name: String
  /// `--show`: the output replaces the article's text until Back or `f`.
  public var shows: Bool
  /// The program and its words, `%u` and `%t` still in them.
  public var command: [String]

  public init(name: String, shows: Bool, command: [String]) {
    self.name = name
    self.shows = shows
    self.command = command
  }

  /// The line's values after `action`, or why they are not an action.
  public init(line values: [String]) throws(LineError) {
    guard let name = values.first, !name.isEmpty else { throw LineError("action takes a name, then [--show] and a command") }
    guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
      throw LineError("action: a name is letters, digits, - and _, got \"\(name)\"")
    }
    var rest = Array(values.dropFirst())
    let shows = rest.first == "--show"
    if shows { rest.removeFirst() }
    guard let program = rest.first, !program.isEmpty else { throw LineError("action \(name): expected a command after the name") }
    self.init(name: name, shows: shows, command: rest)
  }

  /// Why a line is not an action, as the config's problem text.
  public struct LineError: Error, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
  }

  /// The argument vector for an article: `%u` in any word becomes its address (empty when it has none),
  /// `%t` its title, `%%` a `%`. Each word stays one argument whatever it holds (a title with newlines, a
  /// `;` or a leading `-` is never read as syntax: nothing is split and no shell runs). Pure, for tests.
  public func arguments(url: String?, title: String) -> [String] {
    command.map { Self.expand($0, url: url ?? "", title: title) }
  }

  static func expand(_ word: String, url: String, title: String) -> String {
    guard word.contains("%") else { return word }
    var out = ""
    var iterator = word.makeIterator()
    while let c = iterator.next() {
      guard c == "%" else {
        out.append(c)
        continue
      }
      switch iterator.next() {
      case "u": out += url
      case "t": out += title
      case "%": out += "%"
      case let other?: out += "%" + String(other)
      case nil: out += "%"
      }
    }
    return out
  }
}

/// The article as a user action (or `pipe-to`) receives it on stdin: one JSON object. The text is what
/// the pane shows (the full article when that is shown), as plain text and as its HTML.
public struct ActionArticle: Sendable, Equatable, Encodable {
  public struct FeedPart: Sendable, Equatable, Encodable {
    public var title: String
    public var url: String
  }

  public var title: String
  public var url: String?
  public var feed: FeedPart
  public var author: String?
  /// ISO 8601, in UTC (`2026-11-29T04:05:00Z`); nil when the feed gave no date it could parse.
  public var date: String?
  /// The feed's tags (the urls file's), then the article's own categories.
  public var tags: [String]
  public var read: Bool
  public var starred: Bool
  public var text: String
  public var html: String

  public init(
    title: String, url: String?, feed: (title: String, url: String), author: String?, date: Date?, tags: [String],
    read: Bool, starred: Bool, text: String, html: String
  ) {
    self.title = title
    self.url = url
    self.feed = FeedPart(title: feed.title, url: feed.url)
    self.author = author
    self.date = date.map(Self.iso8601)
    self.tags = tags
    self.read = read
    self.starred = starred
    self.text = text
    self.html = html
  }

  static func iso8601(_ date: Date) -> String {
    date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
  }

  /// The object as UTF-8 JSON, keys sorted, absent values as `null`.
  public var json: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)) ?? Data("{}".utf8)
  }

  enum CodingKeys: String, CodingKey { case title, url, feed, author, date, tags, read, starred, text, html }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    try container.encode(url, forKey: .url)
    try container.encode(feed, forKey: .feed)
    try container.encode(author, forKey: .author)
    try container.encode(date, forKey: .date)
    try container.encode(tags, forKey: .tags)
    try container.encode(read, forKey: .read)
    try container.encode(starred, forKey: .starred)
    try container.encode(text, forKey: .text)
    try container.encode(html, forKey: .html)
  }
}

/// `save`: the article as a file, plain text or Markdown (`.md`, `.markdown`), and the path offered for
/// it. Pure, for tests.
public enum ArticleFile {
  /// Whether `path` asks for Markdown.
  public static func isMarkdown(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    return ext == "md" || ext == "markdown"
  }

  /// The file's text: the title, the address, the feed, author and date, then the text shown.
  public static func contents(of article: ActionArticle, markdown: Bool) -> String {
    let facts = [article.feed.title, article.author, article.date].compactMap { $0 }.filter { !$0.isEmpty }
    if markdown {
      var out = "# " + article.title.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n\n"
      if let url = article.url { out += "<\(url)>\n\n" }
      if !facts.isEmpty { out += "*" + facts.joined(separator: " · ") + "*\n\n" }
      return out + article.text + "\n"
    }
    var out = article.title + "\n"
    if let url = article.url { out += url + "\n" }
    if !facts.isEmpty { out += facts.joined(separator: " · ") + "\n" }
    return out + "\n" + article.text + "\n"
  }

  /// `folder/title.txt`: the title's letters and digits, other runs as one `-`, at most 60 characters
  /// (`article` when nothing is left); `~` at the folder's start is the home folder.
  public static func defaultPath(folder: String?, title: String) -> String {
    var name = ""
    for c in title.lowercased() {
      if c.isLetter || c.isNumber { name.append(c) } else if !name.isEmpty && name.last != "-" { name.append("-") }
      if name.count >= 60 { break }
    }
    while name.last == "-" { name.removeLast() }
    let base = expandingTilde(folder ?? FileManager.default.currentDirectoryPath)
    return (base as NSString).appendingPathComponent((name.isEmpty ? "article" : name) + ".txt")
  }

  /// `~` or `~/…` with the home folder.
  public static func expandingTilde(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return NSHomeDirectory() + path.dropFirst()
  }
}
