import Foundation
import Testing

@testable import Reader

/// A question-and-answer page whose question item spans the page: the page's header (title, the button
/// that asks a new question, the question's counts) lies in the item, beside the main landmark that holds
/// the question and its answers; under each post, a link that adds a comment.
@Suite struct ForumQuestionPageTests {
  static func post(_ index: Int, type: String) -> String {
    """
    <div class="answer" itemprop="suggestedAnswer" itemscope itemtype="https://schema.org/\(type)">
      <div class="post-text" itemprop="text"><p>\(PageKindExtractionTests.reply(index))</p></div>
      <div class="user-info"><span class="relativetime" title="2026-02-0\(index) 10:00:00Z">Feb \(index), 2026 at 10:0\(index)</span>
        <div class="user-details" itemprop="author"><a href="/users/\(index)">member\(index)</a></div></div>
      <div id="comments-link-\(index)"><a class="js-add-link comments-link" href="#">Add a comment</a></div>
    </div>
    """
  }

  static let page = """
    <html><head><title>Which lens?</title></head><body>\(PageKindExtractionTests.siteNavigation)
    <div id="content" itemprop="mainEntity" itemscope itemtype="https://schema.org/Question">
      <div id="question-header"><h1 itemprop="name">Which lens?</h1><div class="aside-cta"><a href="/questions/ask" class="s-btn">Ask Question</a></div></div>
      <div class="d-flex"><div title="2026-02-01 09:00:00Z"><span>Asked</span> <time itemprop="dateCreated" datetime="2026-02-01 09:00:00Z">3 years ago</time></div>
        <div title="Viewed 68,733 times"><span>Viewed</span> 69k times</div></div>
      <div id="mainbar" role="main">\(post(1, type: "Question").replacingOccurrences(of: "itemscope itemtype=\"https://schema.org/Question\"", with: ""))
        <div id="answers"><h2>3 Answers</h2>\(post(2, type: "Answer"))\(post(3, type: "Answer"))\(post(4, type: "Answer"))</div></div>
    </div></body></html>
    """

  @Test func theQuestionIsReadFromTheMainLandmarkWithoutThePagesHeader() throws {
    let text = try PageKindExtractionTests.extract(Self.page).text
    for index in 1...4 { #expect(text.contains(PageKindExtractionTests.reply(index)), "post \(index)") }
    #expect(!text.contains("Ask Question") && !text.contains("Viewed") && !text.contains("Asked"))
  }

  @Test func aPostLeavesOutTheLinkThatAddsAComment() throws {
    let text = try PageKindExtractionTests.extract(Self.page).text
    #expect(text.contains("member3"))
    #expect(!text.contains("Add a comment"))
  }

  /// The control that sorts the answers: a `select` the clean takes out, its label and the link beside it
  /// that resets the order ("Sorted by: Reset to default").
  @Test func aQuestionPageLeavesOutTheAnswersSortControl() throws {
    let control = """
      <h2>3 Answers</h2><div class="d-flex"><div class="d-flex fd-column"><label class="fs-caption" for="answer-sort">Sorted by:</label>
        <a class="s-link d-none" href="?answertab=scoredesc">Reset to default</a></div>
        <div class="s-select"><select id="answer-sort"><option selected>Highest score (default)</option><option>Date modified</option></select></div></div>
      """
    let page = Self.page.replacingOccurrences(of: "<h2>3 Answers</h2>", with: control)
    let text = try PageKindExtractionTests.extract(page).text
    for index in 1...4 { #expect(text.contains(PageKindExtractionTests.reply(index)), "post \(index)") }
    #expect(!text.contains("Sorted by") && !text.contains("Reset to default"))
  }

  /// The dates in the poster's panel under a question and its answers (asked, answered, edited): the site's
  /// record of each post, printed apart from what was asked and answered; the names stay.
  @Test func aQuestionPageLeavesOutThePanelsDates() throws {
    let text = try PageKindExtractionTests.extract(Self.page).text
    for index in 1...4 {
      #expect(text.contains(PageKindExtractionTests.reply(index)) && text.contains("member\(index)"), "post \(index)")
      #expect(!text.contains("Feb \(index), 2026"), "date of \(index)")
    }
  }
}
