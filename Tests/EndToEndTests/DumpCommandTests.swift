import Foundation
import TestSupport
import Testing



@Suite("splitfeed dump")
struct DumpCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ReaderTests/Fixtures")

  /// The binary under test (`TmuxHarness.binary`: `$SPLITFEED_BIN`, else this checkout's debug build).
  static var binary: URL? {
    let candidate = URL(fileURLWithPath: TmuxHarness.binary)
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
  }

  /// Runs the binary to its end; `environment` replaces the inherited one when given.
  static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let binary = try #require(binary, "splitfeed was not built beside the test bundle")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
  }

  @Test func versionIsPrinted() throws {
    let result = try Self.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "0.1.0\n")
  }

  @Test func printsTheExactShape() throws {
    let result = try Self.run(["dump", Self.fixtures.appendingPathComponent("rss20.xml").path])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        {
          "title": "AppCoda & Friends",
          "link": "https://www.appcoda.com/",
          "items": [
            {"title": "Understanding Self Sizing Cells … and Dynamic Type", "link": "https://www.appcoda.com/self-sizing-cells/", "published": "2014-09-04T17:09:00Z", "id": "appcoda-1234", "author": "Simon Ng", "enclosures": [{"url": "https://www.appcoda.com/ep1.mp3", "type": "audio/mpeg", "length": 12345, "duration": null}, {"url": "https://www.appcoda.com/video.mp4", "type": "video/mp4", "length": 999, "duration": null}]},
            {"title": "Building a Simple Barcode Reader App", "link": "https://www.appcoda.com/barcode-reader/", "published": "2014-09-03T16:00:00Z", "id": "https://www.appcoda.com/barcode-reader/", "author": "Simon Ng"},
            {"title": null, "link": null, "published": null, "id": null, "author": "Simon Ng"}
          ]
        }

        """)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect((json?["items"] as? [[String: Any]])?.count == 3)
  }

  @Test func fileURLSourceAndAtomUpdatedFallback() throws {
    let url = Self.fixtures.appendingPathComponent("atom10.xml").absoluteString
    let result = try Self.run(["dump", url])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""title": "Example Blog & more","#))
    // An entry with only <updated> shows it as its date.
    #expect(result.stdout.contains(#""link": "https://other.example.com/deep/page.html", "published": "2014-09-01T00:00:00Z""#))
  }

  @Test func malformedWarnsOnStderrWithTheItemCount() throws {
    let result = try Self.run(["dump", Self.fixtures.appendingPathComponent("malformed.xml").path])
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("splitfeed: warning: 1 malformed reference was repaired (on line 4:"))
    #expect(result.stderr.contains("\nsplitfeed: warning: The markup was malformed (line 6:"))
    #expect(result.stderr.hasSuffix("recovered 3 items.\n"))
    #expect(result.stdout.contains(#""title": "Third""#))
  }

  /// libxml2 prints encoding failures through its default error printer; in the reader stderr is the
  /// terminal, so only splitfeed's own lines may appear there.
  @Test func brokenLegacyEncodingWritesOnlyOurOwnLines() throws {
    let result = try Self.run(["dump", Self.fixtures.appendingPathComponent("shift-jis-broken.xml").path])
    let lines = result.stderr.split(separator: "\n")
    #expect(!lines.isEmpty)
    #expect(lines.allSatisfy { $0.hasPrefix("splitfeed: ") }, "\(result.stderr)")
    #expect(!result.stderr.contains("encoding error"))
  }

  @Test func unreadableSourcesFailWithOneLine() throws {
    for (source, message) in [
      ("/nonexistent/feed.xml", "No such file: /nonexistent/feed.xml"),
      (Self.fixtures.appendingPathComponent("billion-laughs.xml").path, "billion laughs"),
      (Self.fixtures.appendingPathComponent("html-page.xml").path, "not a feed"),
      ("http://127.0.0.1:1/feed.xml", "refused"),
      ("gopher://example.com/feed", "gopher"),
    ] {
      let result = try Self.run(["dump", source])
      #expect(result.status != 0, "\(source)")
      #expect(result.stdout == "")
      #expect(result.stderr.contains(message), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
  }

  @Test func dumpsOverHTTP() throws {
    let server = try TestHTTPServer(serving: Self.fixtures)
    defer { server.stop() }
    let result = try Self.run(["dump", server.url("jsonfeed10.json")])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#"{"title": "One", "link": "https://example.net/1", "published": "2010-02-07T14:04:00Z", "id": "a", "author": "Solo Author"}"#))
  }
}
