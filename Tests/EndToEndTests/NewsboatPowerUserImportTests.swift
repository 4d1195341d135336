import Foundation
import Reader
import Testing

/// `import-newsboat` over a newsboat config and urls file holding the lines issue 37 names (`highlight`,
/// `macro`, `exec:`, `filter:`): what works here is taken and read back without a problem, and the
/// summary's "not taken" lines name only what cannot work, each with its reason.
@Suite("import-newsboat: a power user's lines")
struct NewsboatPowerUserImportTests {
  @Test func theSummaryListsOnlyWhatCannotWork() throws {
    let folder = try RunFolder("newsboat-power")
    let newsboat = folder.root.appendingPathComponent("newsboat").path
    try FileManager.default.createDirectory(atPath: newsboat, withIntermediateDirectories: true)
    try Data("""
      "exec:~/bin/masto-feed" social
      "filter:~/bin/strip-ads:https://a.example/rss"
      "exec:curl -s x | xsltproc a.xsl -"
      https://b.example/feed

      """.utf8).write(to: URL(fileURLWithPath: newsboat + "/urls"))
    try Data("""
      highlight article "https?://[^ ]+" blue default underline
      highlight feedlist "^Podcast" color123 default bold
      macro v set browser "mpv %u" ; open-in-browser ; set browser "firefox %u"
      macro p pipe-to "wc -l"

      """.utf8).write(to: URL(fileURLWithPath: newsboat + "/config"))
    let library = ["--config-dir", folder.configDir, "--cache", folder.cacheFile]
    let result = try DumpCommandTests.run(["import-newsboat", "--offline", newsboat] + library)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("settings: took highlight, highlight, macro"), "\(result.stdout)")
    let notTaken = result.stdout.split(separator: "\n").filter { $0.contains("not taken") }.map(String.init)
    #expect(notTaken == [
      "  not taken: macro p pipe-to \"wc -l\": macro p: \"pipe-to wc -l\" is neither an action (as bind-key names them) nor set SETTING VALUE",
      "  not taken: urls line 3: \"exec:curl -s x | xsltproc a.xsl -\" uses |, which needs a shell (splitfeed runs programs without one: put it in a script)",
    ], "\(result.stdout)")

    // What was taken is read back without a problem: the config's lines and the urls file's feeds.
    let urls = UrlsFile.parse(try String(contentsOfFile: folder.configDir + "/urls", encoding: .utf8), currentDirectory: folder.configDir)
    #expect(urls.problems.isEmpty, "\(urls.problems)")
    #expect(urls.entries.map(\.url) == [
      "exec:~/bin/masto-feed", "filter:~/bin/strip-ads:https://a.example/rss", "exec:curl -s x | xsltproc a.xsl -",
      "https://b.example/feed",
    ])
    // `export` reads the config as every command does (and fetches nothing): no line of it is a problem.
    let export = try DumpCommandTests.run(["export"] + library)
    #expect(export.status == 0)
    #expect(!export.stderr.contains("config line"), "every line taken reads back: \(export.stderr)")
  }
}
