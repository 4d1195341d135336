import Foundation
import Reader
import TestSupport
import Testing

@Suite("Hostile and malformed input")
struct HostileInputTests {
  @Test func billionLaughsFailsFast() throws {
    let start = Date()
    #expect(throws: FeedError.entityExpansion) { try Fixture.parse("billion-laughs.xml") }
    #expect(Date().timeIntervalSince(start) < 2)
    #expect(FeedError.entityExpansion.description.contains("billion laughs"))
  }

  @Test func externalEntitiesShowNothingOfTheFile() throws {
    let result = try Fixture.parse("xxe.xml")
    #expect(result.feed.title == "XXE []")
    let item = try #require(result.feed.items.first)
    // Internal entities and undeclared HTML entities expand; the SYSTEM ones expand to nothing.
    #expect(item.title == "Hello [] été 2014")
    #expect(item.summary == "[]")
    #expect(!item.title.contains("root:"))
  }

  @Test func externalDTDIsNotLoaded() throws {
    let result = try Fixture.parse("external-dtd.xml")
    #expect(result.feed.title == "External DTD")
    #expect(result.feed.items.map(\.title) == ["kept"])
  }

  @Test func malformedMarkupIsRecoveredWithAWarning() throws {
    let result = try Fixture.parse("malformed.xml")
    #expect(result.feed.title == "Broken & unescaped")  // a bare "&" stays, as in a browser
    #expect(result.feed.items.map(\.title) == ["First bold", "Second", "Third"])
    #expect(result.feed.items.map(\.link) == ["https://example.com/1", "https://example.com/2", "https://example.com/3"])
    #expect(result.warnings.count == 2)
    #expect(result.warnings.first?.hasPrefix("1 malformed reference was repaired (on line 4:") == true)
    #expect(result.warnings.last?.hasPrefix("The markup was malformed (line 6:") == true)
    #expect(result.warnings.last?.hasSuffix("recovered 3 items.") == true)
  }

  @Test func nothingRecoverableIsATypedError() throws {
    let error = try #require(throws: FeedError.self) { try Fixture.parse("nothing-recoverable.xml") }
    guard case .malformed(let detail) = error else {
      Issue.record("expected malformed, got \(error)")
      return
    }
    #expect(detail.hasPrefix("line 2:"))
  }

  @Test func htmlPageIsNotAFeed() throws {
    #expect(throws: FeedError.notAFeed(root: "html")) { try Fixture.parse("html-page.xml") }
  }

  @Test func emptyAndWhitespaceDocuments() throws {
    #expect(throws: FeedError.empty) { try FeedParser.parse(data: Data(), url: nil) }
    #expect(throws: FeedError.empty) { try FeedParser.parse(data: Data("  \n\t ".utf8), url: nil) }
  }

  @Test func sizeCap() throws {
    #expect(throws: FeedError.tooLarge(bytes: 100, limit: 10)) {
      try FeedParser.parse(data: Data(repeating: 0x20, count: 100), url: nil, maxBytes: 10)
    }
  }

  @Test func aTwoHundredMegabyteTextNodeIsCut() throws {
    // Written in 1 MiB pieces and read from the file in chunks: neither side holds the 200 MB at once.
    let dir = try TemporaryDirectory("splitfeed-huge")
    let path = dir.path("huge.xml")
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.write(contentsOf: Data("<rss version=\"2.0\"><channel><title>Huge</title><item><title>Big</title><description>".utf8))
    let piece = Data(String(repeating: "é and more text. ", count: 1 << 20 / 18).utf8)
    var written = 0
    while written < 200_000_000 {
      try handle.write(contentsOf: piece)
      written += piece.count
    }
    try handle.write(contentsOf: Data("</description></item><item><title>After</title></item></channel></rss>".utf8))
    try handle.close()

    let result = try FeedParser.parse(contentsOf: URL(fileURLWithPath: path))
    #expect(result.feed.items.map(\.title) == ["Big", "After"])
    let summary = try #require(result.feed.items.first?.summary)
    #expect(summary.utf8.count <= 4 << 20 && summary.utf8.count > (4 << 20) - 4)
    #expect(summary.hasSuffix("é") || summary.last?.isASCII == true, "cut on a character boundary")
    #expect(result.warnings == ["1 text field was longer than 4 MiB and cut there."])
  }

  @Test func deepNestingIsBounded() throws {
    let result = try Fixture.parse("deep-nesting.xml")
    #expect(result.feed.items.first?.title == "before")
    #expect(result.warnings.first?.contains("nested deeper than 256 levels") == true)
  }

  @Test func truncatedDocumentKeepsCompleteItems() throws {
    let xml = "<rss version=\"2.0\"><channel><title>T</title><item><title>one</title></item><item><title>tw"
    let result = try Fixture.parse(xml: xml)
    #expect(result.feed.items.map(\.title) == ["one", "tw"])
    #expect(result.warnings.first?.hasSuffix("recovered 2 items.") == true)
  }

  @Test func randomBytesNeverCrash() throws {
    var rng = SplitMix64(seed: 7)
    let base = Array(try Fixture.data("rss20.xml"))
    for _ in 0..<200 {
      var bytes = base
      for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
      let cut = Int.random(in: 1...bytes.count, using: &rng)
      _ = try? FeedParser.parse(data: Data(bytes[..<cut]), url: nil)
    }
  }
}

@Suite("Reading from files")
struct FileInputTests {
  @Test func fileAndDataGiveTheSameFeed() throws {
    for name in ["rss20.xml", "atom10.xml", "wrong-encoding.xml", "utf16le-bom.xml", "jsonfeed11.json", "malformed.xml"] {
      let fromFile = try FeedParser.parse(contentsOf: Fixture.url(name))
      let fromData = try Fixture.parse(name)
      #expect(fromFile.feed == fromData.feed, "\(name)")
      #expect(fromFile.warnings == fromData.warnings, "\(name)")
    }
  }

  @Test func fileErrors() throws {
    #expect(throws: FeedError.entityExpansion) { try FeedParser.parse(contentsOf: Fixture.url("billion-laughs.xml")) }
    #expect(throws: FeedError.tooLarge(bytes: 3, limit: 1)) {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("splitfeed-three-bytes.xml")
      try Data("<a>".utf8).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      return try FeedParser.parse(contentsOf: url, maxBytes: 1)
    }
  }
}
