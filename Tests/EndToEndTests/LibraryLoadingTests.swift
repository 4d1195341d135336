import Foundation
import TestServers
import Testing

/// Which shared libraries the binary loads, as the dynamic loader reports them (`LD_DEBUG=files`): libcurl
/// and its TLS stack are loaded on the first fetch only (`Sources/CCurl`), so a run that fetches nothing
/// never maps them (README, "Benchmarks": `--help` resident at 11 MB, the reader's start at 19 MB).
@Suite("Libraries the binary loads")
struct LibraryLoadingTests {
  /// Runs the binary with the loader's file log in `folder`; its status and the libraries it loaded.
  static func run(_ arguments: [String], in folder: RunFolder) throws -> (status: Int32, libraries: Set<String>) {
    let log = folder.root.appendingPathComponent("ld-\(UUID().uuidString.prefix(6))")
    var environment = ProcessInfo.processInfo.environment
    environment["LD_DEBUG"] = "files"
    environment["LD_DEBUG_OUTPUT"] = log.path  // the loader appends .PID
    let (status, _, _) = try DumpCommandTests.run(arguments, environment: environment)
    var libraries = Set<String>()
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.root.path)
    where name.hasPrefix(log.lastPathComponent) {
      let text = try String(contentsOfFile: folder.root.appendingPathComponent(name).path, encoding: .utf8)
      // "   4242:     file=libcurl.so.4 [0];  dynamically loaded by …"
      for line in text.split(separator: "\n") {
        guard let start = line.range(of: "file=")?.upperBound else { continue }
        libraries.insert(String(line[start...].prefix { !$0.isWhitespace }))
      }
    }
    return (status, libraries)
  }

  @Test func libcurlAndItsTLSStackLoadOnlyWhenAFeedIsFetched() throws {
    let folder = try RunFolder("splitfeed-libraries")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml")],
        "<rss version=\"2.0\"><channel><title>T</title><item><title>a</title><guid>a</guid></item></channel></rss>")
    }
    defer { server.stop() }
    try "http://127.0.0.1:\(server.port)/feed.xml\n".write(
      toFile: folder.configDir + "/urls", atomically: true, encoding: .utf8)
    let options = ["--config-dir", folder.configDir, "--cache", folder.cacheFile]

    let version = try Self.run(["--version"], in: folder)
    #expect(version.status == 0)
    #expect(version.libraries.contains { $0.hasPrefix("libc.so") }, "the loader's log was read")
    let export = try Self.run(["export"] + options, in: folder)
    #expect(export.status == 0)
    for quiet in [version, export] {
      #expect(!quiet.libraries.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libssl") || $0.hasPrefix("libcrypto") })
    }

    let reload = try Self.run(["reload"] + options, in: folder)
    #expect(reload.status == 0)
    #expect(reload.libraries.contains("libcurl.so.4"))
  }
}
