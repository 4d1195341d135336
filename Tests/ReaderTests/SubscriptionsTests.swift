import Foundation
import Testing

@testable import Reader

@Suite("urls file and OPML")
struct SubscriptionsTests {
  @Test func urlsFileTable() {
    let text = """
      # my feeds
      https://example.com/feed.xml

      http://example.org/rss news "tech talk"   # trailing comment
      feed://example.net/atom
      /srv/feeds/local.xml local
      relative.xml
      https://example.com/feed.xml dup
      query:unread:"unread = \\"yes\\""
      gopher://old.example/feed
      https://broken.example/ "unclosed
      """
    let parsed = UrlsFile.parse(text, currentDirectory: "/home/u/.config/splitfeed")
    let (entries, problems) = (parsed.entries, parsed.problems)
    #expect(entries.map(\.url) == [
      "https://example.com/feed.xml", "http://example.org/rss", "https://example.net/atom",
      "file:///srv/feeds/local.xml", "file:///home/u/.config/splitfeed/relative.xml",
    ])
    #expect(entries.map(\.tags) == [[], ["news", "tech talk"], [], ["local"], []])
    #expect(entries.map(\.line) == [2, 4, 5, 6, 7])
    #expect(problems.map(\.line) == [8, 9, 10, 11])
    #expect(problems[0].description == "urls line 8: https://example.com/feed.xml is already listed on line 2; line skipped")
    #expect(problems[1].message.hasPrefix("query feed \"unread\": unterminated string"), "unquoted, the expression ends at the space")
    #expect(problems[2].message.contains("gopher"))
    #expect(problems[3].message.contains("not closed"))
  }

  /// newsboat's `"~Title"` and `"!"` words set the entry's title and hidden flag and are never tags.
  @Test func titleAndHiddenWordsAreNotTags() {
    let text = """
      https://a.example/feed tech "~Tech Daily" news
      https://b.example/feed ! "~Old" "~New"
      https://c.example/feed "!x" "a~b" ~
      """
    let entries = UrlsFile.parse(text).entries
    #expect(entries.map(\.tags) == [["tech", "news"], [], ["!x", "a~b"]])
    #expect(entries.map(\.title) == ["Tech Daily", "New", nil])
    #expect(entries.map(\.isHidden) == [false, true, false])
  }

  /// The words are read byte by byte (docs/DECISIONS.md, "A million articles, the first screen"): text
  /// that is not ASCII, inside and outside quotes, escaped or not, comes out as written, and each word's
  /// range still points at it in the line.
  @Test func wordsOutsideASCIIAndTheirRanges() throws {
    let line: Substring = "https://é.example/ü \"caf\\é \\\"日本\\\" 語\"\tnaïve\t# ç \"x"
    let tokens = try LineTokenizer.tokens(line).get()
    #expect(tokens.map(\.word) == ["https://é.example/ü", "café \"日本\" 語", "naïve"])
    #expect(tokens.map { String(line[$0.range]) } == ["https://é.example/ü", "\"caf\\é \\\"日本\\\" 語\"", "naïve"])
    #expect(throws: LineTokenizer.TokenError.unclosedQuote) { try LineTokenizer.tokens("a \"ß b").get() }
  }

  /// A line is validated whole; only a bad one is walked to find its first bad byte (1-based column).
  @Test func linesThatAreNotUTF8SayWhere() {
    let bytes: [UInt8] = Array("ok é\n".utf8) + [0x61, 0x62, 0xC3, 0x28] + Array("\r\n\u{FEFF}x\n".utf8)
    #expect(TextFileLines.split([0xEF, 0xBB, 0xBF] + bytes) == [.text("ok é"), .notUTF8(column: 3), .text("\u{FEFF}x")])
  }

  @Test func appendingKeepsTheFileAndQuotesTags() {
    let out = UrlsFile.appending([("https://a.example/feed", ["Tech News", "x"])], to: "# mine\nhttps://b.example/")
    #expect(out == "# mine\nhttps://b.example/\nhttps://a.example/feed \"Tech News\" x\n")
    #expect(UrlsFile.parse(out).entries.last?.tags == ["Tech News", "x"])
  }

  @Test func replacingAnAddressKeepsTagsCommentsAndTheOtherLines() throws {
    let text = """
      # my feeds
      https://blog.example/   news "tech talk"   # the blog's page, not its feed
      	"https://quoted.example/a b" q
      https://other.example/feed.xml

      """
    let replaced = try #require(
      UrlsFile.replacingAddress(of: "https://blog.example/", with: "https://blog.example/feed.xml", in: text))
    #expect(replaced.line == 2)
    #expect(replaced.text == text.replacingOccurrences(of: "https://blog.example/ ", with: "https://blog.example/feed.xml "))
    #expect(UrlsFile.parse(replaced.text).entries.map(\.tags) == [["news", "tech talk"], ["q"], []])

    let quoted = try #require(
      UrlsFile.replacingAddress(of: "https://quoted.example/a%20b", with: "https://quoted.example/x y", in: text))
    #expect(quoted.text.contains("\t\"https://quoted.example/x y\" q\n"))
    #expect(UrlsFile.parse(quoted.text).entries[1].url == "https://quoted.example/x%20y")
    #expect(UrlsFile.replacingAddress(of: "https://absent.example/", with: "x", in: text) == nil)
  }

  static let nested = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="1.0">
      <head><title>Mine</title></head>
      <body>
        <outline text="Tech &amp; Science">
          <outline text="Ars" title="Ars Technica &lt;3" type="rss" xmlUrl="https://feeds.example/ars?a=1&amp;b=2" htmlUrl="https://ars.example/"/>
          <outline text="Deeper">
            <outline text="Only text" xmlUrl="https://deep.example/feed"/>
          </outline>
        </outline>
        <outline type="rss" text="Top" xmlUrl="https://top.example/rss"/>
        <outline type="rss" text="No URL"/>
      </body>
    </opml>
    """

  @Test func opmlNestedOutlinesAndEntities() throws {
    let document = try OPML.parse(Data(Self.nested.utf8))
    #expect(document.subscriptions == [
      OPML.Subscription(url: "https://feeds.example/ars?a=1&b=2", title: "Ars Technica <3", siteLink: "https://ars.example/", tags: ["Tech & Science"]),
      OPML.Subscription(url: "https://deep.example/feed", title: "Only text", tags: ["Tech & Science", "Deeper"]),
      OPML.Subscription(url: "https://top.example/rss", title: "Top"),
    ])
    #expect(document.outlinesWithoutURL == 1)
  }

  @Test func opmlRoundTrip() throws {
    let first = try OPML.parse(Data(Self.nested.utf8)).subscriptions
    let rendered = OPML.render(first)
    #expect(rendered.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
    let second = try OPML.parse(Data(rendered.utf8)).subscriptions
    // One folder level survives (the first tag), everything else exactly.
    #expect(second.map(\.url) == first.map(\.url))
    #expect(second.map(\.title) == first.map(\.title))
    #expect(second.map(\.siteLink) == first.map(\.siteLink))
    #expect(second.map { $0.tags.first } == first.map { $0.tags.first })
  }

  @Test func opmlErrorsAreSentences() {
    #expect(throws: OPMLError.notOPML(root: "rss")) { try OPML.parse(Data("<rss version=\"2.0\"></rss>".utf8)) }
    #expect(throws: OPMLError.self) { try OPML.parse(Data("<opml><body><outline".utf8)) }
    let xxe = """
      <?xml version="1.0"?>
      <!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <opml><body><outline text="&x;" xmlUrl="https://x.example/"/></body></opml>
      """
    let titles = (try? OPML.parse(Data(xxe.utf8)).subscriptions.map { $0.title ?? "" }) ?? []
    #expect(!titles.joined().contains("root:"))
  }

  /// `unsubscribe` removes the feed's line as `parse` numbers it: CRLF endings, a BOM and the other lines
  /// stay byte for byte, and a line number past the end changes nothing.
  @Test func removingALineKeepsEveryOtherByte() {
    let file = Array("\u{FEFF}https://a.example/feed a\r\n# note\r\nhttps://b.example/feed\r\n".utf8)
    let parsed = UrlsFile.parse(bytes: file, currentDirectory: "/")
    let b = parsed.entries.first { $0.url.contains("b.example") }
    #expect(b?.line == 3)
    let removed = UrlsFile.removingLine(3, from: file)
    #expect(removed == Array("\u{FEFF}https://a.example/feed a\r\n# note\r\n".utf8))
    #expect(UrlsFile.parse(bytes: removed, currentDirectory: "/").entries.map(\.tags) == [["a"]])
    #expect(UrlsFile.removingLine(9, from: file) == file)
  }
}
