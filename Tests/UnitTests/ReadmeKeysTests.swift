import Foundation
import Testing

@testable import ReaderUI

/// The README's key table is written by hand; the help overlay is generated from the key map. This keeps
/// the two saying the same keys: a key bound without a README row, or a README key bound to nothing, fails.
@Suite struct ReadmeKeysTests {
  @Test func theReadmeKeyTableNamesExactlyTheBoundKeys() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
    let lines = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "| key | action |"), "the README's key table is not where this test looks")
    let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
    var documented = Set<String>()
    for row in rows {
      let keysCell = row.split(separator: "|", omittingEmptySubsequences: false)[1]
      for match in keysCell.matches(of: /`([^`]+)`/) { documented.insert(String(match.output.1)) }
    }
    let bound = Set(KeyMap.standard.bindings.flatMap(\.keys).map(\.description))
    #expect(rows.count >= 20)
    #expect(bound.subtracting(documented).isEmpty, "bound but not in the README: \(bound.subtracting(documented).sorted())")
    #expect(documented.subtracting(bound).isEmpty, "in the README but bound to nothing: \(documented.subtracting(bound).sorted())")
  }
}
