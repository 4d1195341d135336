import Foundation
import Testing

@testable import Reader

/// A documentation page's code block written by a syntax highlighter: each line an element of the class
/// `line`, set apart by its style alone.
@Suite struct CodeLinesTests {
  @Test func aCodeBlockKeepsTheLinesAHighlighterDrewAsElements() throws {
    let code = """
      <pre class="shiki"><code><span class="line"><span style="color:pink">npm</span><span> create</span><span> my-project</span></span>\
      <span class="line"><span style="color:violet">cd</span><span> my-project</span></span>\
      <span class="line"><span>npm</span><span> run dev</span></span></code></pre>
      """
    let page = """
      <html><head><title>Installation</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><h1>Installation</h1>\(ArticleExtractorTests.prose("setup", count: 3))<h2>Create your project</h2>\(code)</main></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("npm create my-project\ncd my-project\nnpm run dev"), "one line each")
  }
}
