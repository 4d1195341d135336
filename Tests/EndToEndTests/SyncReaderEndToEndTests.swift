import Foundation
import Reader
import TestSupport
import Testing

/// The reader's reload in a synced run, in tmux: `R` is a sync that brings the other device's changes,
/// and a server that takes its time never stalls the keys (progress shows, then the failure as one line).
@Suite("Sync in the reader", .serialized)
struct SyncReaderEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var passwordFile: String { root.appendingPathComponent("password").path }
  var libraryArguments: [String] { ["--config-dir", folder.configDir, "--cache", folder.cacheFile] }

  init() throws {
    folder = try RunFolder("splitfeed-sync-reader")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
  }

  func writeConfig(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/config"))
  }

  @Test(.enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason))
  func reloadKeyIsASync() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    for name in ["Alpha", "Beta"] {
      try folder.writeFeed("\(name).xml", title: name, items: (1...2).map { "\(name) story \($0)" })
    }
    let web = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let server = try FreshRSSServer()
    defer { web.stop(); server.stop() }
    let device = try GReaderDevice(server)
    for name in ["Alpha", "Beta"] { try device.subscribe(web.url("\(name).xml")) }
    try Data(server.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
    try writeConfig(server.configLines(passwordFile: passwordFile))

    // The first run has never synced: it syncs at once.
    let tmux = try TmuxHarness(arguments: libraryArguments, cols: 120, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor(text: "Synced 2 feeds: 4 new articles")
    try tmux.waitUntil("Beta at 2/2") { $0.contains { $0.contains("Beta") && $0.contains("2/2") } }

    // The other device reads one and stars another; R brings both.
    try device.editTag([try device.item(titled: "Beta story 1").id], add: GReaderDevice.readTag)
    try device.editTag([try device.item(titled: "Alpha story 2").id], add: GReaderDevice.starredTag)
    try tmux.send(keys: "R")
    try tmux.waitFor(text: "Synced 2 feeds: 0 new articles, 2 changes from the server")
    try tmux.waitUntil("Beta at 1/2") { $0.contains { $0.contains("Beta") && $0.contains("1/2") } }
    try tmux.waitUntil("one starred") { $0.contains { $0.contains("Starred") && $0.contains(" 1") } }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func aSlowServerNeverStallsTheKeys() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    // Every answer comes after 3 seconds, and the login is refused.
    let slow = try TestHTTPServer { _ in
      TestHTTPServer.Response(status: 403, delay: 3, "Error=BadAuthentication\n")
    }
    defer { slow.stop() }
    try Data("pw\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
    try writeConfig("sync greader\nsync-url \(slow.url("api/greader.php"))\nsync-user u\nsync-password-file \(passwordFile)\n")

    let tmux = try TmuxHarness(arguments: libraryArguments, cols: 100, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor(text: "Syncing")
    let started = Date()
    try tmux.send(keys: "?")
    let help = try tmux.waitFor(text: "─ Keys ─", timeout: 2)
    #expect(Date().timeIntervalSince(started) < 2, "the help came while the server was silent")
    #expect(help.contains { $0.contains("Syncing") }, "\(help.joined(separator: "\n"))")
    try tmux.send(keys: "Escape")
    let failed = try tmux.waitFor(text: "refused the password", timeout: 15)
    #expect(failed.filter { $0.contains("refused the password") }.count == 1)
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
