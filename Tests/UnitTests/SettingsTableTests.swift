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
      let index = try #require(lines.firstIndex(of: ".It Cm \(setting.name) Ar \(setting.syntax)"), "\(setting.name)")
      if let shown = setting.defaultText {
        #expect(lines[index + 1].hasSuffix(" Default: \(shown)."), "\(setting.name): \(lines[index + 1])")
      }
      #expect(ConfigParser.parse("\(setting.name)").problems.first?.message.hasPrefix("unknown setting") != true)
    }
    #expect(ConfigParser.parse("no-such-setting 1").problems.first?.message == "unknown setting \"no-such-setting\"")
    #expect(lines.contains(".It Cm keep-articles-days Ar 0-1000000"))
    #expect(lines.contains { $0.hasPrefix("After each reload, read articles older") && $0.hasSuffix(" Default: 0.") })
  }

  /// The README's settings table, where a row names one setting, shows the same default as the man page
  /// (backticks and parentheses aside): it is written by hand, so this is what keeps it true.
  @Test func theReadmeShowsTheSameDefaults() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
    let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").map(String.init)
    var checked = 0
    for setting in Setting.all {
      guard let row = rows.first(where: { $0.hasPrefix("| `\(setting.name)` | ") }) else { continue }
      let cell = row.split(separator: "|", omittingEmptySubsequences: false)[2]
      let shown = cell.trimmingCharacters(in: .whitespaces).filter { !"`()".contains($0) }
      #expect(shown == setting.defaultText ?? "", "\(setting.name): README says \(shown)")
      checked += 1
    }
    #expect(checked >= 15, "the README's table is no longer where this test looks")
  }

  /// The README's `bind-key` row names every action the parser takes, as the man page does (the list
  /// is written by hand there too).
  @Test func theReadmesBindKeyRowNamesEveryAction() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
    let rows = try String(contentsOf: readme, encoding: .utf8).split(separator: "\n").map(String.init)
    let row = try #require(rows.first { $0.hasPrefix("| `bind-key KEY ACTION` | ") })
    for action in Action.allCases { #expect(row.contains("`\(action.configName)`"), "\(action.configName)") }
  }
}
