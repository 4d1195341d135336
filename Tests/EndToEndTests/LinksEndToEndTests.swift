import Foundation
import TestSupport
import Testing

/// The links view (`L`), open link N (`#`) and the triage keys (`{`, `}`) in the real binary: a stub
/// browser records the address it is given, the pane's output shows the OSC 52 that `y` writes, and the
/// tab bar's unread count follows the marks and their undo.
@Suite(.serialized)
struct LinksEndToEndTests {
  /// A feed of one article with three links, another of five plain articles, and a browser that logs.
  final class Setup {
    let folder: RunFolder
    var browserLog: String { folder.root.appendingPathComponent("browser.log").path }
    var linksFeed: String { folder.root.appendingPathComponent("links.xml").path }
    var triageFeed: String { folder.root.appendingPathComponent("www/triage.xml").path }
    static let second = "https://example.com/two?x=1&y=2"

    init() throws {
      folder = try RunFolder("splitfeed-links")
      let script = folder.root.appendingPathComponent("browser.sh").path
      try TemporaryDirectory.writeExecutable("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(browserLog)'\n", atPath: script)
      try "browser \(script)\n".write(toFile: folder.configDir + "/config", atomically: true, encoding: .utf8)
      let body = """
        <p>Read <a href="https://example.com/one">the first</a>, <a href="\(Self.second.replacingOccurrences(of: "&", with: "&amp;"))">the second</a>
        and <a href="https://example.com/three">the third</a>.</p>
        """
      let feed = FeedXML.rss(title: "Links", items: [
        FeedXML.Item(
          title: "Linked story", link: "https://example.com/story", guid: "story",
          pubDate: "Thu, 04 Sep 2014 17:09:00 GMT", description: "<![CDATA[\(body)]]>")
      ])
      try feed.write(toFile: linksFeed, atomically: true, encoding: .utf8)
      try folder.writeFeed("triage.xml", title: "Triage", items: ["T one", "T two", "T three", "T four"])
    }

    var log: [String] {
      ((try? String(contentsOfFile: browserLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The reader on `feed` alone (its articles show first), every byte it writes recorded.
    func launch(_ feed: String) throws -> TmuxHarness {
      let tmux = try TmuxHarness(
        arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile, feed], cols: 120, rows: 40,
        environment: ["TZ": "UTC"], recordOutput: true)
      try tmux.waitFor(text: "Reloaded")
      return tmux
    }

    /// The reader with the linked article open.
    func openArticle() throws -> TmuxHarness {
      let tmux = try launch(linksFeed)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "the second[2]")
      return tmux
    }
  }

  @Test func theLinksViewOpensTheSecondLinkAndCopiesAnAddress() throws {
    let setup = try Setup()
    let tmux = try setup.openArticle()
    defer { tmux.close() }
    try tmux.send(keys: "L")
    try tmux.waitFor(text: "Links (4)")
    let view = try tmux.screen().joined(separator: "\n")
    #expect(view.contains("Article <https://example.com/story>"), "\(view)")
    #expect(view.contains("[2] the second <\(Setup.second)>"), "\(view)")
    // y on the first row: its address goes out as OSC 52, and the status line says it was sent.
    try tmux.send(keys: "y")
    try tmux.waitFor(text: "to the terminal's clipboard")
    let osc = "\u{1B}]52;c;" + Data("https://example.com/story".utf8).base64EncodedString() + "\u{07}"
    try tmux.waitUntil("the OSC 52 in the output") { _ in
      String(decoding: tmux.outputBytes(), as: UTF8.self).contains(osc)
    }
    // Down to the second link, Enter: the browser gets exactly its address, and the view closes.
    try tmux.send(keys: "j", "j", "Enter")
    try tmux.waitUntil("the browser ran") { _ in !setup.log.isEmpty }
    #expect(setup.log == [Setup.second])
    try tmux.waitUntil("the view closed") { !$0.joined().contains("Links (4)") }
  }

  @Test func hashOpensLinkN() throws {
    let setup = try Setup()
    let tmux = try setup.openArticle()
    defer { tmux.close() }
    try tmux.send(keys: "#")
    try tmux.waitFor(text: "Open link:")
    try tmux.type("3")
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("the browser ran") { _ in !setup.log.isEmpty }
    #expect(setup.log == ["https://example.com/three"])
    // A number no link has: one notice, and no browser.
    try tmux.send(keys: "#")
    try tmux.waitFor(text: "Open link:")
    try tmux.type("7")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "No link 7: this article's links are numbered 1 to 3.")
    #expect(setup.log == ["https://example.com/three"])
  }

  @Test func markAboveAndBelowReadThenUndo() throws {
    let setup = try Setup()
    let tmux = try setup.launch(setup.triageFeed)
    defer { tmux.close() }
    try tmux.waitFor(text: "1 Feeds (4)")
    try tmux.send(keys: "j", "j")  // the third article
    try tmux.send(keys: "{")
    try tmux.waitFor(text: "Marked 2 articles read; u undoes it.")
    try tmux.waitFor(text: "1 Feeds (2)")
    try tmux.send(keys: "}")
    try tmux.waitFor(text: "Marked 1 article read; u undoes it.")
    try tmux.waitFor(text: "1 Feeds (1)")
    try tmux.send(keys: "u")
    try tmux.waitFor(text: "Undone: mark read of 1 article.")
    try tmux.waitFor(text: "1 Feeds (2)")
    try tmux.send(keys: "u")
    try tmux.waitFor(text: "Undone: mark read of 2 articles.")
    try tmux.waitFor(text: "1 Feeds (4)")
  }
}
