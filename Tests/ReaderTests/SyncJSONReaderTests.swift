import Foundation
import Testing

@testable import Reader

/// The sync's JSON reader against `JSONDecoder` on the same bytes: real FreshRSS answers, a table of
/// hostile documents, and every kind of damage to a real page. Each must give the same values, or the
/// same one-line failure.
@Suite("Sync JSON reader")
struct SyncJSONReaderTests {
  typealias Outcome<T> = Result<T, SyncError>

  static func contents(_ data: Data) -> (decoded: Outcome<GReader.StreamContents>, read: Outcome<GReader.StreamContents>) {
    let what = "stream/contents"
    let decoded = Outcome { () throws(SyncError) in try GReader.decode(GReader.StreamContents.self, from: data, what: what) }
    let read = Outcome { () throws(SyncError) in try GReader.read(from: data, what: what, GReader.StreamContents.init(reading:)) }
    return (decoded, read)
  }

  static func ids(_ data: Data) -> (decoded: Outcome<GReader.ItemIDs>, read: Outcome<GReader.ItemIDs>) {
    let what = "stream/items/ids"
    let decoded = Outcome { () throws(SyncError) in try GReader.decode(GReader.ItemIDs.self, from: data, what: what) }
    let read = Outcome { () throws(SyncError) in try GReader.read(from: data, what: what, GReader.ItemIDs.init(reading:)) }
    return (decoded, read)
  }

  static func fixture(_ name: String) throws -> Data { try Fixture.data("sync/" + name) }

  @Test func aRealFreshRSSPageReadsAsJSONDecoderDecodesIt() throws {
    let (decoded, read) = Self.contents(try Self.fixture("freshrss-stream-contents.json"))
    let page = try read.get()
    #expect(page == (try decoded.get()))
    #expect(page.items.count == 31)
    #expect(page.updated?.value == 1_795_487_168)
    // Spot checks that do not lean on JSONDecoder: non-ASCII text, a podcast's enclosures, the origin.
    let first = try #require(page.items.first)
    #expect(first.id == "tag:google.com,2005:reader/item/000660fc6ed0f0d2")
    #expect(first.title == "Revolução nas telas com pontos quânticos impressos em 3D")
    #expect(first.origin?.streamId == "feed/8")
    #expect(first.published?.value == 1_597_312_675)
    let podcast = try #require(page.items.first { ($0.enclosure ?? []).count == 2 })
    #expect(podcast.enclosure?.first?.type == "audio/mpeg")
    #expect(podcast.enclosure?.first?.length?.value == 50_496_000)
    #expect(page.items.contains { $0.isStarred })
  }

  @Test func aRealFreshRSSIDListReadsAsJSONDecoderDecodesIt() throws {
    let (decoded, read) = Self.ids(try Self.fixture("freshrss-item-ids.json"))
    let list = try read.get()
    #expect(list == (try decoded.get()))
    #expect(list.itemRefs?.count == 31)
    #expect(list.itemRefs?.first?.id == "1795487167475922")
  }

  /// Documents `JSONDecoder` refuses or reads, each compared with it.
  static let hostile: [String] = [
    "", " ", "{}", "[]", "null", "{\"items\":[]}", "  {\"items\" : [ ] }  ", "{\"items\":null}", "{\"items\":{}}",
    "{\"items\":[]} x", "{\"items\":[],}", "{\"items\":[],\"items\":[{\"id\":\"a\"}]}", "{'items':[]}",
    "{\"items\":[]}/* c */", "\u{FEFF}{\"items\":[]}", "{\"items\":[{}]}", "{\"items\":[null]}", "{\"items\":[1]}",
    "{\"items\":[{\"id\":null}]}", "{\"items\":[{\"id\":5}]}", "{\"items\":[{\"id\":\"a\",\"id\":\"b\"}]}",
    "{\"items\":[{\"id\":\"a\"},{\"id\":\"b\",\"title\":7}]}", "{\"items\":[{\"id\":\"a\",\"title\":null}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":\"1700000000\"}]}", "{\"items\":[{\"id\":\"a\",\"published\":\"soon\"}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":true}]}", "{\"items\":[{\"id\":\"a\",\"published\":1e400}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":-1.5e3}]}", "{\"items\":[{\"id\":\"a\",\"published\":01}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":1.}]}", "{\"items\":[{\"id\":\"a\",\"published\":.5}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":+1}]}", "{\"items\":[{\"id\":\"a\",\"published\":-}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":1e}]}", "{\"items\":[{\"id\":\"a\",\"published\":NaN}]}",
    "{\"items\":[{\"id\":\"a\",\"published\":12345678901234567890123}]}", "{\"items\":[{\"id\":\"a\",\"updated\":[]}]}",
    "{\"items\":[{\"id\":\"a\",\"categories\":[\"x\",null]}]}", "{\"items\":[{\"id\":\"a\",\"categories\":\"x\"}]}",
    "{\"items\":[{\"id\":\"a\",\"origin\":null}]}", "{\"items\":[{\"id\":\"a\",\"origin\":\"feed/1\"}]}",
    "{\"items\":[{\"id\":\"a\",\"origin\":{}}]}", "{\"items\":[{\"id\":\"a\",\"origin\":{\"streamId\":null,\"x\":[{}]}}]}",
    "{\"items\":[{\"id\":\"a\",\"summary\":{\"content\":null}}]}", "{\"items\":[{\"id\":\"a\",\"content\":{\"content\":3}}]}",
    "{\"items\":[{\"id\":\"a\",\"alternate\":[null]}]}", "{\"items\":[{\"id\":\"a\",\"alternate\":[{\"href\":1}]}]}",
    "{\"items\":[{\"id\":\"a\",\"canonical\":[{}],\"alternate\":[{\"href\":\"h\"}]}]}",
    "{\"items\":[{\"id\":\"a\",\"enclosure\":[{\"href\":\"u\",\"length\":\"12\"},{\"length\":\"x\"}]}]}",
    "{\"items\":[{\"id\":\"a\",\"enclosure\":[{\"href\":\"u\",\"length\":\"\"}]}]}",
    "{\"items\":[{\"id\":\"a\",\"x\":{\"y\":[1,{\"z\":[[],{}]},\"\\\"]\"],\"w\":null},\"v\":[true,false]}]}",
    "{\"items\":[{\"id\":\"a\",\"x\":{\"y\":[1,2}}]}", "{\"items\":[{\"id\":\"a\",\"x\":[1,2}}]}",
    "{\"items\":[{\"id\":\"a\",\"x\":tru}]}", "{\"items\":[{\"id\":\"a\",\"x\":nul}]}", "{\"items\":[{\"id\":\"a\",\"x\":[1,]}]}",
    "{\"items\":[{\"id\":\"a\",\"x\":{\"k\"}}]}", "{\"items\":[{\"id\":\"a\",\"x\":{1:2}}]}", "{\"items\":[{\"id\":\"a\"}]",
    "{\"items\":[{\"id\":\"caf\\u00e9 \\ud83d\\ude00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t\"}]}", "{\"items\":[{\"id\":\"\\u0000\"}]}",
    "{\"items\":[{\"id\":\"\\ud83d\"}]}", "{\"items\":[{\"id\":\"\\ud83dx\"}]}", "{\"items\":[{\"id\":\"\\ud83d\\u0041\"}]}",
    "{\"items\":[{\"id\":\"\\ude00\"}]}", "{\"items\":[{\"id\":\"\\u12\"}]}", "{\"items\":[{\"id\":\"\\u12G4\"}]}",
    "{\"items\":[{\"id\":\"\\x\"}]}", "{\"items\":[{\"id\":\"a\tb\"}]}", "{\"items\":[{\"id\":\"a\"}],\"x\":\"\\q\"}",
    "{\"items\":[{\"id\":\"a\"}],\"x\":\"\\ud800\"}", "{\"items\":[{\"id\":\"\u{1F600} é\"}]}",
    "{\"items\":[],\"continuation\":5}", "{\"items\":[],\"continuation\":null}", "{\"items\":[],\"continuation\":\"c\"}",
    "{\"items\":[],\"updated\":\"1700000000\"}", "{\"items\":[],\"updated\":null}", "{\"items\":[]",
    "{\"items\":[{\"id\":\"a\"}]}\n", "{\"items\":[{\"id\" \"a\"}]}", "{\"items\"[{\"id\":\"a\"}]}",
    "{\"items\":[{\"id\":\"a\",\"x\":\"" + String(repeating: "[", count: 3) + "\"}]}",
    "{\"items\":[],\"x\":\"a\u{01}b\"}", "{\"items\":[],\"x\":+1}", "{\"items\":[],\"x\":-}", "{\"items\":[],\"x\":1e5e5}",
    "{\"items\":[],\"x\":{\"\\q\":1}}", "{\"items\":[],\"\\q\":1}", "{\"items\":[],\"x\":[1 2]}", "{\"items\":[],\"x\":{\"a\" 1}}",
    "{\"items\":[],\"x\":[,1]}", "{\"items\":[],\"x\":{,}}", "{\"items\":[{\"id\":\"a\",}]}", "{\"items\":[{\"id\":\"a\"},,]}",
    "{\"items\":[],\"x\":{\"a\":1,}}", "{\"items\":[],\"x\":[[]],\"y\":[{},{}],\"z\":{\"a\":{\"b\":[]}}}",
    "{\"items\":[],\"x\":\"\\\"}", "{\"items\":[{\"id\":\"a\u{7F}\u{01}\"}]}", "{\"it\\u0065ms\":[]}",
  ]

  @Test(arguments: hostile) func aHostileStreamPageReadsOrFailsAsJSONDecoder(_ text: String) {
    let (decoded, read) = Self.contents(Data(text.utf8))
    #expect(read == decoded, "\(text)")
  }

  static let hostileIDs: [String] = [
    "{}", "{\"itemRefs\":null}", "{\"itemRefs\":[]}", "{\"itemRefs\":[{\"id\":\"1\"},{\"id\":\"-2\",\"directStreamIds\":[]}]}",
    "{\"itemRefs\":[{}]}", "{\"itemRefs\":[{\"id\":null}]}", "{\"itemRefs\":[{\"id\":1}]}", "{\"itemRefs\":[null]}",
    "{\"itemRefs\":[{\"id\":\"1\"}],\"continuation\":\"2\"}", "{\"itemRefs\":[{\"id\":\"1\"}]", "{\"itemRefs\":[{\"id\":\"1\"},]}",
  ]

  @Test(arguments: hostileIDs) func aHostileIDListReadsOrFailsAsJSONDecoder(_ text: String) {
    let (decoded, read) = Self.ids(Data(text.utf8))
    #expect(read == decoded, "\(text)")
  }

  @Test func bytesThatAreNotUTF8AreRefusedAsJSONDecoderRefusesThem() {
    for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xC0, 0xAF]] {
      let inID = Data("{\"items\":[{\"id\":\"a".utf8 + bad + "\"}]}".utf8)
      let skipped = Data("{\"items\":[],\"x\":\"".utf8 + bad + "\"}".utf8)
      for data in [inID, skipped] {
        let (decoded, read) = Self.contents(data)
        #expect(read == decoded, "\(bad)")
      }
    }
  }

  @Test func escapesGiveTheirCharacters() throws {
    let data = Data(#"{"items":[{"id":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \t","title":"x\u2028y"}]}"#.utf8)
    let page = try GReader.read(from: data, what: "stream/contents", GReader.StreamContents.init(reading:))
    #expect(page.items.first?.id == "café 😀 \"q\" \\ / \t")
    #expect(page.items.first?.title == "x\u{2028}y")
  }

  @Test func nestingIsReadTo512LevelsAndRefusedBeyondAsJSONDecoderDoes() throws {
    for depth in [500, 510, 511, 512, 513, 600, 100_000] {
      let data = Data(("{\"items\":[],\"x\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
      let (decoded, read) = Self.contents(data)
      #expect(read == decoded, "depth \(depth)")
    }
    let deep = Data(("{\"items\":[],\"x\":" + String(repeating: "[", count: 100_000) + "}").utf8)
    #expect(throws: SyncError.self) { try GReader.read(from: deep, what: "stream/contents", GReader.StreamContents.init(reading:)) }
  }

  @Test func anObjectOfManyKeysIsReadInLinearTimeAsJSONDecoderReadsIt() {
    let keys = (0..<100_000).map { "\"k\($0 % 60_000)\":\($0)" }.joined(separator: ",")
    for text in ["{" + keys + ",\"items\":[]}", "{\"items\":[{\"id\":\"a\"," + keys + ",\"id\":\"b\"}]}"] {
      let data = Data(text.utf8)
      let start = ContinuousClock.now
      let read = Outcome { () throws(SyncError) in try GReader.read(from: data, what: "stream/contents", GReader.StreamContents.init(reading:)) }
      // Linear: well under a second; comparing each key with all before it took over five minutes here.
      #expect(ContinuousClock.now - start < .seconds(10))
      #expect(read == Self.contents(data).decoded)
    }
  }

  /// Every truncation of a real page, and a few hundred single-byte changes of it (seeded), read as
  /// `JSONDecoder` decodes them: the same page, or the same failure line.
  @Test func aDamagedRealPageReadsOrFailsAsJSONDecoder() throws {
    let page = try Self.fixture("freshrss-stream-contents.json")
    let small = page.prefix(6_000)
    var generator = SplitMix64(seed: 2026)
    var damaged: [Data] = (0..<small.count).filter { $0 % 7 == 0 }.map { Data(small.prefix($0)) }
    let replacements = Array("{}[],:\"\\ 0-.eE/nultrfa".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xFF]
    for _ in 0..<600 {
      var copy = Data(page)
      let at = Int.random(in: 0..<copy.count, using: &generator)
      switch Int.random(in: 0..<3, using: &generator) {
      case 0: copy[at] = replacements.randomElement(using: &generator)!
      case 1: copy.remove(at: at)
      default: copy.insert(replacements.randomElement(using: &generator)!, at: at)
      }
      damaged.append(copy)
    }
    var refused = 0
    for data in damaged {
      let (decoded, read) = Self.contents(data)
      #expect(read == decoded, "\(String(decoding: data.prefix(200), as: UTF8.self))")
      if case .failure = read { refused += 1 }
    }
    #expect(refused > damaged.count / 2)
  }

  /// The continuation taken from an answer's last bytes (to ask for the next page before this one is
  /// read) only when it is a plain string, the answer's last member; anything else waits for the read.
  @Test func theContinuationHintIsAPlainLastMemberOnly() {
    func hint(_ text: String) -> String? { GReader.continuationHint(Data(text.utf8)) }
    #expect(hint(#"{"items":[],"continuation":"1795695657366334"}"#) == "1795695657366334")
    #expect(hint("{\"items\":[] ,\n \"continuation\" : \"abc\" }\n") == "abc")
    #expect(hint(#"{"continuation":"abc"}"#) == "abc")
    #expect(hint(#"{"items":[],"continuation":"a\"b"}"#) == nil)
    #expect(hint(#"{"continuation":"abc","items":[]}"#) == nil)
    #expect(hint(#"{"items":[],"xcontinuation":"abc"}"#) == nil)
    #expect(hint(#"{"items":["continuation":"abc"}"#) == nil)
    #expect(hint(#"{"items":[],"continuation":null}"#) == nil)
    #expect(hint(#""continuation":"abc"}"#) == nil)
    #expect(hint("") == nil)
    #expect(hint(#"{"items":[],"continuation":""# + String(repeating: "9", count: 300) + #""}"#) == nil)
  }
}
