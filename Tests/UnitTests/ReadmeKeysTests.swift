import Foundation
import Testing

@testable import ReaderUI

/// The key tables are written by hand — the README's at a glance, the manual's in full — while the help
/// overlay is generated from the key map. This keeps both saying the same keys: a key bound without a
/// row, or a row's key bound to nothing, fails.
@Suite struct ReadmeKeysTests {
  @Test(arguments: ["README.md", "docs/MANUAL.md"])
  func theKeyTableNamesExactlyTheBoundKeys(file: String) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../" + file)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "| key | action |"), "\(file)'s key table is not where this test looks")
    let rows = lines[(start + 2)...].prefix { $0.hasPrefix("|") }
    var documented = Set<String>()
    for row in rows {
      // `\|` is the `|` key, escaped in the table's Markdown.
      let keysCell = row.replacing("\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)[1]
      for match in keysCell.matches(of: /`([^`]+)`/) { documented.insert(String(match.output.1).replacing("\u{1}", with: "|")) }
    }
    let bound = Set(KeyMap.standard.bindings.flatMap(\.keys).map(\.description))
    #expect(rows.count >= 20)
    #expect(bound.subtracting(documented).isEmpty, "bound but not in \(file): \(bound.subtracting(documented).sorted())")
    #expect(documented.subtracting(bound).isEmpty, "in \(file) but bound to nothing: \(documented.subtracting(bound).sorted())")
  }
}
