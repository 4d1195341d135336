import Foundation
import FuzzSupport
import Reader
import TextLayout

/// libFuzzer entry: the input is a web page's bytes, as `f` and `splitfeed extract` hand them to the
/// article extractor. Beyond "no crash, no hang" (the extractor's own size, depth and time bounds): an
/// article's text holds no control character but line breaks and tabs (a `<pre>` block keeps its tabs, as
/// Reader View's text does), and the article as the reader shows it wraps within the pane at every width.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExtract(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let page = Data(bytes(data, size))
  guard let article = try? ArticleExtractor.extract(data: page, url: pageURL) else { return 0 }
  for scalar in article.text.unicodeScalars where scalar != "\n" && scalar != "\t" && isControl(scalar) {
    require(false, "the article's text holds control character \(describe(scalar))")
  }
  let shown = StyledText(html: article.readerHTML, baseURL: pageURL)
  for width in [7, 80] {
    for (row, line) in shown.wrap(width: width).enumerated() {
      require(line.width <= width, "row \(row) is \(line.width) columns wide at width \(width)")
    }
  }
  return 0
}

/// The page's address, so relative links and images go through the resolver.
private let pageURL = URL(string: "https://example.com/news/2026/fuzz.html")

/// The program: libFuzzer's driver with `fuzzExtract` as the target (see `runFuzzer`).
@main
enum FuzzExtractMain {
  static func main() { runFuzzer(fuzzExtract) }
}
