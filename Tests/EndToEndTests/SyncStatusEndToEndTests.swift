import Foundation
import Reader
import TestSupport
import Testing

/// The sync's status against a real FreshRSS, in tmux: marks made while the server is down say what was
/// kept; once it is back and the kept marks are sent, the status line says so instead of the stale
/// failure, and `E` lists the failure (as over), at a wide split and a collapsed stack. A wrong password
/// is reported even while the token an earlier login kept still works.
@Suite("Sync status in tmux", .serialized)
struct SyncStatusEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var passwordFile: String { root.appendingPathComponent("password").path }

  init() throws { folder = try RunFolder("splitfeed-sync-status") }

  /// FreshRSS subscribed to Alpha (three stories, served here), and the config pointing at it.
  func setUp() throws -> (TestHTTPServer, FreshRSSServer, GReaderDevice) {
    try folder.writeFeed("Alpha.xml", title: "Alpha", items: (1...3).map { "Alpha story \($0)" })
    let web = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let server = try FreshRSSServer()
    let device = try GReaderDevice(server)
    _ = try device.subscribe(web.url("Alpha.xml"))
    try Data(server.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
    try Data(server.configLines(passwordFile: passwordFile).utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
    return (web, server, device)
  }

  @Test(.enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason), arguments: [(140, 40), (70, 30)])
  func aSentQueueSaysSoAndTheFailureIsListed(cols: Int, rows: Int) throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, device) = try setUp()
    defer { web.stop(); server.stop() }

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
    #expect(list.contains { $0.contains("Sync:") }, "\(list.joined(separator: "\n"))")
    #expect(!list.contains { $0.contains("The server has not answered since.") }, "the failure is over")
    #expect(list.contains { $0.contains("The server has answered since") }, "and says so:\n\(list.joined(separator: "\n"))")
    #expect(list.contains { $0.contains("next sync.") }, "\(list.joined(separator: "\n"))")
    try tmux.send(keys: "Escape", "q", "q", "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  /// The password changed after a sync kept a token: the token still works (R syncs), and the wrong
  /// password is reported all the same, on the status line and in `E`.
  @Test(.enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason))
  func aWrongPasswordIsReportedWhileTheKeptTokenWorks() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    let (web, server, _) = try setUp()
    defer { web.stop(); server.stop() }
    let first = try folder.launch(size: (140, 40))
    try first.waitFor(text: "Synced 1 feed: 3 new articles", timeout: 20)
    try first.send(keys: "q")
    _ = try first.waitForExit()
    first.close()

    try Data("not-the-password\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
    let tmux = try folder.launch(size: (140, 40))
    defer { tmux.close() }
    try tmux.waitFor(text: "Login check at start-up: Sync: the server refused the password", timeout: 20)
    try tmux.send(keys: "R")
    try tmux.waitFor(text: "Synced 1 feed", timeout: 20)
    try tmux.send(keys: "E")
    let list = try tmux.waitFor(text: "─ Problems ─")
    #expect(list.contains { $0.contains("refused the password") }, "\(list.joined(separator: "\n"))")
    try tmux.send(keys: "Escape", "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
