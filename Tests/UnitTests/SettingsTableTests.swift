import Foundation
import Reader
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
}
