import Foundation
import Testing

@testable import Reader

/// The search index keeps no copy of its text: taking an article out repeats the text it was indexed
/// with, computed again by the running version (`FindingSchema.textVersion`). If that text changes for
/// the same article while the version stays, existing caches' indexes go wrong. This pins the text made
/// from a fixed corpus to the version: a change to `PlainText` that alters it fails here, and the fix is
/// to raise `textVersion` (every cache is then indexed again on open) and pin the new digest.
@Suite("Search text version")
struct SearchTextVersionTests {
  /// Digest of the search text of every item of the local fixtures, for each text version.
  static let pinned: [Int: UInt64] = [1: 3_424_564_446_047_658_927]

  @Test func theSearchTextOfAFixedCorpusMatchesItsVersion() throws {
    var digest = FNV1a()
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixture.directory.path).sorted()
    var items = 0
    for name in files where name.hasSuffix(".xml") || name.hasSuffix(".json") {
      guard let parsed = try? Fixture.parse(name) else { continue }
      for item in parsed.feed.items {
        // The text the index reads from the stored row (`FindingSchema.indexedColumns`); an item with a
        // NUL is stored changed (U+FFFD), so it is left out as the pinned digest always left it.
        let html = item.content ?? item.summary ?? ""
        guard ![item.title, item.author ?? "", html].contains(where: { $0.utf8.contains(0) }) else { continue }
        digest.add(item.title)
        digest.add(html.isEmpty ? "" : PlainText.title(html, kind: .html))
        items += 1
      }
    }
    let html = try FileManager.default.contentsOfDirectory(atPath: Fixture.url("html").path).sorted()
    for name in html {
      digest.add(PlainText.title(try String(contentsOf: Fixture.url("html/\(name)"), encoding: .utf8), kind: .html))
      items += 1
    }
    #expect(items > 20)
    #expect(
      Self.pinned[FindingSchema.textVersion] == digest.value,
      "the search text changed: raise FindingSchema.textVersion and pin \(digest.value) for it")
  }
}

/// FNV-1a, 64 bits: a digest that is the same on every run and machine (Swift's `Hasher` is seeded).
private struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ text: String) {
    for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3  // a separator no UTF-8 byte equals
  }
}
