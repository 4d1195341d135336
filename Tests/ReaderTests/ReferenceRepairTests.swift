import Foundation
import Testing

@testable import Reader

/// Bare ampersands, HTML entities and broken references: the text a browser would show, whatever
/// libxml2's recover mode would have dropped.
@Suite("Text that disappears")
struct ReferenceRepairTests {
  /// Runs `text` through the repair in pieces of `piece` bytes.
  static func repaired(_ text: String, piece: Int = 1 << 20) -> (String, ReferenceRepair) {
    let repair = ReferenceRepair()
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var offset = 0
    bytes.withUnsafeBufferPointer { all in
      while offset < all.count {
        let end = min(all.count, offset + piece)
        repair.feed(UnsafeBufferPointer(rebasing: all[offset..<end])) { out.append(contentsOf: $0) }
        offset = end
      }
    }
    repair.finish { out.append(contentsOf: $0) }
    return (String(decoding: out, as: UTF8.self), repair)
  }

  @Test func referencesBecomeCharacterReferencesWhateverThePieceSize() {
    let input = """
      <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY own "x&amp;y">]><rss>AT&T &amp; &lt;b&gt; &eacute; &#1; &#150; \
      &own; &foo <!-- a & b --><![CDATA[Q&A &amp;]]> ?a=1&b=2 &#x1F600; &#99999999999; &</rss>
      """
    let expected = """
      <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY own "x&amp;y">]><rss>AT&#38;T &#38; &#60;b&#62; &#233; &#65533; &#8211; \
      &own; &#38;foo <!-- a & b --><![CDATA[Q&A &amp;]]> ?a=1&#38;b=2 &#x1F600; &#65533; &#38;</rss>
      """
    for piece in [1, 2, 3, 5, 7, 64, 1 << 20] {
      let (out, repair) = Self.repaired(input, piece: piece)
      #expect(out == expected, "piece \(piece)")
      #expect(repair.count == 6, "piece \(piece)")
    }
  }

  @Test func unknownNamesStayAsWrittenWithoutADoctype() {
    let (out, repair) = Self.repaired("<rss>&foo; &nbsp;</rss>")
    #expect(out == "<rss>&#38;foo; &#160;</rss>")
    #expect(repair.first?.kind == .unknownEntity)
    #expect(repair.first?.offset == 5)
  }

  static let feed = """
    <?xml version="1.0"?>
    <rss version="2.0"><channel><title>AT&T News</title><link>http://example.org/?a=1&b=2</link>
    <item><title>Q&A</title><description>Caf&eacute;&nbsp;&#1; &lt;b&gt;bold&lt;/b&gt;</description></item>
    <item><title>Q&amp;A: Tom &amp; Jerry</title><link>http://example.org/?a=1&b=2&amp;c=3</link></item>
    <item><title>&unknown; &#x1F600; &hellip;</title></item>
    </channel></rss>
    """

  @Test func feedTextKeepsEveryCharacter() throws {
    let result = try FeedParser.parse(data: Data(Self.feed.utf8), url: nil)
    #expect(result.feed.title == "AT&T News")
    #expect(result.feed.link == "http://example.org/?a=1&b=2")
    #expect(result.feed.items.map(\.title) == ["Q&A", "Q&A: Tom & Jerry", "&unknown; 😀 …"])
    #expect(result.feed.items[0].summary == "Café\u{A0}\u{FFFD} <b>bold</b>")
    #expect(result.feed.items[1].link == "http://example.org/?a=1&b=2&c=3")
    #expect(result.warnings.first == "6 malformed references were repaired (the first on line 2: an \"&\" that starts no reference, kept as text).")
  }

  @Test func oneBrokenReferenceDoesNotEraseTheLaterOnes() throws {
    let xml = "<rss><channel><title>&#1;</title><item><title>Q&amp;A: Tom &amp; Jerry</title>"
      + "<description>&lt;p&gt;x&lt;/p&gt;</description></item></channel></rss>"
    let result = try FeedParser.parse(data: Data(xml.utf8), url: nil)
    #expect(result.feed.items.first?.title == "Q&A: Tom & Jerry")
    #expect(result.feed.items.first?.summary == "<p>x</p>")
  }

  @Test func otherMalformedMarkupKeepsLaterReferencesToo() throws {
    // A mismatched end tag makes the document not well-formed; `&amp;` after it must survive.
    let xml = "<rss><channel><title>T</title><item><title>a</b></title></item>"
      + "<item><title>Tom &amp; Jerry &lt;3</title></item></channel></rss>"
    let result = try FeedParser.parse(data: Data(xml.utf8), url: nil)
    #expect(result.feed.items.map(\.title).last == "Tom & Jerry <3")
  }

  @Test func utf16DocumentsAreLeftAlone() throws {
    let xml = "\u{FEFF}<rss><channel><title>A &amp; B</title></channel></rss>"
    var data = Data()
    for unit in xml.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
    #expect(!ReferenceRepair.isApplicable(head: data, encoding: nil))
    #expect(try FeedParser.parse(data: data, url: nil).feed.title == "A & B")
  }
}
