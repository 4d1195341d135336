import Foundation
import Reader
import TestSupport
import Testing

/// Every count on screen — a feed's row, a tag's, a query feed's, Unread, Starred and the tab bar's —
/// follows every mark, undo and reload at once, on the real binary in tmux, at a wide split (140×40)
/// and a collapsed stack (70×30). The counts are derived from the cache and the marks not yet written
/// (docs/ARCHITECTURE.md, "A mark, from key to count"), so none of them waits for `R`.
@Suite("Counts in tmux", .serialized)
struct CountsEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }

  init() throws { folder = try RunFolder("splitfeed-counts") }

  /// Alpha (tagged `lang`: a Go story and two Rust ones) and Beta (untagged: one Rust story, one
  /// Python), and the query feed Rusty (titles with "Rust": three articles).
  func serve() throws -> TestHTTPServer {
    // Dated a day apart from the first item down: no two Rust stories share a date, so Rusty's order is fixed.
    try folder.writeFeed("a.xml", title: "Alpha", items: ["Go three", "Rust one", "Rust two"])
    try folder.writeFeed("b.xml", title: "Beta", items: ["Rust four", "Python five"])
    let server = try folder.serveWebRoot()
    let urls = """
      \(server.url("a.xml")) lang
      \(server.url("b.xml"))
      "query:Rusty:title =~ \\"Rust\\""

      """
    try Data(urls.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    return server
  }


  /// Waits until every row of `counts` (row title → the count at its right) and the tab bar's unread
  /// count show together.
  func waitForCounts(_ tmux: TmuxHarness, tab: Int, _ counts: [(String, String)], _ step: String) throws {
    try tmux.waitUntil("\(step): tab (\(tab)), \(counts)") { lines in
      lines.contains { $0.contains("Feeds (\(tab))") }
        && counts.allSatisfy { title, count in
          lines.contains { $0.range(of: "^ *[★*]?\(title) .* \(count)( |│|$)", options: .regularExpression) != nil }
        }
    }
  }

  @Test(arguments: [(140, 40), (70, 30)])
  func everyCountFollowsMarksUndoAndReload(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serve()
    defer { server.stop() }
    let tmux = try folder.launch(size: (cols, rows))
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 2 feeds")
    let start = [("Unread", "5"), ("Starred", "0"), ("Rusty", "3/3"), ("lang/", "3"), ("Beta", "2/2")]
    try waitForCounts(tmux, tab: 5, start, "start")

    // N on Beta's first article (Rust four): Beta, Rusty, Unread and the tab follow; u restores them.
    try tmux.send(keys: "j", "j", "Enter")  // Rusty is selected first, then lang/, then Beta
    try tmux.waitFor(text: "Python five")
    try tmux.send(keys: "N", "h")
    try waitForCounts(tmux, tab: 4, [("Unread", "4"), ("Rusty", "2/3"), ("lang/", "3"), ("Beta", "1/2")], "N")
    try tmux.send(keys: "u")
    try waitForCounts(tmux, tab: 5, start, "u")

    // A on the tag: its feeds' articles read; the tag, the query feed and Unread follow.
    try tmux.send(keys: "k", "A")
    try tmux.waitFor(text: "Marked 3 articles read")
    try waitForCounts(tmux, tab: 2, [("Unread", "2"), ("Rusty", "1/3"), ("lang/", "0"), ("Beta", "2/2")], "A on lang/")
    // Inside the tag, the feed's row agrees with the tag's.
    try tmux.send(keys: "Enter")
    try waitForCounts(tmux, tab: 2, [("Alpha", "0/3")], "Alpha inside lang/")
    try tmux.send(keys: "h")

    // s in the query feed: Starred follows; opening an unread article reads it, and Rusty follows.
    try tmux.send(keys: "k", "Enter")
    try tmux.waitFor(text: "Rust four")
    try tmux.send(keys: "s")
    try tmux.waitFor(text: "★Rust four")
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Body of Rust four")
    try tmux.send(keys: "h", "h")
    if cols < 100 { try tmux.send(keys: "h") }  // the collapsed stack: article, list, feed list
    try waitForCounts(tmux, tab: 1, [("Unread", "1"), ("Starred", "1"), ("Rusty", "0/3"), ("Beta", "1/2")], "s and open")

    // R: the reload re-reads everything; the counts stay.
    try tmux.send(keys: "R")
    try tmux.waitFor(text: "Reloaded 2 feeds")
    try waitForCounts(
      tmux, tab: 1, [("Unread", "1"), ("Starred", "1"), ("Rusty", "0/3"), ("lang/", "0"), ("Beta", "1/2")], "R")
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
