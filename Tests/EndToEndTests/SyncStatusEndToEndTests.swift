import Foundation
import Reader
import TestServers
import Testing

/// The sync's status against a real FreshRSS, in tmux: marks made while the server is down say what was
/// kept; once it is back and the kept marks are sent, the status line says so instead of the stale
/// failure, and `E` lists the failure (as over). At a wide split and a collapsed stack.
@Suite("Sync status in tmux", .serialized)
struct SyncStatusEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var passwordFile: String { root.appendingPathComponent("password").path }

  init() throws { folder = try RunFolder("splitfeed-sync-status") }

  @Test(.enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason), arguments: [(140, 40), (70, 30)])
  func aSentQueueSaysSoAndTheFailureIsListed(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try folder.writeFeed("Alpha.xml", title: "Alpha", items: (1...3).map { "Alpha story \($0)" })
    let web = try TestHTTPServer(serving: root.appendingPathComponent("www"), lifetime: 600)
    let server = try FreshRSSServer()
    defer { web.stop(); server.stop() }
    let device = try GReaderDevice(server)
    _ = try device.subscribe(web.url("Alpha.xml"))
    try Data(server.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
    try Data(server.configLines(passwordFile: passwordFile).utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))

    let tmux = try folder.launch(size: (cols, rows))
    defer { tmux.close() }
    try tmux.waitFor(text: "Synced 1 feed: 3 new articles", timeout: 20)

    // Down: A marks the feed read here; the send fails and says what it kept.
    try server.pause()
    try tmux.send(keys: "Enter")
    try tmux.waitFor(text: "Alpha story 3")
    try tmux.send(keys: "A")
    try tmux.waitFor(text: "the connection was refused", timeout: 20)  // "… 3 marks kept …", cut at 70 columns

    // Back: the retry sends the kept marks, and the status line says so instead of the failure.
    try server.resume()
    let sent = try tmux.waitFor(text: "The server answered again: 3 kept marks sent.", timeout: 30)
    #expect(!sent.contains { $0.contains("connection was refused") })
    #expect(try Cache(path: folder.cacheFile, readOnly: true).pendingSyncChanges() == 0)
    #expect(try device.items().allSatisfy(\.isRead))

    // E lists the failure, in full, as over.
    try tmux.send(keys: "E")
    let list = try tmux.waitFor(text: "─ Problems ─")
    #expect(list.contains { $0.contains("Sync (the server has answered since):") }, "\(list.joined(separator: "\n"))")
    #expect(list.contains { $0.contains("next sync.") }, "\(list.joined(separator: "\n"))")
    try tmux.send(keys: "Escape", "q", "q", "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
