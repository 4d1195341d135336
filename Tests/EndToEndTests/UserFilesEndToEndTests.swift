import Foundation
import Testing

import Reader

/// Urls, config and OPML files from other systems, through the binary: CRLF line ends, bytes that are not
/// UTF-8, over-long lines, and OPML titles that try to start lines of their own in the urls file.
@Suite("Files from other systems")
struct UserFilesEndToEndTests {
  static let fixtures = DumpCommandTests.fixtures

  func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

  @Test("a CRLF urls file with a line that is not UTF-8: every other feed reloads, the bad line is named")
  func crlfAndInvalidUTF8Urls() throws {
    let folder = try RunFolder("crlf")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let a = Self.fixtures.appendingPathComponent("rss20.xml").path
    let b = Self.fixtures.appendingPathComponent("atom10.xml").path
    try write(Array("\(a) news\r\n".utf8) + [0x68, 0x74, 0xE9, 0x0D, 0x0A] + Array("\(b) \"tech talk\"\r\n".utf8), to: folder.configDir + "/urls")
    try write(Array("reload-threads 2\r\nlayout split\r\n".utf8), to: folder.configDir + "/config")
    let reload = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 0)
    #expect(reload.stdout.hasPrefix("Reloaded 2 feeds: 2 updated"), "\(reload.stdout)")
    #expect(reload.stderr == "splitfeed: urls line 2: not UTF-8 text (an invalid byte at column 3); line skipped (save the file as UTF-8)\n")
    let export = try DumpCommandTests.run(["export", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(export.stdout.contains("<outline text=\"tech talk\""))
  }

  @Test("a reload that finds no usable feed exits 1")
  func noUsableFeed() throws {
    let folder = try RunFolder("nofeed")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    try write(Array("https://a.example/".utf8) + [0xE9, 0x0A], to: folder.configDir + "/urls")
    let reload = try DumpCommandTests.run(["reload", "--config-dir", folder.configDir, "--cache", folder.cacheFile])
    #expect(reload.status == 1)
    #expect(reload.stderr.contains("urls line 1: not UTF-8"))
    #expect(reload.stderr.contains("no feed to reload"))
  }

  @Test("OPML import: a title with newlines plants no subscription and no exec: line, for splitfeed and newsboat")
  func opmlNewlineInjection() throws {
    let folder = try RunFolder("opml")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let opml = folder.root.appendingPathComponent("in.opml")
    try Data("""
      <opml version="2.0"><body>
      <outline text="News&#10;https://evil.example/x&#10;exec:touch /tmp/pwned&#13;&#10;">
        <outline text="A&#10;query:x" xmlUrl="https://a.example/feed"/>
      </outline>
      <outline text="~Evil"><outline text="B" xmlUrl="https://b.example/feed"/></outline>
      </body></opml>
      """.utf8).write(to: opml)
    let result = try DumpCommandTests.run(["import", "--config-dir", folder.configDir, "--cache", folder.cacheFile, opml.path])
    #expect(result.status == 0, "\(result.stderr)")
    let urls = try String(contentsOfFile: folder.configDir + "/urls", encoding: .utf8)
    let lines = urls.split(separator: "\n")
    #expect(lines.count == 2, "one line per feed: \(urls)")
    #expect(lines.allSatisfy { !$0.hasPrefix("exec:") && !$0.hasPrefix("https://evil") })
    let parsed = UrlsFile.parse(urls)
    #expect(parsed.entries.map(\.url) == ["https://a.example/feed", "https://b.example/feed"])
    #expect(parsed.entries.map(\.tags) == [["News https://evil.example/x exec:touch /tmp/pwned"], ["Evil"]])
  }

  @Test("an OPML that cannot be parsed is reported in words", arguments: [
    ("<opml><body><outline text=\"a&nbsp;\" xmlUrl=\"https://a.example/\"/></body></opml>", "an entity is not defined"),
    ("<opml><body><outline text=\"a\" xmlUrl=\"https://a.example/?a=1&b=2\"/></body></opml>", "perhaps a bare & that should be &amp;"),
    ("<!DOCTYPE o [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><opml><body><outline text=\"&e;\"/></body></opml>", "external or parameter entities"),
  ])
  func opmlErrorInWords(text: String, words: String) throws {
    let folder = try RunFolder("opmlerr")
    defer { try? FileManager.default.removeItem(at: folder.root) }
    let opml = folder.root.appendingPathComponent("bad.opml")
    try Data(text.utf8).write(to: opml)
    let result = try DumpCommandTests.run(["import", "--config-dir", folder.configDir, "--cache", folder.cacheFile, opml.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains(words), "\(result.stderr)")
    #expect(!result.stderr.contains("NSXMLParserErrorDomain"))
  }
}
