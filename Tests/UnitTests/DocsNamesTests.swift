import Foundation
import Testing

/// The docs that describe the code as it is name its types and members in backticks; a rename that
/// forgets them leaves a newcomer hunting for `nextUnreadRow`. This holds every such name to the code.
/// Every page of docs/ and the README, so a new page is held too; docs/DECISIONS.md is left out: it is
/// history, and names what the code was.
@Suite struct DocsNamesTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    .standardizedFileURL
  static var checkedDocs: [String] {
    let pages = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md"] + pages.filter { $0.hasSuffix(".md") && $0 != "DECISIONS.md" }.sorted().map { "docs/" + $0 }
  }

  /// Names the docs may use that no Swift file of ours declares, each for a reason a reader can check.
  static let outsideNames: Set<String> = [
    "DatabasePool", "DatabaseQueue", "DatabaseFunction",  // GRDB's
    "PgUp", "PgDn",  // key names, as the help writes them
    "xmlInitParser",  // libxml2's
    "firstIndex",  // Swift's own
  ]

  @Test func everyNameTheDocsUseIsDeclared() throws {
    let names = try DocsNames.declared(under: Self.root)
    #expect(names.count > 1_000, "the sources were not found from \(Self.root.path)")
    #expect(Self.checkedDocs.count >= 6, "the docs were not found: \(Self.checkedDocs)")
    for doc in Self.checkedDocs {
      let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
      let missing = DocsNames.undeclared(in: text, declared: names.union(Self.outsideNames))
      #expect(missing.isEmpty, "\(doc) names what the code does not declare: \(missing)")
    }
  }

  /// The check itself fails on a misspelled member, a misspelled type and a renamed function, and
  /// passes what is declared (a type, a member with its argument labels, a file's or a target's name).
  @Test func aMisspelledNameIsCaught() {
    let declared: Set<String> = ["ReadingSession", "toggleRead", "unreadRow", "FilterSQL", "TestSupport"]
    let text = """
      `ReadingSession.toggleReed`, `ReadinSession.toggleRead`, `nextUnreadRow`, and the good ones:
      `ReadingSession.toggleRead`, `unreadRow(from:step:)`, `FilterSQL`, `TestSupport`, `reload-interval`,
      `genfeed.py`, `sf_gif.h`.
      """
    #expect(DocsNames.undeclared(in: text, declared: declared)
      == ["ReadingSession.toggleReed", "ReadinSession.toggleRead", "nextUnreadRow"])
  }
}

/// Reading names out of docs and declarations out of sources, as text: a test helper, not a parser.
enum DocsNames {
  /// Every name declared by a Swift file of the repository (types, members, enum cases), the files'
  /// base names and the package's targets.
  static func declared(under root: URL) throws -> Set<String> {
    var names = Set<String>()
    let declaration = try Regex(#"\b(?:class|struct|enum|protocol|actor|typealias|extension|func|var|let|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
    let caseList = try Regex(#"\bcase\s+([A-Za-z_][A-Za-z0-9_]*(?:\s*,\s*[A-Za-z_][A-Za-z0-9_]*)+)\s*$"#)
      .anchorsMatchLineEndings()
    let target = try Regex(#"name:\s*"([A-Za-z0-9_]+)""#)
    for folder in ["Sources", "Tests", "Fuzz"] {
      let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        let isSwift = url.pathExtension == "swift"
        guard isSwift || url.lastPathComponent == "Package.swift" else { continue }
        names.insert(url.deletingPathExtension().lastPathComponent)
        let text = try String(contentsOf: url, encoding: .utf8)
        for match in text.matches(of: declaration) {
          if let name = match.output[1].substring { names.insert(String(name)) }
        }
        for match in text.matches(of: caseList) {
          guard let list = match.output[1].substring else { continue }
          for name in list.split(separator: ",") { names.insert(name.trimmingCharacters(in: .whitespaces)) }
        }
        if url.lastPathComponent == "Package.swift" {
          for match in text.matches(of: target) {
            if let name = match.output[1].substring { names.insert(String(name)) }
          }
        }
      }
    }
    let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    for match in package.matches(of: target) {
      if let name = match.output[1].substring { names.insert(String(name)) }
    }
    return names
  }

  /// The backticked code names in `text` that `declared` lacks, in order, each once: `Type.member`
  /// (both parts), a lowerCamel name and an UpperCamel one with an inner capital, each optionally
  /// followed by its argument labels. Settings (`reload-interval`), file names with an extension and
  /// single words are not code names and are left alone.
  static func undeclared(in text: String, declared: Set<String>) -> [String] {
    let qualified = try! Regex(#"`([A-Z][A-Za-z0-9]*)\.([a-z][A-Za-z0-9]*)(?:\([^`]*\))?`"#)
    let lowerCamel = try! Regex(#"`([a-z]+[A-Z][A-Za-z0-9]*)(?:\([^`]*\))?`"#)
    let upperCamel = try! Regex(#"`([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)`"#)
    var missing: [(position: String.Index, name: String)] = []
    for match in text.matches(of: qualified) {
      guard let type = match.output[1].substring, let member = match.output[2].substring else { continue }
      if !declared.contains(String(type)) || !declared.contains(String(member)) {
        missing.append((match.range.lowerBound, "\(type).\(member)"))
      }
    }
    for regex in [lowerCamel, upperCamel] {
      for match in text.matches(of: regex) {
        guard let name = match.output[1].substring, !declared.contains(String(name)) else { continue }
        missing.append((match.range.lowerBound, String(name)))
      }
    }
    var seen = Set<String>()
    return missing.sorted { $0.position < $1.position }.map(\.name).filter { seen.insert($0).inserted }
  }
}
