import Foundation
import Testing

@testable import Reader

/// A row of links drawn as buttons under a page's text ("Get it on …", "Try it"): calls to act, not the text.
@Suite struct ButtonRowsTests {
  @Test func aParagraphOfButtonLinksIsLeftOut() throws {
    let page = """
      <html><head><title>Installation</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><h1>Installation</h1>\(ArticleExtractorTests.prose("setup", count: 3))
      <p><a class="button" href="https://hub.example.org/model">Get it on the Hub</a>
      <a class="button" href="https://store.example.org/model">Get it on the Store</a></p>
      <p>The model is licensed for use in your own projects, as the <a class="button" href="/terms">terms</a> say.</p>
      \(ArticleExtractorTests.prose("usage", count: 2))</main></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("The setup paragraph 3") && text.contains("The usage paragraph 2"))
    #expect(!text.contains("Get it on the Hub") && !text.contains("Get it on the Store"))
    #expect(text.contains("as the terms say"), "a link in a sentence stays")
  }
}
