import Foundation
import Testing

@testable import splitfeed

/// `dump`'s pure parts: the outcome for a file and the JSON spelling of strings and dates.
@Suite struct DumpOutputTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ReaderTests/Fixtures")

  @Test func outcomeFunction() {
    let outcome = DumpCommand.dump(source: Self.fixtures.appendingPathComponent("jsonfeed10.json").path)
    #expect(outcome.error == nil)
    #expect(outcome.json?.contains(#"{"title": "One", "link": "https://example.net/1", "published": "2010-02-07T14:04:00Z", "id": "a", "author": "Solo Author"}"#) == true)
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
}
