import Foundation
import FuzzSupport
import Reader

/// libFuzzer entry: the input is a urls file, the word lines of a config file, and an OPML document at
/// once (the readers of files that come from other systems; `query:` lines exercise the filter language). Beyond "no crash": every problem names a
/// line that exists and stays short; every feed line is a line of the file; and what an OPML import
/// appends to the urls file reads back as exactly the feeds imported, one line each, with their tags.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUserFiles(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = bytes(data, size)
  let lineCount = TextFileLines.split(input).count

  let urls = UrlsFile.parse(bytes: input, currentDirectory: "/config")
  let (entries, problems) = (urls.entries, urls.problems)
  let (wordLines, configProblems) = TextFileLines.wordLines(input, fileName: "config")
  for problem in problems + configProblems {
    require((1...max(1, lineCount)).contains(problem.line), "problem on line \(problem.line) of \(lineCount)")
    require(problem.message.count <= LineProblem.maxMessageLength, "problem message of \(problem.message.count) characters")
  }
  for entry in entries { require(entry.line <= lineCount, "entry on line \(entry.line) of \(lineCount)") }
  for query in urls.queryFeeds {
    require(query.line <= lineCount, "query feed on line \(query.line) of \(lineCount)")
    // What was read back from the line must parse again to the same expression.
    require((try? FilterExpression(parsing: query.expression.text)) == query.expression, "query \(query.expression.text) does not read back")
  }
  for line in wordLines { require(!line.words.isEmpty && line.number <= lineCount, "word line \(line.number)") }

  guard let document = try? OPML.parse(Data(input)) else { return 0 }
  // What an import appends must read back as the same feeds in the same order, nothing more.
  let feeds = document.subscriptions.compactMap { subscription -> (url: String, tags: [String])? in
    guard let source = try? FeedSource(parsing: subscription.url, currentDirectory: "/config") else { return nil }
    return (source.url.absoluteString, subscription.tags)
  }
  var unique: [(url: String, tags: [String])] = []
  var seen = Set<String>()
  for feed in feeds where seen.insert(feed.url).inserted { unique.append(feed) }
  let written = UrlsFile.appending(unique, to: [UInt8]())
  let readBack = UrlsFile.parse(bytes: written, currentDirectory: "/config")
  require(readBack.problems.isEmpty, "appended lines have problems: \(readBack.problems)")
  require(readBack.entries.map(\.url) == unique.map(\.url), "appended \(unique.map(\.url)), read \(readBack.entries.map(\.url))")
  for (entry, feed) in zip(readBack.entries, unique) {
    let expected = feed.tags.map { String(UrlsFile.oneLine($0).drop { $0 == "~" || $0 == "!" }) }.filter { !$0.isEmpty }
    require(entry.tags == expected, "tags \(feed.tags) read back as \(entry.tags)")
  }
  return 0
}

/// The program: libFuzzer's driver with `fuzzUserFiles` as the target (see `runFuzzer`).
@main
enum FuzzUserFilesMain {
  static func main() { runFuzzer(fuzzUserFiles) }
}
