import Foundation
import Testing

@testable import Reader

/// Skip links pass a page's furniture for keyboard users; a reader view has none to pass
/// (`Preparation.isSkipLink`). A writer's longer "Jump to …" pointer stays.
@Suite struct SkipLinkTests {
  @Test func skipLinksAreLeftOutAndAWritersPointerStays() throws {
    let page = """
      <html><head><title>Tuning the planner</title></head><body>
      <div id="content" role="main"><a href="#column-one">Jump to navigation</a><a href="#search">Jump to search</a>
      <p><a href="#main">Skip to main content</a></p>
      <h1>Tuning the planner</h1>\(ArticleExtractorTests.prose("planner", count: 3))
      <p><a href="#settings">Jump to the settings that matter most for a busy server</a></p>
      \(ArticleExtractorTests.prose("settings", count: 2))</div></body></html>
      """
    let text = try ArticleExtractorTests.extract(page).text
    #expect(!text.contains("Jump to navigation") && !text.contains("Jump to search") && !text.contains("Skip to main"))
    #expect(text.contains("Jump to the settings that matter most"))
    #expect(text.contains("The settings paragraph 2 tells"))
  }

  @Test func onlyLinksWithinThePageAreSkipLinks() {
    func link(_ href: String?, _ text: String) -> PageNode {
      let node = PageNode(tag: "a", attributes: href.map { ["href": $0] } ?? [:])
      node.append(.textNode(text))
      return node
    }
    #expect(Preparation.isSkipLink(link("#content", "Skip to content")))
    #expect(Preparation.isSkipLink(link(nil, "Jump to Latest")))
    #expect(!Preparation.isSkipLink(link("/latest", "Jump to Latest")))
    #expect(!Preparation.isSkipLink(link("#list", "Jump to the full list of the best builders")))
  }
}
