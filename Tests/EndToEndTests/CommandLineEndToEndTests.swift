import Foundation
import Testing

/// The non-interactive commands as a script sees them: failed writes, closed pipes, exit statuses, and
/// options before the subcommand. Each runs the real binary through `sh`, which can give it a full disk
/// (`/dev/full`), a closed descriptor (`>&-`) or an ignored SIGPIPE the way a user's shell does.
@Suite("Command line: writes, exit statuses, options")
struct CommandLineEndToEndTests {
  static let feed = DumpCommandTests.fixtures.appendingPathComponent("rss20.xml").path

  /// Runs `script` in `sh` with `$SPLITFEED` set to the binary; returns its status and what the binary
  /// wrote to stderr (the script redirects it to `$ERR`).
  static func sh(_ script: String) throws -> (status: Int32, stderr: String) {
    let binary = try #require(DumpCommandTests.binary, "splitfeed was not built beside the test bundle")
    let err = FileManager.default.temporaryDirectory.appendingPathComponent("sf-err-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: err) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.environment = ["SPLITFEED": binary.path, "ERR": err, "FEED": feed, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
  }

  @Test("stdout on a full disk or closed: one line on stderr, exit 1 (dump, export, --version)", arguments: [
    "\"$SPLITFEED\" dump \"$FEED\" >/dev/full 2>\"$ERR\"",
    "\"$SPLITFEED\" dump \"$FEED\" >&- 2>\"$ERR\"",
    "\"$SPLITFEED\" export --config-dir /nonexistent --cache /nonexistent/c.db >/dev/full 2>\"$ERR\"",
    "\"$SPLITFEED\" --version >/dev/full 2>\"$ERR\"",
  ])
  func failedStdoutWrite(script: String) throws {
    let result = try Self.sh(script)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("splitfeed: could not write to standard output: "))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  @Test("stderr on a full disk: no trap, and a failed feed still exits 1")
  func failedStderrWrite() throws {
    let result = try Self.sh("\"$SPLITFEED\" dump /nonexistent/feed.xml 2>/dev/full; echo $? >\"$ERR\"")
    #expect(result.stderr == "1\n")
  }

  @Test("a closed pipe ends quietly, as SIGPIPE does, also when SIGPIPE was ignored", arguments: ["", "trap \"\" PIPE; "])
  func closedPipe(trap: String) throws {
    let folder = try RunFolder("pipe")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    var feed = "<rss version=\"2.0\"><channel><title>Big</title>"
    for i in 0..<20_000 { feed += "<item><title>Item \(i)</title><link>https://e.example/\(i)</link></item>" }
    let big = folder.root.appendingPathComponent("big.xml")
    try Data((feed + "</channel></rss>").utf8).write(to: big)
    let bash = try Self.sh("exec bash -c '\(trap)\"$SPLITFEED\" dump \"\(big.path)\" 2>\"$ERR\" | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}'")
    #expect(bash.status == 141, "128 + SIGPIPE")
    #expect(bash.stderr == "")
  }

  @Test("exit status 2 for a wrong command line, on every command", arguments: [
    ["dump"], ["dump", "--nope", "x"], ["reload", "--nope"], ["export", "extra"], ["import"], ["--nope"],
  ])
  func usageStatus(arguments: [String]) throws {
    let result = try DumpCommandTests.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains("Usage:"))
  }

  @Test("--config-dir and --cache before the subcommand, as with git; a subcommand name is never a feed")
  func optionsBeforeTheSubcommand() throws {
    let folder = try RunFolder("opts")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    try Data((Self.feed + "\n").utf8).write(to: URL(fileURLWithPath: folder.configDir + "/urls"))
    let reload = try DumpCommandTests.run(["--config-dir", folder.configDir, "--cache=" + folder.cacheFile, "reload"])
    #expect(reload.status == 0, "\(reload.stderr)")
    #expect(reload.stdout == "Reloaded 1 feed: 1 updated (3 new articles), 0 unchanged, 0 failed.\n")
    let export = try DumpCommandTests.run(["--cache", folder.cacheFile, "--config-dir", folder.configDir, "export"])
    #expect(export.stdout.contains("AppCoda &amp; Friends"))
    #expect(!export.stdout.contains("/reload\""))
    let dump = try DumpCommandTests.run(["--config-dir", folder.configDir, "dump", "--cache", folder.cacheFile, Self.feed])
    #expect(dump.status == 0)
    #expect(dump.stdout.contains("AppCoda & Friends"))
    // A misplaced subcommand name is a usage error, not a new feed in the cache.
    let misplaced = try DumpCommandTests.run(["--config-dir", folder.configDir, "--cache", folder.cacheFile, Self.feed, "reload"])
    #expect(misplaced.status == 2)
    #expect(misplaced.stderr.contains("'reload' is a command, not a feed"))
  }
}
