import Foundation
import Testing

@testable import Reader

/// Service pages whose search keeps part of their sections (`MainRegion.isSectioned`, `MainRegion.outgrows`):
/// the page's other sections are shown too.
@Suite struct ServiceSectionsTests {
  static let sections = ["Planning", "Building", "Support"].map { name in
    """
    <section class="block"><div class="inner"><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p>
    <ul>\((1...8).map { "<li>\(name) item \($0) covers one more part of the garden work</li>" }.joined())</ul></div></section>
    """
  }

  /// The search keeps a long section holding most of the page's headings (four of seven); the three
  /// sections it leaves are the page too.
  @Test func aPickHoldingMostHeadingsStillLeavesSections() throws {
    let topics = ["Soil", "Water", "Light", "Seasons"]
    let approach = topics.map { "<h2>\($0)</h2>" + ArticleExtractorTests.prose($0.lowercased(), count: 1) }.joined()
    let page = """
      <html><head><title>Garden services</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><h1>Garden services</h1><section class="block"><div class="text">\(approach)</div></section>
      \(Self.sections.joined())</main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("The seasons paragraph 1"))
    for name in ["Planning", "Building", "Support"] {
      #expect(text.contains("\(name) is part of what we offer") && text.contains("\(name) item 8 covers"))
    }
  }

  /// The search keeps the section of prose, over half the region but under two thirds of it: on a page
  /// that does not declare an article, the region's other sections are the page too.
  @Test func aServicePageWhoseProseIsMostOfItsRegionKeepsEverySection() throws {
    let sections = ["Planning", "Building", "Support"].map { name in
      """
      <section class="block"><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p>
      <ul><li>\(name) item one, planned with you and done on the day we agree</li><li>\(name) item two</li></ul></section>
      """
    }
    let page = """
      <html><head><title>Garden services</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <main><h1>Garden services</h1>
      <section class="block"><h2>Our approach</h2><div class="text">\(ArticleExtractorTests.prose("garden", count: 4))</div></section>
      \(sections.joined())</main>
      <footer><p>Footer address line</p></footer></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("The garden paragraph 4"))
    for name in ["Planning", "Building", "Support"] {
      #expect(text.contains("\(name) is part of what we offer") && text.contains("\(name) item two"))
    }
  }

  /// A customer's testimonial marked as a `Review` in microdata does not make the page an article: its
  /// sections are still found around the search's pick.
  @Test func aTestimonialMarkedAsAReviewDoesNotHideTheSections() throws {
    let sections = ["Planning", "Building", "Support"].map { name in
      """
      <section class="block"><div class="inner"><h2>\(name)</h2><p>\(name) is part of what we offer: a team that listens first.</p>
      <ul>\((1...8).map { "<li>\(name) item \($0) covers one more part of the garden work</li>" }.joined())</ul></div></section>
      """
    }
    let page = """
      <html><head><title>Garden services</title></head><body>\(PageKindExtractionTests.siteNavigation)
      <div class="wrapper"><h1>Garden services</h1>
      <section class="block"><div class="inner"><h2>Our approach</h2><div class="text">\(ArticleExtractorTests.prose("garden", count: 4))</div></div></section>\(sections.joined())
      <div itemscope itemtype="http://schema.org/Review"><p itemprop="reviewBody">They came on time.</p>
      <span itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">A client</span></span></div></div>
      <div class="site-end"><p>Footer address line</p></div></body></html>
      """
    let text = try PageKindExtractionTests.extract(page).text
    #expect(text.contains("The garden paragraph 4"))
    for name in ["Planning", "Building", "Support"] {
      #expect(text.contains("\(name) is part of what we offer") && text.contains("\(name) item 8 covers"))
    }
  }
}
