import Foundation
import Testing

import TestSupport

/// A newsboat `highlight` line of the config, through the binary in tmux: the matched words of an article
/// row in the line's colours, a bad pattern one named problem.
@Suite("highlight lines")
struct HighlightEndToEndTests {
  @Test("highlight articlelist paints the matched words of a row, and a bad pattern is named")
  func highlightPaintsArticleRows() throws {
    let folder = try RunFolder("highlight")
    try folder.writeFeed("a.xml", title: "Alpha", items: ["First story", "Beta release story", "Third story"])
    let feed = folder.root.appendingPathComponent("www/a.xml").path
    try Data("\(feed)\n".utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let config = "highlight articlelist \"beta [a-z]+\" yellow default bold\nhighlight article \"(unclosed\" red default\n"
    try Data(config.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    // `swift test` sets NO_COLOR, which the reader obeys; an empty NO_COLOR lets colours through.
    let tmux = try TmuxHarness(
      arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile], cols: 120, rows: 30,
      environment: ["TZ": "UTC", "NO_COLOR": ""])
    defer { tmux.close() }
    try tmux.waitFor(text: "Third story", timeout: 30)
    try tmux.send(keys: "E")
    let problems = try tmux.waitFor(text: "Problems").joined(separator: "\n")
    #expect(problems.contains("highlight: \"(unclosed\" is not a regular expression"), "\(problems)")
    try tmux.send(keys: "Escape")
    try tmux.waitUntil("the list closed") { !$0.joined().contains("Problems") }
    let screen = try tmux.waitUntil(styled: true, "the row painted") { $0.joined().contains("fg=33}Beta release") }
    let row = try #require(screen.first { $0.contains("Beta release") })
    #expect(row.contains("{attr1=1,fg=33}Beta release{"), "the match and nothing after it:\n\(row)")
    #expect(!row.contains("fg=33}Beta release story"), "\(row)")
  }
}
