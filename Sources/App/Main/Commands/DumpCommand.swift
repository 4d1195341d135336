import ArgumentParser
import Foundation
import Reader

/// `splitfeed dump SOURCE`: prints the parsed feed as one JSON object (DESIGN §6), the scriptable way to see
/// exactly what the parser made of a feed.
struct DumpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump",
    abstract: "Print a feed as JSON: title, link and items (title, link, published, id, author, enclosures)."
  )

  /// Accepted so that a script can give every command the same options; `dump` reads neither the
  /// config nor the cache.
  @OptionGroup var options: LibraryOptions

  @Argument(help: "The feed: a file path, file:// or http(s):// URL.")
  var source: String

  func run() throws {
    let outcome = DumpCommand.dump(source: source)
    for warning in outcome.warnings {
      CommandOutput.warn("warning: \(warning)")
    }
    guard let json = outcome.json else {
      CommandOutput.warn(outcome.error ?? "failed")
      throw ExitCode.failure
    }
    CommandOutput.document(json)
  }

  /// What `dump` prints: the JSON on success, else the one-line error; warnings either way.
  struct Outcome: Equatable {
    var json: String?
    var error: String?
    var warnings: [String] = []
  }

  /// The whole command as a pure-ish function of its source (it reads the file), for tests.
  static func dump(source: String) -> Outcome {
    let loaded: FeedSourceLoader.Loaded
    do {
      loaded = try FeedSourceLoader.load(source)
    } catch {
      return Outcome(error: "\(error)")  // fetch and source errors name the path or URL themselves
    }
    do {
      let result: FeedParser.Result
      if let data = loaded.data {
        result = try FeedParser.parse(data: data, url: loaded.url, httpCharset: loaded.charset)
      } else {
        result = try FeedParser.parse(contentsOf: loaded.url)
      }
      return Outcome(json: FeedJSON.render(result.feed), warnings: result.warnings)
    } catch {
      return Outcome(error: "\(source): \(error)")
    }
  }
}

/// Turns a command-line SOURCE into what the parser reads: a local file stays on disk (the parser reads it
/// in chunks, so a huge file is never in memory whole); an http(s) source goes through the `Fetcher`.
enum FeedSourceLoader {
  struct Loaded {
    /// The bytes of a fetched source; nil for a local file, which the parser reads in chunks itself.
    var data: Data?
    var url: URL
    /// The HTTP charset, for fetched sources.
    var charset: String?
  }

  /// Throws the one-line reason when `path` is missing, a directory or unreadable.
  static func checkReadable(_ path: String) throws {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw FetchError.fileNotFound(path: path)
    }
    if isDirectory.boolValue { throw FetchError.fileUnreadable(path: path, reason: "it is a directory") }
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw FetchError.fileUnreadable(path: path, reason: "permission denied")
    }
  }

  static func load(_ text: String, fetcher: Fetcher = Fetcher()) throws -> Loaded {
    let source = try FeedSource(parsing: text)
    switch source.location {
    case .file(let path):
      try checkReadable(path)
      return Loaded(data: nil, url: source.url, charset: nil)
    case .web:
      let result: Result<FetchResult, FetchError> = Blocking.run {
        do throws(FetchError) {
          return .success(try await fetcher.fetch(source))
        } catch {
          return .failure(error)
        }
      }
      switch try result.get() {
      case .fetched(let feed):
        return Loaded(data: feed.data, url: feed.finalURL, charset: feed.charset)
      case .notModified(let url, _):  // not sent without validators; handled for completeness
        throw FetchError.network(url: url.absoluteString, reason: "the server answered 304 Not Modified to an unconditional request")
      }
    }
  }
}

/// The exact JSON shape of `splitfeed dump` (DESIGN §6), written by hand so the key order is fixed and each
/// item sits on one line.
enum FeedJSON {
  static func render(_ feed: Feed) -> String {
    var out = "{\n  \"title\": \(string(feed.title.isEmpty ? nil : feed.title)),\n"
    out += "  \"link\": \(string(feed.link)),\n"
    if feed.items.isEmpty {
      out += "  \"items\": []\n}\n"
      return out
    }
    out += "  \"items\": [\n"
    for (index, item) in feed.items.enumerated() {
      out += "    {\"title\": \(string(item.title.isEmpty ? nil : item.title)), "
      out += "\"link\": \(string(item.link)), "
      out += "\"published\": \(string(item.date.map(utcTimestamp))), "
      out += "\"id\": \(string(item.id)), "
      out += "\"author\": \(string(item.author))"
      if !item.enclosures.isEmpty { out += ", \"enclosures\": [" + item.enclosures.map(enclosure).joined(separator: ", ") + "]" }
      out += "}"
      out += index == feed.items.count - 1 ? "\n" : ",\n"
    }
    out += "  ]\n}\n"
    return out
  }

  /// `{"url": …, "type": …, "length": …, "duration": …}`, null where the feed gave nothing.
  static func enclosure(_ enclosure: Enclosure) -> String {
    "{\"url\": \(string(enclosure.url)), \"type\": \(string(enclosure.type)), "
      + "\"length\": \(enclosure.length.map(String.init) ?? "null"), "
      + "\"duration\": \(enclosure.duration.map(String.init) ?? "null")}"
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` in UTC.
  static func utcTimestamp(_ date: Date) -> String {
    let seconds = Int(StoredDate.clamped(date).timeIntervalSince1970.rounded(.down))
    let (days, rest) = seconds.floorDivided(by: 86_400)
    let (y, m, d) = CivilDate.yearMonthDay(fromDays: days)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", y, m, d, rest / 3600, rest % 3600 / 60, rest % 60)
  }

  /// A JSON string literal, or `null`.
  static func string(_ value: String?) -> String { JSONString.literal(value) }
}
