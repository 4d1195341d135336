import ArgumentParser
import Foundation
import Reader

/// `splitfeed-bench extract DIR`: the extractor over a folder of test pages (Mozilla Readability's
/// layout), for `scripts/bench-extract`: per-page word-4-gram precision, recall and F1 against the expected
/// article, the mean, the article-test agreement, the worst pages and the timing.
struct BenchExtractCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "extract",
    abstract: "Measure the article extractor on a folder of test pages (used by scripts/bench-extract)."
  )

  @Argument(help: "The folder of pages (NAME/source.html, NAME/expected.html, NAME/expected-metadata.json).")
  var directory: String

  @Option(help: "Print only the extracted text of this page, even when it is not article-like.")
  var page: String?

  @Option(help: "Extract every page this many times and keep each page's fastest time.")
  var rounds = 3

  func run() throws {
    let folder = URL(fileURLWithPath: directory)
    if let page {
      let data = try Data(contentsOf: folder.appendingPathComponent(page).appendingPathComponent("source.html"))
      Output.out(ExtractionQuality.anyText(data: data) + "\n")
      return
    }
    var pages = try ExtractionQuality.measure(directory: folder)
    for _ in 1..<max(rounds, 1) {
      for (index, again) in try ExtractionQuality.measure(directory: folder).enumerated() {
        pages[index].milliseconds = min(pages[index].milliseconds, again.milliseconds)
      }
    }
    guard !pages.isEmpty else {
      Output.warn("\(directory): no test pages found")
      throw ExitCode.failure
    }
    var out = "page                                      bytes   prec  recall    F1  readerable   ms\n"
    for page in pages { out += line(page) }
    let count = Double(pages.count)
    let judged = pages.filter { $0.expectedReaderable != nil }
    let agree = judged.filter { $0.readerable == $0.expectedReaderable }.count
    let times = pages.map(\.milliseconds).sorted()
    let largest = pages.max { $0.bytes < $1.bytes }!
    out += "\nworst 10:\n"
    for page in pages.sorted(by: { $0.f1 < $1.f1 }).prefix(10) { out += line(page) }
    out += String(
      format: "\npages %d  mean precision %.4f  mean recall %.4f  mean F1 %.4f\n", pages.count,
      pages.map(\.precision).reduce(0, +) / count, pages.map(\.recall).reduce(0, +) / count,
      pages.map(\.f1).reduce(0, +) / count)
    out += String(format: "readerable agrees on %d of %d pages (%.1f %%)\n", agree, judged.count, 100 * Double(agree) / Double(max(judged.count, 1)))
    let found = judged.filter { $0.articleFound == $0.expectedReaderable }.count
    out += "an article found (extract succeeds) where readerable, none where not: \(found) of \(judged.count) pages\n"
    out += "metadata as expected:"
    for field in ["title", "byline", "excerpt", "siteName", "publishedTime", "lang", "dir"] {
      let judged = pages.compactMap { $0.metadata[field] }
      out += " \(field) \(judged.filter { $0 }.count)/\(judged.count)"
    }
    out += "\n"
    out += String(
      format: "time per page: median %.2f ms, max %.2f ms; largest page %@ (%d bytes) %.2f ms\n",
      times[times.count / 2], times.last!, largest.name, largest.bytes, largest.milliseconds)
    Output.out(out)
  }

  private func line(_ page: ExtractionQuality.Page) -> String {
    let name = page.name.count > 40 ? String(page.name.prefix(40)) : page.name.padding(toLength: 40, withPad: " ", startingAt: 0)
    let readerable = page.expectedReaderable.map { $0 == page.readerable ? "ok" : "WRONG" } ?? "-"
    return String(
      format: "%@ %8d  %.3f  %.3f  %.3f  %-10@ %6.2f%@\n", name, page.bytes, page.precision, page.recall, page.f1,
      readerable, page.milliseconds, page.error.map { "  (\($0))" } ?? "")
  }
}
