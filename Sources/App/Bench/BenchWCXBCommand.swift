import ArgumentParser
import Foundation
import Reader

/// `splitfeed-bench wcxb DIR`: the extractor over the WCXB development split (`DIR/html/NNNN.html.gz`,
/// `DIR/ground-truth/NNNN.json`), for `scripts/bench-wcxb`: mean word F1, precision and recall overall and
/// per page kind, the refused count, the odd-numbered pages (tuned on) and the even-numbered ones (held
/// out) apart, the published figures beside them, the worst pages and the timing.
struct BenchWCXBCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wcxb",
    abstract: "Measure the extractor on the WCXB development split (used by scripts/bench-wcxb)."
  )

  @Argument(help: "The split's folder (html/NNNN.html.gz and ground-truth/NNNN.json).")
  var directory: String

  @Option(help: "Print only the extracted text of this page (its number, e.g. 0042).")
  var page: String?

  @Option(help: "List this many worst pages of each kind.")
  var worst = 5

  @Option(help: "List every page of this kind (or of every kind: `all`) with its figures.")
  var rows: String?

  @Option(help: "Write each page's extracted text to this folder as NNNN.txt (to compare runs page by page).")
  var dump: String?

  /// The published development-split figures (the split's README): overall, then by kind where given.
  static let published: [(String, [String: Double])] = [
    ("rs-trafilatura", ["all": 0.859, "article": 0.932, "documentation": 0.932, "forum": 0.808]),
    ("MinerU-HTML", ["all": 0.827]),
    ("Trafilatura", ["all": 0.791]),
    ("dom-smoothie", ["all": 0.762]),
    ("Readability", ["all": 0.675, "article": 0.825, "forum": 0.466]),
  ]
  static let kinds = ["article", "documentation", "forum", "service", "product", "collection", "listing"]

  func run() throws {
    let folder = URL(fileURLWithPath: directory)
    let truthFolder = folder.appendingPathComponent("ground-truth")
    if let page {
      let truth = try Data(contentsOf: truthFolder.appendingPathComponent("\(page).json"))
      let url = WCXBQuality.groundTruth(truth)?.url
      let html = try WCXBQuality.page(page, in: folder)
      do {
        Output.out(try ArticleExtractor.extract(data: html, charset: nil, url: url).text + "\n")
      } catch {
        Output.out("(refused: \(error))\n")
      }
      return
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: truthFolder.path).filter { $0.hasSuffix(".json") }.sorted()
    var pages: [WCXBQuality.Page] = []
    var skipped = 0
    for name in names {
      let id = String(name.dropLast(5))
      guard let truth = WCXBQuality.groundTruth(try Data(contentsOf: truthFolder.appendingPathComponent(name))),
        let html = try? WCXBQuality.page(id, in: folder)
      else {
        skipped += 1
        continue
      }
      pages.append(WCXBQuality.measure(id: id, kind: truth.kind, html: html, expected: truth.mainContent, url: truth.url))
    }
    guard !pages.isEmpty else {
      Output.warn("\(directory): no pages found")
      throw ExitCode.failure
    }
    if let dump {
      for page in pages {
        try Data(page.text.utf8).write(to: URL(fileURLWithPath: dump).appendingPathComponent("\(page.id).txt"))
      }
    }
    let odd = pages.filter { (Int($0.id) ?? 0) % 2 == 1 }
    let even = pages.filter { (Int($0.id) ?? 0) % 2 == 0 }
    var out = "WCXB development split: \(pages.count) pages scored (\(skipped) incomplete skipped)\n\n"
    out += "kind           pages  mean F1   prec  recall  refused | odd (tuned) F1  even (held out) F1 | published F1\n"
    for kind in ["all"] + Self.kinds {
      let all = kind == "all" ? pages : pages.filter { $0.kind == kind }
      guard !all.isEmpty else { continue }
      let published = Self.published.compactMap { name, figures in figures[kind].map { "\(name) \(String(format: "%.3f", $0))" } }
      out += kind.padding(toLength: 14, withPad: " ", startingAt: 0)
      out += String(
        format: " %5d  %7.3f  %5.3f  %6.3f  %7d | %14.3f  %18.3f | ", all.count, Self.mean(all, \.f1),
        Self.mean(all, \.precision), Self.mean(all, \.recall), all.filter(\.refused).count,
        Self.mean(odd.filter { kind == "all" || $0.kind == kind }, \.f1),
        Self.mean(even.filter { kind == "all" || $0.kind == kind }, \.f1))
      out += published.joined(separator: ", ") + "\n"
    }
    if worst > 0 {
      out += "\nworst pages by kind (F1 precision recall):\n"
      for kind in Self.kinds {
        let bad = pages.filter { $0.kind == kind }.sorted { $0.f1 < $1.f1 }.prefix(worst)
        out += kind + ": " + bad.map { String(format: "%@ %.2f %.2f %.2f%@", $0.id, $0.f1, $0.precision, $0.recall, $0.refused ? " refused" : "") }
          .joined(separator: ", ") + "\n"
      }
    }
    if let rows {
      out += "\n\(rows) pages (F1 precision recall ms):\n"
      for page in pages where rows == "all" || page.kind == rows {
        out += String(format: "%@ %.3f %.3f %.3f %6.1f%@ %@\n", page.id, page.f1, page.precision, page.recall, page.milliseconds, page.refused ? " refused" : "", page.kind)
      }
    }
    let times = pages.map(\.milliseconds).sorted()
    let slowest = pages.max { $0.milliseconds < $1.milliseconds }!
    out += String(
      format: "\ntime per page: median %.2f ms, 90th percentile %.2f ms, max %.2f ms (page %@)\n", times[times.count / 2],
      times[times.count * 9 / 10], times.last!, slowest.id)
    Output.out(out)
  }

  static func mean(_ pages: [WCXBQuality.Page], _ value: KeyPath<WCXBQuality.Page, Double>) -> Double {
    pages.isEmpty ? 0 : pages.map { $0[keyPath: value] }.reduce(0, +) / Double(pages.count)
  }
}
