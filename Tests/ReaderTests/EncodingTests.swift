import Foundation
import Reader
import Testing

@Suite("Character encodings")
struct EncodingTests {
  @Test func iso88591IsReadAsWindows1252() throws {
    let feed = try Fixture.parse("latin1-declared.xml").feed
    #expect(feed.title == "Café “quoted” €")
    #expect(feed.items.first?.title == "Résumé")
  }

  @Test func declaredUTF8ButLatin1FallsBackWithAWarning() throws {
    let result = try Fixture.parse("wrong-encoding.xml")
    #expect(result.feed.title == "Café crème")
    #expect(result.feed.items.first?.title == "Naïve – dash")
    #expect(result.warnings == ["The document is not valid UTF-8 as declared; it was read as windows-1252."])
  }

  @Test func utf16WithBOM() throws {
    let feed = try Fixture.parse("utf16le-bom.xml").feed
    #expect(feed.title == "東京 UTF-16")
    #expect(feed.items.first?.title == "Ünïcödé 🎉")
    #expect(feed.items.first?.id == "u1")
  }

  @Test func utf8BOM() throws {
    #expect(try Fixture.parse("utf8-bom.xml").feed.title == "BOM ✓")
  }

  @Test func iso88592FromTheDeclaration() throws {
    let feed = try Fixture.parse("iso-8859-2.xml").feed
    #expect(feed.title == "Kraków Łódź")
    #expect(feed.items.first?.title == "Źdźbło")
  }

  @Test func httpCharsetWhenTheDocumentDeclaresNothing() throws {
    let feed = try Fixture.parse("koi8r-no-decl.xml", httpCharset: "KOI8-R").feed
    #expect(feed.title == "Новости")
    #expect(feed.items.first?.title == "Привет")
  }

  @Test func httpCharsetOverridesTheDeclarationButNotABOM() throws {
    let declared = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Caf\u{e9}</title></channel></rss>"
    let latin1 = try #require(declared.data(using: .isoLatin1))
    #expect(try FeedParser.parse(data: latin1, url: nil, httpCharset: "iso-8859-1").feed.title == "Café")
    let bom = Data([0xEF, 0xBB, 0xBF]) + Data(declared.utf8)
    #expect(try FeedParser.parse(data: bom, url: nil, httpCharset: "iso-8859-1").feed.title == "Café")
  }
}

