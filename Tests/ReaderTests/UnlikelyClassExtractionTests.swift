import Foundation
import Testing

@testable import Reader

/// The first, strict pass of the search takes out blocks whose class sounds like furniture ("header",
/// "newsletter", "sidebar"). Two things it must not take out by their class alone: the page's one
/// `<article>` (or its `<main>`), and the headings inside that article (docs/DECISIONS.md, "The page's
/// one article and its headings are not unlikely by their class"); nor a table that heads its columns.
@Suite struct UnlikelyClassExtractionTests {
  /// A disclosure box of some 600 characters, before the article: long enough to end the search's
  /// retries when the strict pass has taken the article out.
  static let disclosure = """
    <div class="disclosure-box"><p class="disclosure-title">Advertiser Disclosure</p><div class="disclosure-text"><p>
    \(Array(repeating: "Some offers on this site come from partners who pay us when a reader follows a link to them.", count: 7)
      .joined(separator: " "))</p></div></div>
    """

  @Test func thePagesOneArticleStaysWhateverItsClassSays() throws {
    // `newsletter-post` and `with-sidebar` sound like furniture; the element is the page's only article.
    // The disclosure beside `<main>` is not merged into it as a sibling that scores well.
    let page = """
      <html><head><title>Ten ways to rent a car</title></head><body>\(PageKindExtractionTests.siteNavigation)
      \(Self.disclosure)
      <main><article class="newsletter-post with-sidebar"><h1>Ten ways to rent a car</h1>
      <div class="post-content">\(ArticleExtractorTests.prose("car rental", count: 8))</div></article></main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try ArticleLayoutExtractionTests.extract(page)
    #expect(text.contains("The car rental paragraph 1 tells") && text.contains("The car rental paragraph 8 tells"))
    #expect(!text.contains("Some offers on this site"))
  }

  @Test func headingsNamedAfterTheirAnchorsStay() throws {
    // A newsletter platform's headings carry `header-anchor-post`: "header" in a class was taken for the
    // page's header, and every section of the page's one article lost its heading.
    let sections = (1...3).map { index in
      "<h2 class=\"header-anchor-post\">Section \(index) heading</h2>\(ArticleExtractorTests.prose("section \(index)", count: 3))"
    }.joined()
    let page = """
      <html><head><title>An essay in sections</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <article class="post"><div class="body markup">\(sections)</div></article></body></html>
      """
    let text = try ArticleLayoutExtractionTests.extract(page)
    for index in 1...3 {
      #expect(text.contains("Section \(index) heading"), "heading \(index)")
    }
  }

  /// A wiki draws its sortable tables with a heading row that stays in view (`sticky-header`): the class
  /// sounds like a page's header, the table is the list the page is about.
  @Test func aTableThatHeadsItsColumnsStaysWhateverItsClassSays() throws {
    let rows = (1...12).map { year in
      "<tr><td>\(1900 + year)</td><td><a href=\"/wiki/P\(year)\">Physicist \(year)</a></td><td><a href=\"/wiki/C\(year)\">Chemist \(year)</a></td></tr>"
    }.joined(separator: "\n")
    let page = """
      <html><head><title>List of laureates</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div id="content"><h1>List of laureates</h1>\(ArticleExtractorTests.prose("prize", count: 3))
      <table class="wikitable sortable sticky-header"><tbody><tr><th scope="col">Year</th><th scope="col">Physics</th>
      <th scope="col">Chemistry</th></tr>\(rows)</tbody></table>\(ArticleExtractorTests.prose("rule", count: 2))</div>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try ArticleLayoutExtractionTests.extract(page)
    #expect(text.contains("The prize paragraph 3 tells") && text.contains("The rule paragraph 2 tells"))
    #expect(text.contains("Physicist 7") && text.contains("Chemist 12"))
  }
}
