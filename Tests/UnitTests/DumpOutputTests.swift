import Foundation
import Reader
import Testing

@testable import splitfeed

/// `dump`'s pure parts: the outcome for a file and the JSON spelling of strings and dates.
@Suite struct DumpOutputTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ReaderTests/Fixtures")

  @Test func outcomeFunction() {
    let outcome = DumpCommand.dump(source: Self.fixtures.appendingPathComponent("jsonfeed10.json").path)
    #expect(outcome.error == nil)
    #expect(outcome.text?.contains(#"{"title": "One", "link": "https://example.net/1", "published": "2010-02-07T14:04:00Z", "id": "a", "author": "Solo Author"}"#) == true)
  }

  @Test func jsonStringEscapingAndTimestamps() {
    #expect(FeedJSON.string(nil) == "null")
    #expect(FeedJSON.string("a\"b\\c\nd\u{01}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    #expect(FeedJSON.utcTimestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(FeedJSON.utcTimestamp(Date(timeIntervalSince1970: 1_409_850_540.75)) == "2014-09-04T17:09:00Z")
    #expect(FeedJSON.utcTimestamp(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    // Past Int's range in seconds (a server's 1e19, newsboat's 2^63−1): the last and first instants kept.
    #expect(FeedJSON.utcTimestamp(Date(timeIntervalSince1970: 1e19)) == "9999-12-31T23:59:59Z")
    #expect(FeedJSON.utcTimestamp(Date(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00Z")
  }

  /// The escaping as it was written per scalar before it moved to bytes: the byte writer must agree
  /// with it on every string.
  static func scalarReference(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        || [0x200E, 0x200F, 0x061C].contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @Test func jsonStringBytesAgreeWithTheScalarEscaping() {
    // Every scalar that is escaped, its neighbours (same lead bytes, not escaped) and ordinary text.
    let special: [UInt32] = Array(0...0x20) + [0x22, 0x5C, 0x7E, 0x7F] + Array(0x80...0xA0) + [0xE9, 0x061B, 0x061C, 0x061D]
      + Array(0x2000...0x2030) + Array(0x2060...0x206F) + [0x20AC, 0x2603, 0x1F600, 0x1F1E9]
    let alphabet = special.compactMap(Unicode.Scalar.init).map(String.init) + ["a", "Zürich ", "東京", "&", "<"]
    var generator = SystemRandomNumberGenerator()
    var strings = alphabet + [""]
    for _ in 0..<3000 {
      strings.append((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined())
    }
    for string in strings {
      let expected = Self.scalarReference(string)
      #expect(JSONString.literal(string) == expected)
      var bytes: [UInt8] = []
      JSONString.append(string, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }
  }

  @Test func timestampsAgreeWithFoundation() {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let date = Date(timeIntervalSince1970: Double.random(in: -2_000_000_000...5_000_000_000, using: &generator).rounded(.down))
      #expect(FeedJSON.utcTimestamp(date) == formatter.string(from: date))
    }
  }

  @Test func dumpIsTheFullParseRendered() throws {
    for name in ["rss20.xml", "rss10.xml", "atom10.xml", "atom03.xml", "malformed.xml", "jsonfeed10.json"] {
      let url = Self.fixtures.appendingPathComponent(name)
      let full = try FeedParser.parse(contentsOf: url)
      #expect(DumpCommand.dump(source: url.path).text == FeedJSON.render(full.feed), "\(name)")
    }
  }
}
