import Foundation
import FuzzSupport
import Reader
import TextLayout

/// libFuzzer entry: the input, read as UTF-8, is an article body. It is rendered once and wrapped at
/// several widths, the narrow ones included because that is where wrapping arithmetic goes wrong.
/// Invariants: no line is wider than its width (DESIGN §1, the article pane never overflows) and no control
/// character survives into the lines the pane draws.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let html = String(decoding: bytes(data, size), as: UTF8.self)
  let text = StyledText(html: html, baseURL: baseURL)
  for width in widths {
    for (row, line) in text.wrap(width: width).enumerated() {
      require(line.indent >= 0, "negative indent at width \(width), row \(row)")
      require(line.width <= width, "row \(row) is \(line.width) columns wide at width \(width)")
      for run in line.runs {
        if let bad = firstControl(in: run.text) {
          require(false, "row \(row) at width \(width) holds control character \(describe(bad))")
        }
      }
    }
  }
  return 0
}

/// The article's link, so relative `href`s and `src`s go through the resolver too.
private let baseURL = URL(string: "https://example.com/posts/fuzz.html")

/// 1 and 2 are the degenerate panes (a wide character does not fit in 1), 7 is narrower than most
/// prefixes, 80 the common terminal.
private let widths = [1, 2, 7, 31, 80]

/// The program: libFuzzer's driver with `fuzzHTML` as the target (see `runFuzzer` for why not libFuzzer's main).
@main
enum FuzzHTMLMain {
  static func main() { runFuzzer(fuzzHTML) }
}
