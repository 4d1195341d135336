import Foundation

/// Measures the extractor the way the WCXB benchmark scores extractors (its development split, kept outside
/// the repository): per page the word-level F1 of the text `extract` prints against the human-reviewed main
/// content — lower-cased `\w+` tokens, overlap counted as a multiset — averaged over pages, overall and by
/// page kind. A page the extractor refuses scores as an empty extraction. Shared by `splitfeed-bench wcxb`
/// and the tests, so that both report the same figure.
public enum WCXBQuality {
  public struct Page: Sendable {
    public var id: String
    /// The page's kind in the benchmark: article, forum, documentation, service, product, collection or
    /// listing (`category` counts as collection).
    public var kind: String
    public var precision: Double
    public var recall: Double
    public var f1: Double
    /// Whether `extract` (and `f`) says there is no article on the page.
    public var refused: Bool
    /// Extraction time in milliseconds (parse, metadata, search, output).
    public var milliseconds: Double
    /// The text extracted (empty when refused), for `splitfeed-bench wcxb --dump`.
    public var text = ""
  }

  /// The ground truth's fields the measurement reads; nil when the file lacks a kind or a main content
  /// (three files of the split are incomplete as published).
  public static func groundTruth(_ json: Data) -> (kind: String, mainContent: String, url: URL?)? {
    guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
      let truth = object["ground_truth"] as? [String: Any], let main = truth["main_content"] as? String,
      let internalInfo = object["_internal"] as? [String: Any],
      let pageType = internalInfo["page_type"] as? [String: Any], let primary = pageType["primary"] as? String
    else { return nil }
    let kind = primary == "category" ? "collection" : primary
    return (kind, main, (object["url"] as? String).flatMap(URL.init(string:)))
  }

  /// The page `id` of the split in `folder`: `html/ID.html`, else `html/ID.html.gz` decompressed by gzip
  /// (the split is kept as published, compressed).
  public static func page(_ id: String, in folder: URL) throws -> Data {
    if let data = try? Data(contentsOf: folder.appendingPathComponent("html/\(id).html")) { return data }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", folder.appendingPathComponent("html/\(id).html.gz").path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
    return data
  }

  /// Extracts `html` as `splitfeed extract` would and scores the text against `expected`.
  public static func measure(id: String, kind: String, html: Data, expected: String, url: URL?) -> Page {
    let start = ContinuousClock.now
    var text = ""
    var refused = true
    // The same budget as the reader's: a page over it counts as refused, as `f` would show it.
    if let article = try? ArticleExtractor.extract(data: html, charset: nil, url: url) {
      text = article.text
      refused = false
    }
    let elapsed = ContinuousClock.now - start
    let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    let (precision, recall, f1) = wordOverlap(extracted: text, expected: expected)
    var page = Page(id: id, kind: kind, precision: precision, recall: recall, f1: f1, refused: refused, milliseconds: milliseconds)
    page.text = text
    return page
  }

  /// Precision, recall and F1 of `extracted` against `expected` over lower-cased word tokens (runs of
  /// letters, digits and `_`, as `\w+`), each token counted as often as it occurs in both.
  public static func wordOverlap(extracted: String, expected: String) -> (Double, Double, Double) {
    let got = TextSimilarity.words(extracted)
    let want = TextSimilarity.words(expected)
    if got.isEmpty && want.isEmpty { return (1, 1, 1) }
    guard !got.isEmpty, !want.isEmpty else { return (0, 0, 0) }
    var counts: [String: Int] = [:]
    for word in want { counts[word, default: 0] += 1 }
    var common = 0
    for word in got {
      if let left = counts[word], left > 0 {
        counts[word] = left - 1
        common += 1
      }
    }
    let precision = Double(common) / Double(got.count)
    let recall = Double(common) / Double(want.count)
    let f1 = common > 0 ? 2 * precision * recall / (precision + recall) : 0
    return (precision, recall, f1)
  }
}
