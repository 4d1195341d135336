import Foundation
import FuzzSupport
import Reader

/// libFuzzer entry: the whole input is a fetched feed body. A thrown `FeedError` is a correct answer to
/// hostile bytes; a crash, a hang, a sanitizer report or a broken invariant is not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = Data(bytes(data, size))
  guard let result = try? FeedParser.parse(data: input, url: documentURL) else { return 0 }
  checkTitle(result.feed.title, what: "feed title")
  for (index, item) in result.feed.items.enumerated() {
    checkTitle(item.title, what: "title of item \(index)")
  }
  for warning in result.warnings {
    require(!warning.isEmpty, "empty warning")
  }
  return 0
}

/// Where the fuzzed feed pretends to come from, so relative links have something to resolve against.
private let documentURL = URL(string: "https://example.com/feeds/fuzz.xml")

/// Titles are plain text drawn on one row (DESIGN §6): no control characters at all (they would reach the
/// terminal, or break the row), and collapsed whitespace means no space at either end.
private func checkTitle(_ title: String, what: String) {
  if let bad = firstControl(in: title) {
    require(false, "\(what) holds control character \(describe(bad))")
  }
  require(!title.hasPrefix(" ") && !title.hasSuffix(" "), "\(what) is not trimmed: \(title.debugDescription)")
}

/// The program: libFuzzer's driver with `fuzzFeedParser` as the target (see `runFuzzer` for why not libFuzzer's main).
@main
enum FuzzFeedParserMain {
  static func main() { runFuzzer(fuzzFeedParser) }
}
