import Foundation
import TestSupport
import Testing

/// FoundationNetworking stays out of the binary: the fetcher drives libcurl itself (the body cap must sit
/// inside libcurl's write callback, which URLSession does not allow), and libcurl is the system's
/// `libcurl.so.4`, linked normally. Read from the loader's log (`LD_DEBUG=files`) for a build that links
/// Swift's libraries dynamically, and from the binary's symbol names for one that links them in.
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

  @Test func aReloadUsesTheSystemLibcurlAndNoFoundationNetworking() throws {
    let folder = try RunFolder("splitfeed-libraries")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let server = try TestHTTPServer { _ in
      TestHTTPServer.Response(
        headers: [("Content-Type", "application/rss+xml")],
        "<rss version=\"2.0\"><channel><title>T</title><item><title>a</title><guid>a</guid></item></channel></rss>")
    }
    defer { server.stop() }
    try server.url("feed.xml").appending("\n").write(toFile: folder.configDir + "/urls", atomically: true, encoding: .utf8)

    let reload = try Self.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile], in: folder)
    #expect(reload.status == 0)
    #expect(reload.libraries.contains { $0.hasPrefix("libc.so") }, "the loader's log was read")
    #expect(reload.libraries.contains("libcurl.so.4"))
    #expect(!reload.libraries.contains { $0.contains("FoundationNetworking") }, "\(reload.libraries.sorted())")
    // A call into FoundationNetworking, linked in or not, leaves its mangled names ($s20Foundation…).
    let binary = try #require(DumpCommandTests.binary)
    let bytes = try Data(contentsOf: binary, options: .alwaysMapped)
    #expect(bytes.range(of: Data("$s20FoundationNetworking".utf8)) == nil)
  }
}
