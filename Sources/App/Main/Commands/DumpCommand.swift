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
    CommandOutput.document(bytes: json)
  }

  /// What `dump` prints: the JSON on success, else the one-line error; warnings either way.
  struct Outcome: Equatable {
    /// The document's UTF-8 bytes.
    var json: [UInt8]?
    var error: String?
    var warnings: [String] = []

    /// The document as text (for tests).
    var text: String? { json.map { String(decoding: $0, as: UTF8.self) } }
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
        result = try FeedParser.parse(data: data, url: loaded.url, httpCharset: loaded.charset, bodies: false)
      } else {
        result = try FeedParser.parse(contentsOf: loaded.url, bodies: false)  // dump prints no bodies
      }
      return Outcome(json: FeedJSON.bytes(result.feed), warnings: result.warnings)
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
    case .web, .exec, .filter:  // commands never parse here (`FeedSource(parsing:)` refuses them)
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
      case .notModified(let url, _, _):  // not sent without validators; handled for completeness
        throw FetchError.network(url: url.absoluteString, reason: "the server answered 304 Not Modified to an unconditional request")
      }
    }
  }
}

/// The exact JSON shape of `splitfeed dump` (DESIGN §6), written by hand so the key order is fixed and each
/// item sits on one line. Written as UTF-8 bytes into one buffer: a 10,000-item feed's document is
/// ~100,000 pieces, and `String` appends and `String(format:)` per date were a fifth of the command's
/// instructions (docs/DECISIONS.md, "dump at the floor").
enum FeedJSON {
  static func render(_ feed: Feed) -> String { String(decoding: bytes(feed), as: UTF8.self) }

  static func bytes(_ feed: Feed) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256 + feed.items.count * 256)
    out.append("{\n  \"title\": ")
    string(feed.title.isEmpty ? nil : feed.title, to: &out)
    out.append(",\n  \"link\": ")
    string(feed.link, to: &out)
    if feed.items.isEmpty {
      out.append(",\n  \"items\": []\n}\n")
      return out
    }
    out.append(",\n  \"items\": [\n")
    for (index, item) in feed.items.enumerated() {
      out.append("    {\"title\": ")
      string(item.title.isEmpty ? nil : item.title, to: &out)
      out.append(", \"link\": ")
      string(item.link, to: &out)
      out.append(", \"published\": ")
      if let date = item.date {
        out.append(UInt8(ascii: "\""))
        utcTimestamp(date, to: &out)
        out.append(UInt8(ascii: "\""))
      } else {
        out.append("null")
      }
      out.append(", \"id\": ")
      string(item.id, to: &out)
      out.append(", \"author\": ")
      string(item.author, to: &out)
      if !item.enclosures.isEmpty {
        out.append(", \"enclosures\": [")
        for (n, enclosure) in item.enclosures.enumerated() {
          if n > 0 { out.append(", ") }
          self.enclosure(enclosure, to: &out)
        }
        out.append("]")
      }
      out.append(index == feed.items.count - 1 ? "}\n" : "},\n")
    }
    out.append("  ]\n}\n")
    return out
  }

  /// `{"url": …, "type": …, "length": …, "duration": …}`, null where the feed gave nothing.
  static func enclosure(_ enclosure: Enclosure, to out: inout [UInt8]) {
    out.append("{\"url\": ")
    string(enclosure.url, to: &out)
    out.append(", \"type\": ")
    string(enclosure.type, to: &out)
    out.append(", \"length\": ")
    out.append(contentsOf: (enclosure.length.map(String.init) ?? "null").utf8)
    out.append(", \"duration\": ")
    out.append(contentsOf: (enclosure.duration.map(String.init) ?? "null").utf8)
    out.append("}")
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` in UTC.
  static func utcTimestamp(_ date: Date) -> String {
    var out: [UInt8] = []
    utcTimestamp(date, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func utcTimestamp(_ date: Date, to out: inout [UInt8]) {
    let seconds = Int(StoredDate.clamped(date).timeIntervalSince1970.rounded(.down))
    let (days, rest) = seconds.floorDivided(by: 86_400)
    let (y, m, d) = CivilDate.yearMonthDay(fromDays: days)  // year 1…9999: the date is clamped
    digits(y, 4, to: &out)
    out.append(UInt8(ascii: "-"))
    digits(m, 2, to: &out)
    out.append(UInt8(ascii: "-"))
    digits(d, 2, to: &out)
    out.append(UInt8(ascii: "T"))
    digits(rest / 3600, 2, to: &out)
    out.append(UInt8(ascii: ":"))
    digits(rest % 3600 / 60, 2, to: &out)
    out.append(UInt8(ascii: ":"))
    digits(rest % 60, 2, to: &out)
    out.append(UInt8(ascii: "Z"))
  }

  /// `value` (not negative) in decimal, zero-padded to `width` digits.
  private static func digits(_ value: Int, _ width: Int, to out: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<width { divisor *= 10 }
    var v = value
    while divisor > 0 {
      out.append(UInt8(truncatingIfNeeded: 0x30 + v / divisor % 10))
      v %= divisor * 10
      divisor /= 10
    }
  }

  /// A JSON string literal, or `null`.
  static func string(_ value: String?) -> String { JSONString.literal(value) }

  static func string(_ value: String?, to out: inout [UInt8]) {
    if let value { JSONString.append(value, to: &out) } else { out.append("null") }
  }
}

extension [UInt8] {
  /// Appends the bytes of a literal without building a `String` for it.
  @inline(__always)
  fileprivate mutating func append(_ literal: StaticString) {
    append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
