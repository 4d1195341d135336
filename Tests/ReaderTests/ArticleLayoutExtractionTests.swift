import Foundation
import TestSupport
import Testing

@testable import Reader

/// Hand-made articles, documentation pages and a thread laid out in ways the paragraph search misses: each
/// is read whole rather than one of its parts.
@Suite struct ArticleLayoutExtractionTests {
  static func extract(_ html: String) throws -> String {
    try PageKindExtractionTests.extract(html).text
  }

  /// A section whose paragraphs sit four levels down (a page builder's row, column and text boxes).
  static func section(_ index: Int, paragraphs: Int) -> String {
    """
    <div class="guide-item" id="part\(index)"><h2>Part \(index)</h2><div class="guide-body"><div class="text-field">
    \(ArticleExtractorTests.prose("part \(index)", count: paragraphs))</div></div></div>
    """
  }

  @Test func anArticleWrittenAsARunOfSectionsIsReadWhole() throws {
    // Each section scored apart, the longest alone was the article (`SectionRun`; the page declares an
    // article, so no region is looked for around it); the run of teasers beside the sections (not around
    // them), the sidebar's links and the footer stay out.
    let sections = [3, 5, 2, 4].enumerated().map { Self.section($0.offset + 1, paragraphs: $0.element) }.joined()
    let teasers = (1...4).map { index in
      "<div class=\"teaser\"><h3><a href=\"/story\(index)\">Story \(index)</a></h3><p>Teaser \(index) of another story.</p></div>"
    }.joined()
    let page = """
      <html><head><title>A guide in parts</title><meta property="og:type" content="article"></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="layout"><div class="guide-sections">\(sections)</div><div class="more">\(teasers)</div>
      <div class="rail"><ul><li><a href="/a">Another guide</a></li><li><a href="/b">A third guide</a></li></ul></div></div>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page)
    for (index, count) in [3, 5, 2, 4].enumerated() {
      #expect(text.contains("The part \(index + 1) paragraph \(count) tells"), "part \(index + 1)")
    }
    #expect(!text.contains("Another guide") && !text.contains("Footer address") && !text.contains("Teaser 2"))
  }

  @Test func anAccordionsClosedRegionsAreShownUnderTheirButtons() throws {
    // The WAI-ARIA accordion: each header a button that controls its panel, a `role="region"` hidden until
    // opened (`TabPanels`); a region no button controls (a hidden notice) stays hidden.
    let questions = (1...3).map { index in
      """
      <div class="faq-entry"><a role="button" id="q\(index)" aria-controls="a\(index)">Question \(index) about the installation</a>
      <div id="a\(index)" role="region" aria-labelledby="q\(index)" style="display:none"><div class="answer-body">
      \(ArticleExtractorTests.prose("answer \(index)", count: 2))</div></div></div>
      """
    }.joined()
    let page = """
      <html><head><title>Installing the panels</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><h1>Installing the panels</h1>\(ArticleExtractorTests.prose("installation", count: 3))
      <div class="faq">\(questions)</div></main>
      <div role="region" id="notice" style="display:none"><p>A notice about cookies that nobody opened here.</p></div>
      </body></html>
      """
    let text = try Self.extract(page)
    for index in 1...3 {
      #expect(text.contains("The answer \(index) paragraph 2 tells"), "answer \(index)")
      #expect(text.contains("Question \(index) about the installation"))
    }
    #expect(!text.contains("A notice about cookies"))
  }

  @Test func anOpeningPostSetApartBeforeTheRepliesLeadsTheThread() throws {
    // The opening post in the replies' container before them, with classes and a poster's line of its own
    // but its text in the replies' kind of block (`ForumThread.textKinds`): the search kept it alone.
    let replies = (1...4).map { index in
      """
      <div class="reply-card" id="r\(index)"><div class="reply-head">member\(index) · <span class="stamp">03/0\(index)/2026 19:5\(index)</span></div>
      <div class="post-body"><p>\(PageKindExtractionTests.reply(index))</p></div></div>
      """
    }.joined()
    let page = """
      <html><head><title>Cheap family meals</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><div class="thread"><div><div class="opening-card"><p class="poster">starter · <span class="stamp">02/03/2026 18:00</span></p>
      <div class="post-body">\(ArticleExtractorTests.prose("meal", count: 5))</div></div>
      <div class="op-actions"><span>OP posts:</span><button>See next</button></div></div>\(replies)</div></main></body></html>
      """
    let text = try Self.extract(page)
    #expect(text.contains("The meal paragraph 5 tells"))
    for index in 1...4 { #expect(text.contains(PageKindExtractionTests.reply(index)), "reply \(index)") }
  }

  @Test func proseInABlockNamedLikeAWidgetStays() throws {
    // An editor's layout component (`ck-widget`) holds two of the article's paragraphs: prose, kept
    // (`ArticleCleaner.isProse`); a widget of links beside it still goes.
    let page = """
      <html><head><title>Plants for dark rooms</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <article><h1>Plants for dark rooms</h1>\(ArticleExtractorTests.prose("plant", count: 3))
      <div class="ck-widget grid"><div class="row"><div class="col"><h6>Snake plant</h6>\(ArticleExtractorTests.prose("snake plant", count: 1))</div>
      <div class="col"><h6>ZZ plant</h6>\(ArticleExtractorTests.prose("zz plant", count: 1))</div></div></div>
      <div class="widget-links"><ul><li><a href="/a">Link one to another page</a></li><li><a href="/b">Link two to another page</a></li></ul></div>
      </article></body></html>
      """
    let text = try Self.extract(page)
    #expect(text.contains("The snake plant paragraph 1 tells") && text.contains("The zz plant paragraph 1 tells"))
    #expect(text.contains("The plant paragraph 3 tells") && !text.contains("Link one"))
  }

  @Test func aReplyQuotingAnEarlierPostDoesNotRepeatIt() throws {
    // Replies quote the post they answer, its paragraphs under a "… wrote:" line in a `blockquote`: the
    // thread shows the quoted paragraphs once, where they were written (`RepeatedBlocks`), and keeps each
    // reply's own text and a short line said twice ("Thanks!").
    let opening = ArticleExtractorTests.prose("kettle", count: 2)
    let posts = (1...4).map { index in
      let quote = index == 3 ? "<blockquote><div class=\"quote-head\">member1 wrote:</div>\(opening)</blockquote>" : ""
      let body = index == 1 ? opening : "\(quote)<p>\(PageKindExtractionTests.reply(index))</p><p>Thanks!</p>"
      return """
        <div class="message"><div class="message-user"><a href="/u/\(index)">member\(index)</a></div>
        <div class="message-meta"><time datetime="2026-03-0\(index)">March \(index)</time></div><div class="message-body">\(body)</div></div>
        """
    }.joined()
    let page = """
      <html><head><title>Which kettle lasts?</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="thread">\(posts)</div></body></html>
      """
    let text = try Self.extract(page)
    #expect(text.components(separatedBy: "The kettle paragraph 2 tells").count == 2, "the quoted paragraph once")
    for index in 2...4 { #expect(text.contains(PageKindExtractionTests.reply(index)), "reply \(index)") }
    #expect(text.components(separatedBy: "Thanks!").count == 4)
  }

  @Test func aServicePagesBoxesKeptAsProseDoNotHideItsSections() throws {
    // A page builder's FAQ boxes carry a class that reads negative (`overflow-hidden`) over two paragraphs
    // each: kept as prose, they made the search's pick (the FAQ) look like most of the page's `<main>`, so its
    // other sections were left out. The region is weighed against the pick without them (`plainPass`).
    let answers = (1...3).map { index in
      "<div class=\"overflow-hidden rounded-lg\"><h3>Question \(index) about hiring</h3>\(ArticleExtractorTests.prose("answer \(index)", count: 2))</div>"
    }.joined()
    let steps = (1...3).map { "<li>Step \($0) is a short line about how hiring goes here.</li>" }.joined()
    let profiles = (1...4).map { "<li><b>Designer \($0)</b> <span>Senior designer, ten years</span></li>" }.joined()
    let page = """
      <html><head><title>Hire designers</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><div class="hero"><h2>Hire the best designers</h2><ul><li>A network of designers for the projects that matter.</li></ul></div>
      <div class="steps"><h2>How hiring works</h2><ol>\(steps)</ol></div>
      <div class="profiles"><h2>Meet our designers</h2><ul>\(profiles)</ul></div>
      <div class="faq"><div class="wrap"><div class="inner"><div class="body"><h2>Questions</h2>\(ArticleExtractorTests.prose("hiring", count: 3))
      <div class="faq-list">\(answers)</div></div></div></div></div>
      </main><footer><p>Footer address line</p></footer></body></html>
      """
    let text = try Self.extract(page)
    #expect(text.contains("Step 2 is a short line") && text.contains("Designer 3"), "the other sections")
    #expect(text.contains("The hiring paragraph 3 tells") && text.contains("The answer 2 paragraph 2 tells"))
    #expect(!text.contains("Footer address"))
  }

  @Test func aDialogNotOpenedStaysOut() throws {
    // Browsers show no `<dialog>` until a script opens it: a cookie consent's settings, written as prose
    // beside the article, are not the article.
    let page = """
      <html><head><title>A long walk</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="page-wrap"><div class="story">\(ArticleExtractorTests.prose("walk", count: 4))
      <dialog id="privacy-settings"><div class="tab-body">\(ArticleExtractorTests.prose("privacy", count: 2))</div></dialog>
      </div></div></body></html>
      """
    let text = try Self.extract(page)
    #expect(text.contains("The walk paragraph 4 tells"))
    #expect(!text.contains("privacy paragraph"))
  }
}
