import Foundation
import Reader
import Testing

import ScreenKit
@testable import ReaderUI
@testable import splitfeed

/// The status line's text field (typing, erasing, history) and the marking of a search's words.
@Suite("finding: prompt field and highlight")
struct FindingModelTests {
  @Test func typingErasingAndSubmitting() {
    var prompt = Prompt(field: .search, label: "Search: ")
    for c in "swift" { #expect(prompt.edit(.character(c)) == .changed) }
    #expect(prompt.text == "Search: swift")
    #expect(prompt.edit(.backspace) == .changed)
    #expect(prompt.typed == "swif")
    #expect(prompt.edit(.control("u")) == .changed)
    #expect(prompt.typed.isEmpty)
    #expect(prompt.edit(.backspace) == .ignored)
    #expect(prompt.edit(.tab) == .ignored)
    #expect(prompt.edit(.enter) == .submitted)
    #expect(prompt.edit(.escape) == .cancelled)
  }

  @Test func historyWalksBackAndReturnsToTheDraft() {
    var prompt = Prompt(field: .search, label: "/", history: ["newest", "older", "oldest"])
    _ = prompt.edit(.character("d"))
    #expect(prompt.edit(.up) == .changed && prompt.typed == "newest")
    #expect(prompt.edit(.up) == .changed && prompt.typed == "older")
    #expect(prompt.edit(.up) == .changed && prompt.typed == "oldest")
    #expect(prompt.edit(.up) == .ignored && prompt.typed == "oldest")
    #expect(prompt.edit(.down) == .changed && prompt.typed == "older")
    #expect(prompt.edit(.down) == .changed && prompt.typed == "newest")
    #expect(prompt.edit(.down) == .changed && prompt.typed == "d")
    #expect(prompt.edit(.down) == .ignored && prompt.typed == "d")
    // Editing an entry of the history starts a new draft from it.
    _ = prompt.edit(.up)
    _ = prompt.edit(.character("!"))
    #expect(prompt.typed == "newest!")
    #expect(prompt.edit(.down) == .ignored)
  }

  @Test func aProblemShowsUntilTheNextKey() {
    var prompt = Prompt(field: .filter, label: "Filter: ", typed: "(unread")
    prompt.problem = "expected \")\" at 7"
    #expect(prompt.text == "Filter: (unread  ← expected \")\" at 7")
    _ = prompt.edit(.character(")"))
    #expect(prompt.text == "Filter: (unread)" && prompt.problem == nil)
  }

  @Test func aPasteIsOneLineOfTheField() {
    var prompt = Prompt(field: .search, label: "/")
    #expect(prompt.paste("a\nb\tc\u{7}\u{1B}[31m") == .changed)
    #expect(prompt.typed == "a b c[31m")
    #expect(prompt.paste("\u{0}") == .ignored)
  }

  @Test func highlightIgnoresCaseAndAccentsAndMergesOverlaps() {
    let highlight = Highlight(["cafe", "swift", "ift u"])
    let pieces = highlight.pieces(of: "Swift UI at the Café")
    #expect(pieces.map(\.text) == ["Swift U", "I at the ", "Café"])
    #expect(pieces.map(\.isMatch) == [true, false, true])
    #expect(Highlight([]).pieces(of: "plain").map(\.isMatch) == [false])
    #expect(!Highlight(["zzz"]).matches("plain"))
  }

  @Test func highlightAcrossRuns() {
    let pieces = Highlight(["new feature"]).pieces(ofRuns: ["a ", "new", " feature!"])
    #expect(pieces.map { $0.map(\.text) } == [["a "], ["new"], [" feature", "!"]])
    #expect(pieces.map { $0.map(\.isMatch) } == [[false], [true], [true, false]])
  }
}

@Suite("finding: config lines")
struct FindingConfigTests {
  @Test func ignoreArticleAndSortOrderLines() {
    let (config, problems) = ConfigParser.parse(
      #"""
      article-sort-order title
      ignore-article * "title =~ \"sponsored\""
      ignore-article https://example.org/feed.xml "author = \"bot\""
      ignore-article * "title =~"
      article-sort-order sideways
      ignore-article *
      ignore-article tag:news "title =~ \"quiz\""
      """#)
    #expect(config.ui.articleSort == .title)
    #expect(config.engine.ignoreArticles.map(\.selector) == [.all, .feed("https://example.org/feed.xml"), .tag("news")])
    #expect(
      config.engine.ignoreArticles.map(\.expression.text) == [#"title =~ "sponsored""#, #"author = "bot""#, #"title =~ "quiz""#])
    #expect(problems.map(\.line) == [4, 5, 6])
    #expect(problems[0].message.hasPrefix("ignore-article: "))
    #expect(problems[1].message.contains("date-asc"))
  }

  @Test func newsboatKillfileLinesAreTakenWhenTheirExpressionReads() {
    let plan = NewsboatConfigPlan(
      newsboat: #"""
        ignore-article "*" "title =~ \"Sponsored\""
        ignore-article "https://example.org/feed" "title =~ and"
        """#, existing: "")
    #expect(plan.lines == [#"ignore-article * "title =~ \"Sponsored\"""#])
    #expect(plan.notTaken.count == 1 && plan.notTaken[0].hasPrefix("ignore-article https://example.org/feed"))
  }

  @Test func findingKeysHaveNewsboatNames() {
    #expect(Action(configName: "open-search") == .openSearch)
    #expect(Action(configName: "set-filter") == .setFilter)
    #expect(Action(configName: "cycle-sort") == .cycleSort)
    #expect(KeyMap.standard.action(for: .character("/"), in: .window) == .openSearch)
    #expect(KeyMap.standard.action(for: .character("]"), in: .article) == .nextMatch)
  }
}

@Suite("finding: the manual's examples")
struct FindingReadmeExampleTests {
  @Test func theQueryLineAndTheFilterReadAsWritten() throws {
    let parsed = UrlsFile.parse(#""query:Rust news:title =~ \"Rust\" and unread = \"yes\"""# + "\n")
    #expect(parsed.problems.isEmpty && parsed.queryFeeds.map(\.title) == ["Rust news"])
    _ = try FilterExpression(parsing: #"unread = "yes" and age < 7"#)
    _ = try SearchQuery(parsing: "rust")
  }
}
