import Foundation
import Reader
import TestSupport
import Testing

@testable import splitfeed

/// Where newsboat's files are looked for, and which of its config lines become splitfeed lines.
@Suite("newsboat translation")
struct NewsboatTranslationTests {
  @Test func findsNewsboatWhereNewsboatLooks() throws {
    let temporary = try TemporaryDirectory("nb-home")
    let home = temporary.url
    let xdg = NewsboatFolder.resolve(nil, environment: ["HOME": home.path, "XDG_DATA_HOME": "/data"])
    #expect(xdg.urlsFile == home.path + "/.config/newsboat/urls")
    #expect(xdg.cacheFile == "/data/newsboat/cache.db")
    try FileManager.default.createDirectory(at: home.appendingPathComponent(".newsboat"), withIntermediateDirectories: true)
    let dot = NewsboatFolder.resolve(nil, environment: ["HOME": home.path, "XDG_DATA_HOME": "/data"])
    #expect(dot.cacheFile == home.path + "/.newsboat/cache.db")
    #expect(dot.lockFile == home.path + "/.newsboat/cache.db.lock")
    #expect(dot.lockHolder() == nil, "no lock file, no holder")
  }

  @Test func configLinesWithAnEquivalentAreTranslated() {
    let plan = NewsboatConfigPlan(
      newsboat: """
        color info white blue
        color article white default
        bind-key o open-in-browser
        bind-key x no-such-op
        auto-reload yes
        reload-time 15
        refresh-on-startup yes
        keep-articles-days 30
        confirm-exit yes
        text-width 80
        """,
      existing: "bind-key o open-in-browser\n")
    #expect(plan.lines == [
      "color title-bar white blue", "color toolbar white blue", "color status white blue", "reload-on-start yes",
      "keep-articles-days 30", "confirm-exit yes", "text-width 80", "reload-interval 15",
    ])
    #expect(plan.notTaken.contains { $0.hasPrefix("color article") })
    #expect(plan.notTaken.contains { $0.hasPrefix("bind-key x no-such-op: ") && $0.contains("unknown action") })
    #expect(!plan.notTaken.contains { $0.hasPrefix("keep-articles-days") }, "an equivalent setting now")
  }

  /// newsboat's own links keys carry over by their names; `u` (newsboat's show-urls) stays undo here,
  /// and the line that would give it away is left out as a note, not as something the import could not take.
  @Test func theLinksActionsCarryOverAndUStaysUndo() {
    let plan = NewsboatConfigPlan(
      newsboat: """
        bind-key u show-urls
        bind-key ^U show-urls
        bind-key G goto-url
        """,
      existing: "")
    #expect(plan.lines == ["bind-key ^U show-urls", "bind-key G goto-url"])
    #expect(plan.notes == ["bind-key u show-urls: left out, u stays undo here"])
    #expect(plan.notTaken.isEmpty, "\(plan.notTaken)")
  }

  /// newsboat's `save-path`, and its `pipe-to` and `save` bound to keys, are this reader's too (issue 37).
  @Test func saveAndPipeToCarryOver() {
    let plan = NewsboatConfigPlan(
      newsboat: "save-path \"~/saved articles\"\nbind-key | pipe-to\nbind-key ^S save\n", existing: "")
    #expect(plan.lines == ["save-path \"~/saved articles\"", "bind-key | pipe-to", "bind-key ^S save"])
    #expect(plan.notTaken.isEmpty, "\(plan.notTaken)")
  }
}

/// newsboat's `highlight` lines are splitfeed's own now: taken as written, checked by the config reader.
@Suite("newsboat translation: highlight")
struct NewsboatHighlightTranslationTests {
  @Test func highlightLinesAreTakenAndABadOneIsNamed() {
    let plan = NewsboatConfigPlan(
      newsboat: """
        highlight article "https?://[^ ]+" blue default underline
        highlight feedlist "^Podcast" color123 default bold
        highlight articlelist "x" red default blink
        """,
      existing: "")
    #expect(plan.lines == [
      "highlight article \"https?://[^ ]+\" blue default underline", "highlight feedlist ^Podcast color123 default bold",
    ])
    #expect(plan.notTaken == ["highlight articlelist x red default blink: highlight: unknown attribute \"blink\" (known: bold, dim, italic, underline, reverse)"])
  }
}

/// The lines issue 37 names, in one newsboat config and urls file: the summary's "not taken" lists only
/// what the reader cannot do, each with its reason.
@Suite("newsboat translation: a power user's lines")
struct NewsboatPowerUserLinesTests {
  @Test func onlyWhatCannotBeTakenIsListed() {
    let config = NewsboatConfigPlan(
      newsboat: """
        highlight article "https?://[^ ]+" blue default underline
        highlight articlelist "^\\\\[(rust|swift)\\\\]" yellow default bold
        macro v set browser "mpv %u" ; open-in-browser ; set browser "firefox %u"
        macro p pipe-to "wc -l"
        color listfocus black yellow bold
        """,
      existing: "")
    #expect(config.taken == ["highlight", "highlight", "macro", "color"])
    #expect(config.lines.contains("macro v set browser \"mpv %u\" ; open-in-browser ; set browser \"firefox %u\""))
    #expect(config.notTaken == [
      "macro p pipe-to \"wc -l\": macro p: \"pipe-to wc -l\" is neither an action (as bind-key names them) nor set SETTING VALUE"
    ])
    let urls = NewsboatUrlsPlan(
      newsboat: "\"exec:~/bin/masto-feed\"\n\"filter:~/bin/strip-ads:https://a.example/rss\"\n\"exec:curl -s x | xsltproc a.xsl -\"\n",
      existing: "", newsboatFolder: "/nb", configDirectory: "/conf")
    #expect(urls.commands == 3)
    #expect(urls.shellCommands.count == 1)
    #expect(urls.shellCommands.first?.hasPrefix("urls line 3:") == true)
  }
}
