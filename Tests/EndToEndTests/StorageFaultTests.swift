import Foundation
import GRDB
import Reader
import Testing

/// Storage: a second instance holding the cache, a cache the user cannot write, and a full
/// disk, each through the built binary. Each is reported in one sentence naming the file, the program
/// does not crash, and the cache afterwards holds exactly what it held before (integrity checked).
@Suite("Storage faults (built binary)")
struct StorageFaultTests {
  let folder: RunFolder

  init() throws {
    folder = try RunFolder("splitfeed-storage")
    // Two small feeds as files, reloaded once so the cache has items, one of them read.
    for name in ["a", "b"] {
      var xml = "<rss version=\"2.0\"><channel><title>Feed \(name)</title>\n"
      for n in 0..<5 { xml += "<item><title>\(name) \(n)</title><guid>\(name)-\(n)</guid></item>\n" }
      try Data((xml + "</channel></rss>\n").utf8).write(to: folder.root.appendingPathComponent("\(name).xml"))
    }
    try writeURLs(["a.xml", "b.xml"])
    let first = try run(StorageFaultTests.binary, ["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(first.status == 0, "\(first.stderr)")
    let cache = try Cache(path: folder.cacheFile)
    let feed = try #require(try cache.feeds().first)
    try cache.setRead(true, itemIDs: [try #require(try cache.items(feedID: feed.id).first?.id)])
  }

  static var binary: String { TmuxHarness.binary }

  func writeURLs(_ names: [String]) throws {
    let lines = names.map { folder.root.appendingPathComponent($0).path }.joined(separator: "\n") + "\n"
    try Data(lines.utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
  }

  /// Runs a program to its end: exit status, stdout, stderr.
  func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let out = folder.root.appendingPathComponent("out-\(UUID().uuidString.prefix(6))").path
    let pid = try ChildProcess.spawn(executable, arguments, stdoutPath: out, stderrPath: out + ".err")
    let status = ChildProcess.wait(pid)
    let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    return (status, read(out), read(out + ".err"))
  }

  /// Every row of the cache that a fault must leave alone, and SQLite's own verdict on the file.
  static func snapshot(_ path: String) throws -> (rows: [Row], integrity: String) {
    try DatabaseQueue(path: path).read { db in
      (
        try Row.fetchAll(db, sql: "SELECT feed_id, key, title, read FROM items ORDER BY id"),
        try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
      )
    }
  }

  @Test func aSecondInstanceWaitsThenSaysTheCacheIsBusyAndTheReaderOpensItReadOnly() throws {
    let before = try Self.snapshot(folder.cacheFile)
    // Another splitfeed in the middle of a write: hold the write lock for the whole test.
    let holder = try DatabaseQueue(path: folder.cacheFile)
    try holder.inTransaction(.immediate) { db in
      try db.execute(sql: "UPDATE feeds SET last_error = last_error")
      let reload = try run(Self.binary, ["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
      #expect(reload.status == 1)
      #expect(reload.stderr.contains("The cache \(folder.cacheFile) is busy: another splitfeed is writing to it"))
      #expect(reload.stderr.split(separator: "\n").count == 1, "one line:\n\(reload.stderr)")

      // The interactive reader opens the cache read-only, says so, and shows what it holds.
      let tmux = try TmuxHarness(arguments: ["--config-dir", folder.configDir, "--cache", folder.cacheFile], cols: 120, rows: 30)
      defer { tmux.close() }
      try tmux.waitFor(text: "The cache is busy", timeout: 20)
      let screen = try tmux.settledScreen().joined(separator: "\n")
      #expect(screen.contains("Feed a"))
      #expect(screen.contains("Feed b"))
      try tmux.send(keys: "q")
      let exit = try tmux.waitForExit()
      #expect(exit.status == 0)
      #expect(exit.terminalModesRestored)
      return .rollback
    }
    let after = try Self.snapshot(folder.cacheFile)
    #expect(after.rows == before.rows)
    #expect(after.integrity == "ok")
  }

  @Test func aCacheTheUserCannotWriteIsReportedInOneLine() throws {
    let before = try Self.snapshot(folder.cacheFile)
    var command = Self.binary
    var prefix: [String] = []
    if getuid() == 0 {
      // root writes through permissions: run as nobody, to whom the file and its folder are read-only.
      command = "/usr/bin/setpriv"
      prefix = ["--reuid=65534", "--regid=65534", "--clear-groups", Self.binary]
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.configDir)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.cacheFile)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.root.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.root.path) }

    let expected = "splitfeed: The cache \(folder.cacheFile) is read-only: check the permissions of the file and its folder.\n"
    let reload = try run(command, prefix + ["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 1)
    #expect(reload.stderr == expected)
    // The reader says the same before it takes the terminal over (no terminal here: it must not need one).
    let reader = try run(command, prefix + ["--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reader.status == 1)
    #expect(reader.stderr == expected)
    #expect(reader.stdout.isEmpty, "nothing written to the terminal")
    #expect(try Self.snapshot(folder.cacheFile).rows == before.rows)
  }

  @Test func aFullDiskIsReportedPerFeedAndLosesNothing() throws {
    // The cache on a 1 MiB tmpfs in a private mount namespace (gone when the script ends), then a
    // reload of a 2 MB feed: SQLite runs out of space mid-transaction.
    let big = folder.root.appendingPathComponent("big.xml")
    var xml = "<rss version=\"2.0\"><channel><title>Big</title>\n"
    for n in 0..<2000 { xml += "<item><title>big \(n)</title><guid>big-\(n)</guid><description>\(String(repeating: "z", count: 1000))</description></item>\n" }
    try Data((xml + "</channel></rss>\n").utf8).write(to: big)
    try writeURLs(["a.xml", "big.xml", "b.xml"])
    let disk = folder.root.appendingPathComponent("disk").path
    // The cache is kept with its -wal file: a checkpoint cut short by the full disk leaves committed pages
    // only in the WAL, which SQLite replays on the next open.
    let savedFolder = folder.root.appendingPathComponent("saved").path
    try FileManager.default.createDirectory(atPath: savedFolder, withIntermediateDirectories: true)
    let saved = savedFolder + "/cache.db"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let q = { (s: String) in "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let script = """
      mount -t tmpfs -o size=1m tmpfs \(q(disk)) || { echo NO-MOUNT; exit 99; }
      cp \(q(folder.cacheFile)) \(q(disk))/cache.db
      \(q(Self.binary)) reload --config-dir \(q(folder.configDir)) --cache \(q(disk))/cache.db
      echo "status=$?"
      ls \(q(disk))
      cp \(q(disk))/cache.db* \(q(savedFolder))/
      """
    let result = try run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script])
    if result.stdout.contains("NO-MOUNT") || result.status == 1 && result.stdout.isEmpty {
      print("note: no private tmpfs here (unshare/mount not permitted); the full-disk test did not run")
      return
    }
    #expect(result.stdout.contains("status=1"), "\(result.stdout)\n\(result.stderr)")
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one line, for the big feed only:\n\(result.stderr)")
    #expect(lines.first?.contains("big.xml") == true)
    #expect(lines.first?.contains("is full: nothing was lost, but new articles were not saved.") == true)
    let after = try Self.snapshot(saved)
    #expect(after.integrity == "ok")
    #expect(after.rows.count == 10, "the small feeds' articles, and none of the big one's")
    #expect(after.rows.filter { $0["read"] as Int == 1 }.count == 1, "the read flag is kept")
  }
}
