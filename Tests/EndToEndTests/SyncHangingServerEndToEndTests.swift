import Foundation
import Reader
import TestSupport
import Testing

/// A sync server that takes connections and answers none (FreshRSS under `kill -STOP`: an overloaded
/// server as its clients see it), in tmux. `R` and a start with `reload-on-start` show the cache at
/// once and sync in the background, the status line saying so; keys work meanwhile; a quit in the
/// middle ends the process at once and keeps the mark made just before it, queued for the server, which
/// gets it once it answers again.
@Suite("A hanging sync server in tmux", .serialized)
struct SyncHangingServerEndToEndTests {
  let folder: RunFolder
  var root: URL { folder.root }
  var passwordFile: String { root.appendingPathComponent("password").path }
  var configFile: String { folder.configDir + "/config" }

  init() throws { folder = try RunFolder("splitfeed-sync-hanging") }

  /// The cache's flags as the file has them: unread articles of the synced feed, marks queued.
  func cached() throws -> (unread: Int, queued: Int) {
    let cache = try Cache(path: folder.cacheFile, readOnly: true)
    return (try cache.feeds().filter { $0.remoteID != nil }.map(\.unreadCount).reduce(0, +), try cache.pendingSyncChanges())
  }

  /// With Alpha's articles open, marks with `key` (`N`: the top article; `A`: the whole feed) and quits
  /// — the mark and both `q` in one write, so the quit comes in the same turn as the mark — while the
  /// sync hangs; the process must end within 3 s.
  func markAndQuit(_ tmux: TmuxHarness, with key: String) throws {
    let shown = try tmux.screen()
    #expect(shown.contains { $0.contains("Syncing") }, "still syncing when the keys came:\n\(shown.joined(separator: "\n"))")
    let quit = Date()
    try tmux.send(keys: key, "q", "q")
    #expect(try tmux.waitForExit(timeout: 3).status == 0)
    #expect(Date().timeIntervalSince(quit) < 3, "the quit did not wait for the server")
  }

  /// Another program holds the cache's write lock for `seconds` (as a sync storing a page on a slow
  /// disk does): a mark's write waits for it. Returns once the lock is taken (`waitpid` its pid).
  func holdWriteLock(seconds: Int) throws -> Process {
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/bin/sh")
    holder.arguments = ["-c", "(echo 'BEGIN IMMEDIATE;'; echo '.print held'; sleep \(seconds); echo 'COMMIT;') | sqlite3 \"$0\"", folder.cacheFile]
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    _ = output.fileHandleForReading.readData(ofLength: 5)  // "held": the lock is taken
    return holder
  }

  @Test(.enabled(if: FreshRSSServer.isAvailable, FreshRSSServer.skipReason))
  func aHangingServerBlocksNeitherKeysNorQuitAndLosesNoMark() throws {
    defer { try? FileManager.default.removeItem(at: root) }
    try folder.writeFeed("Alpha.xml", title: "Alpha", items: (1...3).map { "Alpha story \($0)" })
    let web = try TestHTTPServer(serving: root.appendingPathComponent("www"))
    let server = try FreshRSSServer()
    defer { web.stop(); server.stop() }
    let device = try GReaderDevice(server)
    _ = try device.subscribe(web.url("Alpha.xml"))
    try Data(server.password.utf8).write(to: URL(fileURLWithPath: passwordFile))
    try Data(server.configLines(passwordFile: passwordFile).utf8).write(to: URL(fileURLWithPath: configFile))

    // A first run syncs while the server answers.
    do {
      let tmux = try folder.launch(size: (120, 30))
      defer { tmux.close() }
      try tmux.waitFor(text: "Synced 1 feed: 3 new articles", timeout: 20)

      // The server hangs; R syncs in the background, and the keys and the quit do not wait for it. The
      // mark's write waits for a transaction of another program: the quit waits for that, not the server.
      server.freeze()
      try tmux.send(keys: "R")
      try tmux.waitFor(text: "Syncing", timeout: 3)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Alpha story 3", timeout: 3)
      let holder = try holdWriteLock(seconds: 1)
      try markAndQuit(tmux, with: "N")
      var status: Int32 = 0
      waitpid(holder.processIdentifier, &status, 0)  // not waitUntilExit: see FreshRSSInstance.run
    }
    var state = try cached()
    #expect(state.unread == 2 && state.queued == 1, "the mark is in the cache and queued: \(state)")

    // A start that syncs (reload-on-start) shows the cache at once, and says it is syncing.
    try Data((server.configLines(passwordFile: passwordFile) + "reload-on-start yes\n").utf8)
      .write(to: URL(fileURLWithPath: configFile))
    do {
      let started = Date()
      let tmux = try folder.launch(size: (120, 30))
      defer { tmux.close() }
      try tmux.waitUntil(timeout: 5, "the cached feed, syncing") { screen in
        screen.contains { $0.contains("Alpha") && $0.contains("2/3") } && screen.contains { $0.contains("Syncing") }
      }
      #expect(Date().timeIntervalSince(started) < 5)
      try tmux.send(keys: "Enter")
      try tmux.waitFor(text: "Alpha story 3", timeout: 3)
      try markAndQuit(tmux, with: "A")
    }
    state = try cached()
    #expect(state.unread == 0 && state.queued == 3, "every mark is in the cache and queued: \(state)")

    // The server answers again: the next start sends the kept marks.
    server.thaw()
    let tmux = try folder.launch(size: (120, 30))
    defer { tmux.close() }
    let deadline = Date().addingTimeInterval(30)
    while try device.items().contains(where: { !$0.isRead }), Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
    let items = try device.items()
    let allRead = items.allSatisfy { $0.isRead }
    #expect(allRead, "\(items)")
    try tmux.waitUntil(timeout: 30, "the queue emptied") { _ in (try? cached().queued) == 0 }
    try tmux.send(keys: "q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
