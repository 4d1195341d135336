import Foundation
import Testing

@testable import Reader

@Suite struct FeedSourceTests {
  @Test(arguments: [
    ("https://example.com/feed.xml", FeedSource.Location.web(URL(string: "https://example.com/feed.xml")!)),
    ("  http://example.com/rss?x=1 \n", .web(URL(string: "http://example.com/rss?x=1")!)),
    ("HTTPS://Example.com/a", .web(URL(string: "https://Example.com/a")!)),
    ("feed://example.com/rss", .web(URL(string: "https://example.com/rss")!)),
    ("/tmp/feeds/a.xml", .file(path: "/tmp/feeds/a.xml")),
    ("/tmp/feeds/../b.xml", .file(path: "/tmp/b.xml")),
    ("file:///tmp/feed%20one.xml", .file(path: "/tmp/feed one.xml")),
    ("feeds/a.xml", .file(path: "/work/feeds/a.xml")),
    ("./a.xml", .file(path: "/work/a.xml")),
  ])
  func parses(text: String, location: FeedSource.Location) throws {
    #expect(try FeedSource(parsing: text, currentDirectory: "/work").location == location)
  }

  @Test func tildeIsTheHomeFolder() throws {
    let home = FileManager.default.homeDirectoryForCurrentUser.standardizedFileURL.path
    #expect(try FeedSource(parsing: "~/feeds/a.xml").location == .file(path: home + "/feeds/a.xml"))
  }

  @Test(arguments: [
    ("", FeedSourceError.empty), ("   ", .empty), ("ftp://example.com/feed", .unsupportedScheme("ftp")),
    ("gopher://x", .unsupportedScheme("gopher")), ("http://", .invalidURL("http://")),
    ("https:///path-only", .invalidURL("https:///path-only")),
  ])
  func rejects(text: String, error: FeedSourceError) {
    #expect(throws: error) { try FeedSource(parsing: text) }
    #expect(error.description.hasSuffix("."))
  }

  /// White space is trimmed as Foundation's `.whitespacesAndNewlines` trims it (every Unicode white
  /// space, by scalars), in the urls file's addresses as in typed ones; what is inside is kept.
  @Test(arguments: [
    "\u{A0}\u{3000}https://example.com/a b\u{2028}\t", "\u{85}https://example.com/a b\u{202F}",
  ])
  func trimsUnicodeWhiteSpace(text: String) throws {
    let url = URL(string: "https://example.com/a%20b")!
    #expect(try FeedSource(parsing: text).location == .web(url))
    #expect(try FeedSource(urlsFileAddress: text).location == .web(url))
    #expect(FeedSource.trimmed(" \u{301}a\u{301} ") == "\u{301}a\u{301}")
    #expect(throws: FeedSourceError.empty) { try FeedSource(urlsFileAddress: "\u{A0}\u{2003}") }
    #expect(throws: FeedSourceError.commandOutsideUrlsFile("EXEC:ls")) { try FeedSource(parsing: "\u{3000}EXEC:ls") }
    #expect(try FeedSource(urlsFileAddress: " Exec:ls -l ").location == .exec(command: "ls -l"))
  }

  /// The scheme's `://` is found among the bytes, where Foundation's `range(of:)` found it before: the
  /// same range on plain addresses, a `:` that is not one, several, and combining marks around it.
  @Test(arguments: [
    "https://example.com/f", "feed://x/y", "HTTP://A", "a:b://c", "a:/b://c", "://", ":/", "x:", "no scheme",
    "é://x", "e\u{301}://x", "http:/\u{301}/x", "http://\u{301}x", "http:\u{301}//x", "日本://語", "a::://b", "",
  ])
  func findsTheSchemeSeparatorAsFoundationDid(text: String) {
    let found = FeedSource.schemeSeparator(in: text[...])
    #expect(found == text.range(of: "://"), "\(text.unicodeScalars.map(\.value))")
  }

  /// `exec:` and `filter:` are found by their bytes where the lower-cased characters found them before.
  @Test(arguments: [
    "exec:ls", "EXEC:ls", "Exec:", "eXeC:x", "filter:a:b", "FILTER:a:http://x", "exec", "exe:", "filter", "",
    "exec:\u{301}ls", "exec\u{301}:ls", "FİLTER:x:y", "fİlter:x", "\u{212A}exec:", "e\u{0}ec:", "eXEC:\u{E9}",
    "filter:\u{0301}", "http://exec:x", " exec:ls", "Ex\u{1A}c:",
  ])
  func findsTheCommandPrefixAsLowerCasingDid(text: String) {
    let before = ["exec:", "filter:"].first { text.prefix($0.count).lowercased() == $0 }
    #expect(FeedSource.commandPrefix(text[...]) == before, "\(text.unicodeScalars.map(\.value))")
  }

  @Test func urlAndDescription() throws {
    let web = try FeedSource(parsing: "https://example.com/f")
    #expect(web.url.absoluteString == "https://example.com/f")
    #expect(web.description == "https://example.com/f")
    let file = try FeedSource(parsing: "/tmp/a.xml")
    #expect(file.url == URL(fileURLWithPath: "/tmp/a.xml"))
    #expect(file.description == "/tmp/a.xml")
  }
}
