import Foundation
import Reader
import TestSupport
import Testing

/// `f` in the binary, in tmux, on two real pages of the WCXB development split (read from the shared
/// fixtures at test time, served from loopback): a forum thread shows as its posts, each with its author
/// and date, and a documentation page keeps its code blocks as written.
@Suite(.serialized)
struct PageKindsEndToEndTests {
  static let split = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/fixtures/wcxb-dev").standardizedFileURL

  func text(_ lines: [String]) -> String { lines.joined(separator: "\n") }

  /// Pages down (Space) until `wanted` shows; that screen's lines after the previous screen's (what is
  /// near `wanted` may sit just across the page break).
  func pageDown(_ tmux: TmuxHarness, until wanted: String) throws -> [String]? {
    var previous: [String] = []
    for _ in 0..<40 {
      let screen = try tmux.settledScreen()
      if text(screen).contains(wanted) { return previous + screen }
      previous = screen
      try tmux.send(keys: "Space")
    }
    return nil
  }

  @Test func aForumThreadShowsItsPostsAndADocumentationPageItsCode() throws {
    guard FileManager.default.fileExists(atPath: Self.split.path) else {
      print("note: \(Self.split.path) is absent; skipping the WCXB pages in tmux")
      return
    }
    let folder = try RunFolder("splitfeed-kinds")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let site = folder.root.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    // 0501: a thread of a forum that renders its posts for script-less readers; 0662: a framework's
    // quick-start guide, code between the prose.
    try WCXBQuality.page("0501", in: Self.split).write(to: site.appendingPathComponent("thread.html"))
    try WCXBQuality.page("0662", in: Self.split).write(to: site.appendingPathComponent("guide.html"))
    let server = try TestHTTPServer(serving: site)
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Pages</title>"
      + "<item><title>Forum thread</title><link>\(base)/thread.html</link><guid>k1</guid><pubDate>Fri, 01 May 2026 08:00:00 GMT</pubDate>"
      + "<description>&lt;p&gt;Threadsummary only.&lt;/p&gt;</description></item>"
      + "<item><title>Quick start</title><link>\(base)/guide.html</link><guid>k2</guid><pubDate>Thu, 30 Apr 2026 08:00:00 GMT</pubDate>"
      + "<description>&lt;p&gt;Guidesummary only.&lt;/p&gt;</description></item></channel></rss>"
    try feed.write(toFile: folder.root.appendingPathComponent("feed.xml").path, atomically: true, encoding: .utf8)

    let tmux = try folder.launchReader(feeds: ["feed.xml"], size: (120, 40))
    defer { tmux.close() }
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Forum thread")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Threadsummary")
    try tmux.send(keys: "f")
    // The first post, then a reply further down: each under its author's name and its date.
    let first = try tmux.waitFor(text: "We’re on Teams", timeout: 30)
    #expect(text(first).contains("DaleJack") && text(first).contains("September 5, 2024, 11:15pm"), "\(text(first))")
    let reply = try #require(try pageDown(tmux, until: "I asked our GPT if anyone else"), "the second post shows")
    #expect(text(reply).contains("September 5, 2024, 11:26pm"), "\(text(reply))")

    try tmux.send(keys: "J")
    try tmux.waitFor(text: "Guidesummary")
    try tmux.send(keys: "f")
    try tmux.waitFor(text: "A Minimal Application", timeout: 30)
    // The first code block, its lines as written.
    let code = try #require(try pageDown(tmux, until: "app = Flask(__name__)"), "the code block shows")
    let lines = code.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains { $0.hasSuffix("from flask import Flask") }, "\(text(code))")
    #expect(lines.contains { $0.hasSuffix("@app.route(\"/\")") }, "\(text(code))")
  }
}
