import Foundation
import Reader
import ReaderUI
import Testing

@testable import splitfeed

/// The one table of settings (`Setting.all`) that the parser applies and the man page prints: every
/// default the page shows is the one the parser uses when the line is absent.
@Suite struct SettingsTableTests {
  /// Each shown default, written back as a config line, parses without a problem into exactly a default
  /// `Config`; a setting without a value to show is unset in a default `Config`.
  @Test func everyDefaultShownIsTheParsersOwn() throws {
    for setting in Setting.all {
      guard let shown = setting.value(Config()) else { continue }
      let (config, problems) = ConfigParser.parse("\(setting.name) \(LineTokenizer.quote(shown))")
      #expect(problems.isEmpty, "\(setting.name) \(shown): \(problems)")
      #expect(config == Config(), "\(setting.name) \(shown) is not the default")
    }
  }

  /// The man page's SETTINGS section has an entry for every line the parser takes, with its default.
  @Test func theManualListsEverySettingWithItsDefault() throws {
    let manual = ManualSectionsCommand.render()
    let settings = try #require(manual.components(separatedBy: ".Sh SETTINGS").last?.components(separatedBy: ".Sh ").first)
    let lines = settings.split(separator: "\n").map(String.init)
    for setting in Setting.all {
      let index = try #require(lines.firstIndex(of: ".It Cm \(setting.name) Ar \(setting.syntax.replacingOccurrences(of: "|", with: "|\\:"))"), "\(setting.name)")
      if let shown = setting.defaultText {
        #expect(lines[index + 1].hasSuffix(" Default: \(shown)."), "\(setting.name): \(lines[index + 1])")
      }
      #expect(ConfigParser.parse("\(setting.name)").problems.first?.message.hasPrefix("unknown setting") != true)
    }
    #expect(ConfigParser.parse("no-such-setting 1").problems.first?.message == "unknown setting \"no-such-setting\"")
    #expect(lines.contains(".It Cm keep-articles-days Ar 0-1000000"))
    #expect(lines.contains { $0.hasPrefix("After each reload, read articles older") && $0.hasSuffix(" Default: 0.") })
  }

  /// The manual's settings table (docs/MANUAL.md), where a row names one setting, shows the same default
  /// as the man page (backticks and parentheses aside): it is written by hand, so this is what keeps it true.
  @Test func theManualShowsTheSameDefaults() throws {
    let rows = try Self.lines(of: "docs/MANUAL.md")
    var checked = 0
    for setting in Setting.all {
      guard let row = rows.first(where: { $0.hasPrefix("| `\(setting.name)` | ") }) else { continue }
      let cell = row.split(separator: "|", omittingEmptySubsequences: false)[2]
      let shown = cell.trimmingCharacters(in: .whitespaces).filter { !"`()".contains($0) }
      #expect(shown == setting.defaultText ?? "", "\(setting.name): the manual says \(shown)")
      checked += 1
    }
    #expect(checked >= 15, "the manual's table is no longer where this test looks")
  }

  /// The manual's `bind-key` row names every action the parser takes, as the man page does (the list
  /// is written by hand there too).
  @Test func theManualsBindKeyRowNamesEveryAction() throws {
    let rows = try Self.lines(of: "docs/MANUAL.md")
    let row = try #require(rows.first { $0.hasPrefix("| `bind-key KEY ACTION` | ") })
    for action in Action.allCases { #expect(row.contains("`\(action.configName)`"), "\(action.configName)") }
  }

  /// The README's first steps show a config; every line of it is read without a problem.
  @Test func theReadmesConfigExampleReads() throws {
    let lines = try Self.lines(of: "README.md")
    let steps = try #require(lines.firstIndex(of: "## First steps"))
    let open = try #require(lines[steps...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" })
    let example = lines[(open + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces) != "```" }
    #expect(example.count >= 4, "the README's example is no longer where this test looks")
    let (config, problems) = ConfigParser.parse(example.joined(separator: "\n") + "\n")
    #expect(problems.isEmpty, "\(problems)")
    #expect(config.ui.reloadInterval == 30 && config.ui.alwaysFullArticle == [.tag("longreads")])
  }

  /// The README's other config examples (actions, highlight, macro) read without a problem: a user
  /// copies them as they are.
  @Test func theReadmesOtherConfigExamplesRead() throws {
    let lines = try Self.lines(of: "README.md")
    var blocks: [[String]] = []
    var current: [String]?
    for line in lines where line.hasPrefix("```") || current != nil {
      if line.hasPrefix("```") {
        if let block = current { blocks.append(block) }
        current = current == nil ? [] : nil
      } else {
        current?.append(line)
      }
    }
    let examples = blocks.filter { $0.first.map { ["action ", "highlight ", "macro "].contains(where: $0.hasPrefix) } == true }
    #expect(examples.count >= 2, "the README's action and highlight examples are no longer where this test looks")
    for example in examples {
      let (_, problems) = ConfigParser.parse(example.joined(separator: "\n") + "\n")
      #expect(problems.isEmpty, "\(example): \(problems)")
    }
  }

  /// The lines of a file of the repository.
  static func lines(of path: String) throws -> [String] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../" + path)
    return try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
