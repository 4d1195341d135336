import Foundation
import Testing

@testable import App

@Suite("splitfeed dump")
struct DumpCommandTests {
  @Test func jsonStringEscaping() {
    #expect(FeedJSON.string(nil) == "null")
    #expect(FeedJSON.string("a\"b\\c\nd\u{01}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
  }
}
