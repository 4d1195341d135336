import Foundation
import Reader
import Testing

/// `dump` parses without bodies (`bodies: false`): everything else it prints must be what the full
/// parse makes, and a body cut at the field cap must still be warned about.
@Suite struct ParseWithoutBodiesTests {
  /// Every XML fixture of ours and, when present, the shared real-world feeds.
  static var files: [URL] {
    var urls = (try? FileManager.default.contentsOfDirectory(at: Fixture.directory, includingPropertiesForKeys: nil)) ?? []
    if Fixture.hasRealWorld {
      urls += (try? FileManager.default.contentsOfDirectory(
        at: Fixture.realWorldDirectory, includingPropertiesForKeys: nil)) ?? []
    }
    return urls.filter { $0.pathExtension == "xml" || $0.pathExtension == "rss" || $0.pathExtension == "atom" }
      .sorted { $0.path < $1.path }
  }

  @Test func everythingButTheBodiesIsTheFullParse() throws {
    let files = Self.files
    #expect(files.count > 10)
    var withBodies = 0
    for file in files {
      let full = Result { try FeedParser.parse(contentsOf: file) }
      let lean = Result { try FeedParser.parse(contentsOf: file, bodies: false) }
      switch (full, lean) {
      case (.success(let full), .success(let lean)):
        var expected = full.feed
        for i in expected.items.indices {
          if expected.items[i].body != nil { withBodies += 1 }
          expected.items[i].summary = nil
          expected.items[i].content = nil
        }
        #expect(lean.feed == expected, "\(file.lastPathComponent)")
        #expect(lean.warnings == full.warnings, "\(file.lastPathComponent)")
      case (.failure(let a), .failure(let b)):
        #expect("\(a)" == "\(b)", "\(file.lastPathComponent)")
      default:
        Issue.record("\(file.lastPathComponent): one parse failed, the other did not")
      }
    }
    #expect(withBodies > 50, "the fixtures have bodies to leave out")
  }

  @Test func aBodyCutAtTheCapIsStillWarnedAbout() throws {
    let body = String(repeating: "é and more text. ", count: (5 << 20) / 18)
    let xml = "<rss version=\"2.0\"><channel><title>Huge</title><item><title>Big</title><description>"
      + body + "</description></item></channel></rss>"
    let lean = try FeedParser.parse(data: Data(xml.utf8), url: nil, bodies: false)
    #expect(lean.feed.items.map(\.title) == ["Big"])
    #expect(lean.feed.items.first?.summary == nil)
    #expect(lean.warnings == ["1 text field was longer than 4 MiB and cut there."])
  }
}
