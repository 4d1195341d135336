import Foundation
import Testing

@testable import Reader

/// The extractor over Mozilla Readability's 130 test pages (in the shared fixtures): the mean word-4-gram F1
/// against the expected articles and the share of pages where the article test agrees may not fall under
/// the figures reached (docs/DECISIONS.md has the history).
@Suite struct ArticleExtractionFixtureTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/fixtures/readability").standardizedFileURL

  /// The figures reached (the test allows 0.01 below each).
  static let meanF1Reached = 0.9918
  static let readerableAgreementReached = 0.992
  static let articleFoundAgreementReached = 0.984

  @Test func meanF1AndArticleTestHoldTheirFloor() throws {
    guard FileManager.default.fileExists(atPath: Self.directory.path) else {
      print("note: \(Self.directory.path) is absent; skipping the extraction fixtures")
      return
    }
    let pages = try ExtractionQuality.measure(directory: Self.directory)
    #expect(pages.count >= 130)
    let meanF1 = pages.map(\.f1).reduce(0, +) / Double(pages.count)
    let judged = pages.filter { $0.expectedReaderable != nil }
    let agreement = Double(judged.filter { $0.readerable == $0.expectedReaderable }.count) / Double(judged.count)
    for page in pages.sorted(by: { $0.f1 < $1.f1 }).prefix(10) {
      print(String(format: "worst: %@ f1=%.3f p=%.3f r=%.3f", page.name, page.f1, page.precision, page.recall))
    }
    print(String(format: "mean F1 %.4f over %d pages, readerable agreement %.3f", meanF1, pages.count, agreement))
    #expect(meanF1 >= Self.meanF1Reached - 0.01)
    #expect(agreement >= Self.readerableAgreementReached - 0.01)
    // What the reader does with it: an article shown where the page is one, "no article" where not.
    let found = Double(judged.filter { $0.articleFound == $0.expectedReaderable }.count) / Double(judged.count)
    print(String(format: "article found where readerable, none where not: %.3f", found))
    #expect(found >= Self.articleFoundAgreementReached - 0.01)
  }

  @Test func identicalTextsScoreOneAndDisjointTextsZero() {
    let text = "one two three four five six"
    #expect(ExtractionQuality.overlap(extracted: text, expected: text.uppercased()) == (1, 1, 1))
    #expect(ExtractionQuality.overlap(extracted: "a b c d e", expected: "v w x y z").2 == 0)
    let half = ExtractionQuality.overlap(extracted: "a b c d", expected: "a b c d e f g h i")
    #expect(half.0 == 1 && half.1 == 1.0 / 6)
  }
}
