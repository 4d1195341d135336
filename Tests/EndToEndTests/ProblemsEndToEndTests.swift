import Foundation
import Reader
import TestSupport
import Testing

/// `E` lists every problem of the run in full, in tmux: the config and urls files' problems found at
/// start-up (a broken `query:` line among them), not only the first one cut at the width, and the feeds
/// that failed; a reload with a dead feed still says how many articles arrived.
@Suite("Problems in tmux", .serialized)
struct ProblemsEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }

  init() throws { folder = try RunFolder("splitfeed-problems") }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/" + name))
  }


  /// A live feed and one whose server is gone (nothing listens on port 9).
  func serveWithADeadFeed() throws -> TestHTTPServer {
    try folder.writeFeed("a.xml", title: "Alpha", items: ["Alpha first story", "Alpha second story", "Alpha third story"])
    let server = try folder.serveWebRoot()
    try write("urls", "\(server.url("a.xml"))\nhttp://127.0.0.1:9/dead.xml\n")
    return server
  }

  @Test(arguments: [(140, 40), (70, 30)])
  func eListsEveryConfigUrlsAndFeedProblemInFull(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serveWithADeadFeed()
    defer { server.stop() }
    try write("config", "bogus-setting 1\ncolor nonsense red\nbind-key X an-action-that-does-not-exist\n")
    try write("urls", "\(server.url("a.xml"))\nhttp://127.0.0.1:9/dead.xml\n\"query:Broken news:title =~ and unread\"\n")
    let tmux = try folder.launch(size: (cols, rows))
    defer { tmux.close() }
    try tmux.waitFor(text: "4 problems (E lists them)")
    try tmux.waitUntil("the reload's end") { $0.contains { $0.contains("! dead.xml") || $0.contains("! http") } }
    try tmux.send(keys: "E")
    // The last word of each message: nothing is cut. The wait is for the whole box, down to its bottom
    // border, since a capture can land while tmux is still drawing it.
    let words = ["\"bogus-setting\"", "attributes", "under bind-key)", "skipped", "refused."]
    let list = try tmux.waitUntil("the whole Problems box") { screen in
      let text = screen.joined(separator: "\n")
      return text.contains("─ Problems ─") && text.contains("└") && words.allSatisfy { text.contains($0) }
    }
    let text = list.joined(separator: "\n")
    for word in words {
      #expect(text.contains(word), "\(word) in\n\(text)")
    }
    #expect(text.contains("Config and urls files:"))
    #expect(text.contains("1 feed failed to load:"))
    try tmux.send(keys: "E")
    try tmux.waitUntil("the list closed") { !$0.joined().contains("─ Problems ─") }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test(arguments: [(140, 40), (70, 30)])
  func aReloadWithADeadFeedStillSaysHowManyArticlesArrived(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let server = try serveWithADeadFeed()
    defer { server.stop() }
    let tmux = try folder.launch(size: (cols, rows))
    defer { tmux.close() }
    let screen = try tmux.waitFor(text: "Failed: Could not connect")
    #expect(screen.last?.contains("3 new articles. Failed: Could not connect") == true, "\(screen.last ?? "")")
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
