import Foundation

/// Measures the extractor against a folder of test pages (each `NAME/source.html` with the expected article
/// in `NAME/expected.html` and `NAME/expected-metadata.json`): word 4-gram shingles of the two texts,
/// precision, recall and F1 per page, whether the article test agrees, and the time taken. Shared by the
/// floor test and `splitfeed bench-extract`, so both report the same figure.
public enum ExtractionQuality {
  public struct Page: Sendable {
    public var name: String
    public var bytes: Int
    public var precision: Double
    public var recall: Double
    public var f1: Double
    public var expectedReaderable: Bool?
    public var readerable: Bool
    /// Whether `extract` (and `f`) would show an article for the page rather than say there is none.
    public var articleFound: Bool
    /// Extraction time in milliseconds (parse, metadata, search, output).
    public var milliseconds: Double
    public var error: String?
    /// For each metadata field the expected file gives (`title`, `byline`, …): whether ours is the same
    /// (white space collapsed; a missing value equals null).
    public var metadata: [String: Bool] = [:]
  }

  static let metadataFields: [(String, KeyPath<ArticleMetadata, String?> & Sendable)] = [
    ("title", \.title), ("byline", \.byline), ("excerpt", \.excerpt), ("siteName", \.siteName),
    ("publishedTime", \.publishedTime), ("lang", \.lang), ("dir", \.dir),
  ]

  /// The pages' address in Mozilla's test suite, so that resolved links match the expected output's.
  public static let baseURL = URL(string: "http://fakehost/test/")!

  public static func measure(directory: URL) throws -> [Page] {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    var pages: [Page] = []
    for name in names {
      let folder = directory.appendingPathComponent(name)
      guard let source = try? Data(contentsOf: folder.appendingPathComponent("source.html")),
        let expected = try? Data(contentsOf: folder.appendingPathComponent("expected.html"))
      else { continue }
      pages.append(measure(name: name, source: source, expected: expected, metadata: try? Data(contentsOf: folder.appendingPathComponent("expected-metadata.json"))))
    }
    return pages
  }

  static func measure(name: String, source: Data, expected: Data, metadata: Data?) -> Page {
    let expectedText = ArticleExtractor.plainText(ofHTML: String(decoding: expected, as: UTF8.self))
    let expectedMetadata = metadata.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
    let expectedReaderable = expectedMetadata?["readerable"] as? Bool
    let start = ContinuousClock.now
    let outcome: ArticleExtractor.Outcome?
    var error: String?
    do {
      // Quality is measured whatever the machine's load: a debug build on a busy machine may take longer
      // than the reader's budget on the largest pages.
      outcome = try ArticleExtractor.extractAnyway(data: source, charset: nil, url: baseURL, timeLimit: .seconds(60))
    } catch let failure {
      outcome = nil
      error = failure.description
    }
    let elapsed = ContinuousClock.now - start
    let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    // The text as printed, re-read from the HTML so that the HTML output is what is measured.
    let text = outcome.map { ArticleExtractor.plainText(ofHTML: $0.article.html) } ?? ""
    let (precision, recall, f1) = overlap(extracted: text, expected: expectedText)
    var page = Page(
      name: name, bytes: source.count, precision: precision, recall: recall, f1: f1,
      expectedReaderable: expectedReaderable, readerable: outcome?.readerable ?? false,
      articleFound: outcome?.isArticle ?? false, milliseconds: milliseconds,
      error: error)
    if let expectedMetadata, let found = outcome?.article.metadata {
      for (field, path) in metadataFields where expectedMetadata.keys.contains(field) {
        let want = (expectedMetadata[field] as? String).map(PageNode.collapsed).flatMap { $0.isEmpty ? nil : $0 }
        let got = found[keyPath: path].map(PageNode.collapsed).flatMap { $0.isEmpty ? nil : $0 }
        page.metadata[field] = want == got
      }
    }
    return page
  }

  /// The text the search finds in a page, article-like or not (to look into a page that scores badly).
  public static func anyText(data: Data) -> String {
    (try? ArticleExtractor.extractAnyway(data: data, charset: nil, url: baseURL))?.text ?? ""
  }

  /// Precision, recall and F1 of `extracted` against `expected` over lower-cased, whitespace-split word
  /// 4-grams (a text shorter than four words is one shingle).
  public static func overlap(extracted: String, expected: String) -> (Double, Double, Double) {
    let got = shingles(extracted)
    let want = shingles(expected)
    if got.isEmpty && want.isEmpty { return (1, 1, 1) }
    guard !got.isEmpty, !want.isEmpty else { return (0, 0, 0) }
    let common = Double(got.intersection(want).count)
    let precision = common / Double(got.count)
    let recall = common / Double(want.count)
    let f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0
    return (precision, recall, f1)
  }

  static func shingles(_ text: String) -> Set<String> {
    let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count >= 4 else { return words.isEmpty ? [] : [words.joined(separator: " ")] }
    var out = Set<String>()
    for index in 0...(words.count - 4) { out.insert(words[index..<(index + 4)].joined(separator: " ")) }
    return out
  }
}
