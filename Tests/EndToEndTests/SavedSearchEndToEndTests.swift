import Foundation
import Reader
import TestSupport
import Testing

/// `W` on a search's results: the search becomes a query feed of the feed list and a `query:` line of
/// the urls file, and its count follows a mark at once like every query feed's.
@Suite("Saved searches in tmux")
struct SavedSearchEndToEndTests {
  @Test func aSavedSearchIsAQueryFeedWhoseCountFollowsAMark() throws {
    let folder = try RunFolder("saved-search")
    try folder.writeFeed("a.xml", title: "Alpha", items: ["Go three", "Rust one", "Rust two"])
    try folder.writeFeed("b.xml", title: "Beta", items: ["Rust four", "Python five"])
    let www = folder.root.appendingPathComponent("www")
    let urlsPath = folder.configDir + "/urls"
    let before = "# my feeds\n\(www.appendingPathComponent("a.xml").path)\n\(www.appendingPathComponent("b.xml").path)\n"
    try Data(before.utf8).write(to: URL(fileURLWithPath: urlsPath))
    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitFor(text: "Reloaded 2 feeds", timeout: 30)

    try tmux.send(keys: "/")
    try tmux.waitFor(text: "Search:")
    try tmux.type("rust")
    try tmux.waitUntil(timeout: 30, "three results") { screen in
      ["Rust one", "Rust two", "Rust four"].allSatisfy { title in screen.contains { $0.contains(title) } }
        && !screen.contains { $0.contains("Python five") }
    }
    try tmux.send(keys: "Enter")
    try tmux.waitUntil("the field closed") { !($0.last ?? "").contains("Search:") }
    try tmux.send(keys: "W")
    try tmux.waitFor(text: "Saved the search as the query feed “rust” (line 4 of")
    let urls = try String(contentsOfFile: urlsPath, encoding: .utf8)
    #expect(urls == before + "\"query:rust:search = \\\"rust\\\"\"\n", "every line kept, one added:\n\(urls)")
    #expect(UrlsFile.parse(urls).queryFeeds.map(\.title) == ["rust"])

    // Back to the feed list: the new query feed with its count; N on Beta's Rust four moves it.
    try tmux.send(keys: "Escape")
    let row = { (title: String, count: String) in
      { (lines: [String]) in lines.contains { $0.range(of: "^ *\(title) .* \(count)( |│|$)", options: .regularExpression) != nil } }
    }
    try tmux.waitUntil(timeout: 20, "rust 3/3 in the feed list") { row("rust", "3/3")($0) && row("Beta", "2/2")($0) }
    try tmux.send(keys: "G", "Enter")  // Beta, the last row
    try tmux.waitFor(text: "Python five")
    try tmux.send(keys: "N", "h")
    try tmux.waitUntil(timeout: 20, "rust 2/3 after the mark") { row("rust", "2/3")($0) && row("Beta", "1/2")($0) }
  }
}
