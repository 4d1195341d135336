import Foundation
import Testing

@testable import Reader

/// An article that prints a section twice, one copy for each screen size, shows it once
/// (`RepeatedBlocks.removeCopiedSections`); what a writer says twice stays.
@Suite struct CopiedSectionsTests {
  static func words(_ text: String, _ phrase: String) -> Int {
    text.components(separatedBy: phrase).count - 1
  }

  /// The page wraps its opening section once for wide screens and once for narrow ones; the reader sees
  /// one, so the extract holds each paragraph once and the rest of the article after it.
  @Test func aSectionPrintedForEachScreenSizeIsShownOnce() throws {
    let opening = ArticleExtractorTests.prose("opening", count: 3)
    let page = """
      <html><head><title>Renovation costs</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="content"><h1>Renovation costs</h1>
      <div class="variant wide">\(opening)</div><div class="variant narrow">\(opening)</div>
      \(ArticleExtractorTests.prose("budget", count: 4))</div>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    for index in 1...3 { #expect(Self.words(text, "The opening paragraph \(index) tells") == 1) }
    #expect(text.contains("The budget paragraph 4 tells"))
  }

  /// Placeholder text said again right after itself, and one warning repeated before a later example, are
  /// the writer's: both stay as written.
  @Test func whatTheWriterSaysTwiceStays() throws {
    let filler = ArticleExtractorTests.prose("filler", count: 1)
    let warning = "<p>Mind the wiring before you open the wall: the old circuits in such houses often carry current "
      + "even when the switch is off, and a tester costs less than a visit to the doctor.</p>"
    let page = """
      <html><head><title>Wiring</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="content"><h1>Wiring</h1>\(filler)\(filler)\(filler)\(warning)
      \(ArticleExtractorTests.prose("kitchen", count: 2))\(warning)\(ArticleExtractorTests.prose("bathroom", count: 2))</div>
      </body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    #expect(Self.words(text, "The filler paragraph 1 tells") == 3)
    #expect(Self.words(text, "Mind the wiring") == 2)
  }
}
